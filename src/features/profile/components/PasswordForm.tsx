/**
 * Update Password. Sent as a multipart form with upload progress, like the profile (spec §7).
 * On success the server signs out the user's other devices; this one stays signed in.
 */
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/fields.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../lib/stores/toast.ts';
import { useApiForm } from './use-api-form.ts';
import { UploadProgress } from './UploadProgress.tsx';
import { FormFailure } from './FormFailure.tsx';

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

export default function PasswordForm({ email, impersonating, csrfToken, initialErrors, initialFailure, initialDone = false }: PasswordFormProps) {
  const { formRef, errors, failure, progress, submitting, send } = useApiForm({ errors: initialErrors, failure: initialFailure });
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState(initialDone);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setDone(false);
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.set(k, v);
    const result = await send<{ message: string }>('/api/user-password', body);
    if (!result) return;
    setValues(EMPTY);
    setDone(true);
    toast({ severity: 'success', summary: 'Success', detail: result.message });
  }

  if (impersonating) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" role="status">
        The password cannot be changed while impersonating. Leave impersonation to change your own password.
      </p>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} method="post" action="/profile/update-password" className="space-y-5" noValidate aria-busy={submitting}>
      <input type="hidden" name="_token" value={csrfToken} />
      <FormFailure message={failure} />
      {done && (
        <p className="rounded-lg bg-green-50 p-3 text-sm text-green-800 dark:bg-green-950 dark:text-green-200" role="status">
          Password updated. Your other devices have been signed out.
        </p>
      )}
      <input type="text" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="Current password"
        name="current_password"
        type="password"
        value={values.current_password}
        onChange={set('current_password')}
        error={errors.current_password}
        required
        autoComplete="current-password"
        maxLength={256}
        disabled={submitting}
      />
      <TextField
        label="New password"
        name="password"
        type="password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        required
        autoComplete="new-password"
        maxLength={256}
        hint="At least 8 characters, with a letter and a digit."
        disabled={submitting}
      />
      <TextField
        label="Confirm the new password"
        name="password_confirmation"
        type="password"
        value={values.password_confirmation}
        onChange={set('password_confirmation')}
        error={errors.password_confirmation}
        required
        autoComplete="new-password"
        maxLength={256}
        disabled={submitting}
      />
      <UploadProgress percent={progress} label="Sending" />
      <div className="flex justify-end">
        <Button type="submit" loading={submitting}>
          Update Password
        </Button>
      </div>
    </form>
  );
}
