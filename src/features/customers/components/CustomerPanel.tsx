/**
 * A customer's status and contact on their details page: the block reason when blocked, the
 * masked email and phone with Reveal (customers:view-pii; every reveal is logged by the server),
 * and Block / Unblock with a required reason (customers:update). Rendered on the server first, so
 * the status and reason read without JavaScript.
 */
import { useId, useState } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog } from '@/components/ui/Dialog.tsx';
import { TextareaField } from '@/components/ui/fields.tsx';
import { flashToast } from '@/components/form/flash-toast.ts';
import { formatIstDateTime } from '@/lib/india/ist.ts';
import { formatIndianMobile } from '@/features/customers/customer-pii.ts';

export interface CustomerPanelProps {
  customer: { id: number; name: string; email: string; phone: string; status: string; blockedReason: string | null; blockedAt: string | null };
  canReveal: boolean;
  canUpdate: boolean;
}

export default function CustomerPanel({ customer, canReveal, canUpdate }: CustomerPanelProps) {
  const [revealed, setRevealed] = useState<{ email: string; phone: string } | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [revealError, setRevealError] = useState('');
  const [dialog, setDialog] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const blocked = customer.status === 'blocked';
  const verb = blocked ? 'Unblock' : 'Block';

  async function reveal() {
    setRevealing(true);
    setRevealError('');
    try {
      const res = await api.post<{ data: { email: string; phone: string } }>(`/api/customers/${customer.id}/reveal`);
      setRevealed({ email: res.data.email, phone: formatIndianMobile(res.data.phone) });
    } catch (e) {
      setRevealError(e instanceof ApiError ? e.message : 'Could not reveal the contact details. Try again.');
    } finally {
      setRevealing(false);
    }
  }

  async function changeStatus() {
    if (!reason.trim()) {
      setErrors(['Enter the reason.']);
      return;
    }
    setSaving(true);
    try {
      const res = await api.post<{ message: string }>(`/api/customers/${customer.id}/${blocked ? 'unblock' : 'block'}`, { reason: reason.trim() });
      flashToast({ severity: 'success', summary: res.message });
      window.location.reload();
    } catch (e) {
      setSaving(false);
      setErrors(e instanceof ApiError ? (e.fieldErrors.reason ?? [e.message]) : ['Could not save. Try again.']);
    }
  }

  return (
    <section className="card mb-6" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold">
          Status and contact
        </h2>
        {canUpdate && (
          <Button variant={blocked ? 'outline' : 'danger'} size="sm" onClick={() => (setReason(''), setErrors([]), setDialog(true))}>
            {verb} customer
          </Button>
        )}
      </div>
      {blocked ? (
        <div
          role="status"
          className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">Blocked{customer.blockedAt ? ` on ${formatIstDateTime(customer.blockedAt)}` : ''}</p>
          <p className="mt-1">Reason: {customer.blockedReason}</p>
        </div>
      ) : (
        <p className="mt-3 text-sm">Active: the customer can sign in to the storefront and order.</p>
      )}
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-surface-500 dark:text-surface-400">Email</dt>
          <dd className="mt-0.5 break-words" data-testid="customer-email">
            {revealed ? revealed.email : customer.email}
          </dd>
        </div>
        <div>
          <dt className="text-surface-500 dark:text-surface-400">Phone</dt>
          <dd className="mt-0.5" data-testid="customer-phone">
            {revealed ? revealed.phone : customer.phone}
          </dd>
        </div>
      </dl>
      {canReveal && !revealed && (
        <div className="mt-3">
          <Button variant="outline" size="sm" loading={revealing} onClick={reveal}>
            Reveal email and phone
          </Button>
          <p className="mt-1 text-xs text-surface-500 dark:text-surface-400">Each reveal is written to the activity log with your name.</p>
          {revealError && (
            <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {revealError}
            </p>
          )}
        </div>
      )}
      <Dialog
        open={dialog}
        onClose={() => !saving && setDialog(false)}
        title={`${verb} ${customer.name}?`}
        description={
          blocked
            ? 'The customer will be able to sign in and order again. Say why; the reason is kept in the activity log.'
            : 'A blocked customer can’t sign in to the storefront or order. Say why; staff see the reason on this page.'
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setDialog(false)} disabled={saving}>
              Cancel
            </Button>
            <Button variant={blocked ? 'primary' : 'danger'} loading={saving} onClick={changeStatus}>
              {verb}
            </Button>
          </>
        }
      >
        <TextareaField
          label="Reason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={errors}
          onChange={(e) => (setReason(e.target.value), setErrors([]))}
        />
      </Dialog>
    </section>
  );
}
