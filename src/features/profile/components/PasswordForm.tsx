/**
 * Update Password, on the one form mechanism (decision 023): checked with passwordChangeSchema
 * before sending, sent as a multipart form with progress like the profile (spec §7).
 * On success the server signs out the user's other devices; this one stays signed in.
 */
import { useState, type FormEvent } from 'react';
import { FormAlert, TextField } from '@/components/ui/fields.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { toast } from '@/lib/stores/toast.ts';
import { lazySchema, useFormSubmission } from '@/components/form/use-form-submission.ts';
import { UploadProgress } from './UploadProgress.tsx';

export interface PasswordFormProps {
  /** For password managers: the account the new password belongs to. */
  email: string;
  impersonating: boolean;
  /** The hidden `_token` field: before hydration (or without JavaScript) the form posts to the page. */
  csrfToken: string;
  /** Errors of a post the page handled without JavaScript. */
  initialErrors?: Record<string, string[]>;
  initialFailure?: string | null;
  /** The page handled a successful post without JavaScript. */
  initialDone?: boolean;
}

const EMPTY = { current_password: '', password: '', password_confirmation: '' };
const passwordChangeSchema = lazySchema(async () => (await import('@/features/profile/profile.schema.ts')).passwordChangeSchema);

export default function PasswordForm({ email, impersonating, csrfToken, initialErrors, initialFailure, initialDone = false }: PasswordFormProps) {
  const form = useFormSubmission({ errors: initialErrors, message: initialFailure });
  const { errors, progress, submitting } = form;
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState(initialDone);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setDone(false);
    if (await form.check(passwordChangeSchema, values)) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.set(k, v);
    const result = await form.send<{ message: string }>('/api/user-password', { body, upload: true });
    if (!result.ok) return form.showRefusal(result.error);
    form.reset();
    setValues(EMPTY);
    setDone(true);
    toast({ severity: 'success', summary: 'Success', detail: result.data.message });
  }

  const passwordField = (name: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      required
      autoComplete={autoComplete}
      maxLength={256}
      hint={hint}
      disabled={submitting}
    />
  );

  if (impersonating) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" role="status">
        The password cannot be changed while impersonating. Leave impersonation to change your own password.
      </p>
    );
  }

  return (
    <form
      ref={form.formRef}
      onSubmit={submit}
      onFocus={() => void passwordChangeSchema().catch(() => undefined)}
      method="post"
      action="/profile/update-password"
      className="space-y-5"
      noValidate
      aria-busy={submitting}
    >
      <input type="hidden" name="_token" value={csrfToken} />
      <FormAlert message={form.message} />
      {done && <FormAlert tone="success" message="Password updated. Your other devices have been signed out." />}
      <input type="text" autoComplete="username" value={email} readOnly hidden />
      {passwordField('current_password', 'Current password', 'current-password')}
      {passwordField('password', 'New password', 'new-password', 'At least 8 characters, with a letter and a digit.')}
      {passwordField('password_confirmation', 'Confirm the new password', 'new-password')}
      <UploadProgress percent={progress} label="Sending" />
      <div className="flex justify-end">
        <Button type="submit" loading={submitting}>
          Update Password
        </Button>
      </div>
    </form>
  );
}
