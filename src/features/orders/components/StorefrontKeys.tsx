/**
 * The "Storefront API keys" screen (global settings): the keys with their scopes, limit and last
 * use; a form to create one, whose secret is shown once, here, and never again; Revoke, confirmed.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { CheckboxField, FormAlert, TextField } from '@/components/ui/fields.tsx';
import { lazySchema, useFormSubmission } from '@/components/form/use-form-submission.ts';
import { api, ApiError } from '@/lib/http/client.ts';
import { askConfirm } from '@/lib/stores/confirm.ts';
import { toast } from '@/lib/stores/toast.ts';
import { formatIstDateTime } from '@/lib/india/ist.ts';

export interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  rate_limit_per_minute: number;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
  status: string;
}

const schema = lazySchema(async () => (await import('@/features/orders/order.schema.ts')).apiKeyInputSchema);
const cell = 'px-3 py-2 align-top';

export default function StorefrontKeys({ initial }: { initial: KeyRow[] }) {
  const [keys, setKeys] = useState(initial);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['read-catalogue', 'write-orders']);
  const [limit, setLimit] = useState('600');
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const form = useFormSubmission();

  const reload = async () => setKeys((await api.get<{ data: KeyRow[] }>('/api/storefront-api-keys')).data);
  const toggle = (scope: string, on: boolean) => setScopes((s) => (on ? [...new Set([...s, scope])] : s.filter((x) => x !== scope)));

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { name, scopes, rate_limit_per_minute: limit };
    if (await form.check(schema, body)) return;
    const sent = await form.send<{ data: KeyRow & { secret: string } }>('/api/storefront-api-keys', { body });
    if (!sent.ok) return form.showRefusal(sent.error);
    setSecret({ name: sent.data.data.name, value: sent.data.data.secret });
    setName('');
    await reload();
  };

  const revoke = (k: KeyRow) =>
    askConfirm({
      title: `Revoke “${k.name}”?`,
      message: 'Storefronts using this key are refused from their next request. This can’t be undone: create a new key instead.',
      confirmLabel: 'Revoke',
      danger: true,
      onConfirm: async () => {
        try {
          await api.post(`/api/storefront-api-keys/${k.id}/revoke`);
          toast({ severity: 'success', summary: 'Key revoked', detail: k.name });
        } catch (e) {
          toast({ severity: 'error', summary: 'Not revoked', detail: e instanceof ApiError ? e.message : 'Try again.' });
        }
        await reload();
      },
    });

  return (
    <div className="space-y-6">
      {secret && (
        <div className="card border-2 border-primary" role="status">
          <p className="font-semibold">Copy the key for “{secret.name}” now: it is shown only once.</p>
          <code className="mt-2 block break-all rounded bg-surface-100 p-3 text-sm dark:bg-surface-800" data-testid="new-key-secret">
            {secret.value}
          </code>
          <p className="mt-2 text-sm">
            Send it as <code>Authorization: Bearer …</code> on every storefront API request.
          </p>
        </div>
      )}
      <div className="card overflow-x-auto">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Storefront API keys</caption>
          <thead>
            <tr className="border-b border-surface-200 text-left dark:border-surface-700">
              <th scope="col" className={cell}>
                Name
              </th>
              <th scope="col" className={cell}>
                Key
              </th>
              <th scope="col" className={cell}>
                Scopes
              </th>
              <th scope="col" className={cell}>
                Limit
              </th>
              <th scope="col" className={cell}>
                Last used
              </th>
              <th scope="col" className={cell}>
                Status
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.length === 0 && (
              <tr>
                <td className={cell} colSpan={7}>
                  No keys yet. Create one for each storefront below.
                </td>
              </tr>
            )}
            {keys.map((k) => (
              <tr key={k.id} className="border-b border-surface-100 dark:border-surface-800">
                <td className={cell}>{k.name}</td>
                <td className={cell}>
                  <code>{k.prefix}…</code>
                </td>
                <td className={cell}>{k.scopes.join(', ')}</td>
                <td className={cell}>{k.rate_limit_per_minute.toLocaleString('en-IN')}/min</td>
                <td className={cell}>{k.last_used_at ? formatIstDateTime(k.last_used_at) : 'Never'}</td>
                <td className={cell}>{k.revoked_at ? `Revoked ${formatIstDateTime(k.revoked_at)}` : 'Active'}</td>
                <td className={cell}>
                  {!k.revoked_at && (
                    <Button size="sm" variant="danger" onClick={() => revoke(k)}>
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form ref={form.formRef} noValidate onSubmit={create} className="card max-w-xl space-y-4">
        <h2 className="text-base font-semibold">Create a key</h2>
        {form.message && <FormAlert>{form.message}</FormAlert>}
        <TextField
          id="key-name"
          label="Name"
          hint="The storefront that will use it (e.g. Web shop)."
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={form.errors.name}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Scopes</legend>
          <CheckboxField
            id="scope-read"
            label="Read catalogue"
            checked={scopes.includes('read-catalogue')}
            onChange={(e) => toggle('read-catalogue', e.target.checked)}
          />
          <CheckboxField
            id="scope-write"
            label="Write orders (customers, orders, cancel and return requests)"
            checked={scopes.includes('write-orders')}
            onChange={(e) => toggle('write-orders', e.target.checked)}
            error={form.errors.scopes}
          />
        </fieldset>
        <TextField
          id="key-limit"
          label="Requests a minute"
          inputMode="numeric"
          required
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          error={form.errors.rate_limit_per_minute}
        />
        <Button type="submit" loading={form.submitting}>
          Create key
        </Button>
      </form>
    </div>
  );
}
