/**
 * "Reset two-factor" on a user's edit page: for a staff user locked out of two-factor sign-in
 * (lost phone and recovery codes). Confirmed first; POST /api/users/{id}/reset-two-factor does
 * the rest (decision 033). Shown only to users:update, never on one's own page; the server
 * checks both again, and refuses a user holding permissions the viewer lacks.
 */
import { useState } from 'react';
import { buttonClass } from '@/components/ui/styles.ts';
import { api, ApiError } from '@/lib/http/client.ts';
import { askConfirm } from '@/lib/stores/confirm.ts';
import { toast } from '@/lib/stores/toast.ts';

export interface ResetTwoFactorProps {
  userId: number;
  name: string;
  /** Two-factor sign-in is on (or being set up) for this user. */
  enabled: boolean;
  /** Why the viewer may not reset it (the user holds permissions the viewer lacks): said instead of the button. */
  refusal?: string;
}

export default function ResetTwoFactor({ userId, name, enabled, refusal }: ResetTwoFactorProps) {
  const [on, setOn] = useState(enabled);
  const [busy, setBusy] = useState(false);
  const reset = () =>
    askConfirm({
      title: `Reset ${name}’s two-factor sign-in?`,
      message:
        'Two-factor sign-in is turned off and their recovery codes are deleted. They are signed out everywhere and mailed a notice; they sign in with their password and set it up again.',
      confirmLabel: 'Reset two-factor',
      cancelLabel: 'Cancel',
      danger: true,
      onConfirm: async () => {
        setBusy(true);
        try {
          const { message } = await api.post<{ message: string }>(`/api/users/${userId}/reset-two-factor`);
          setOn(false);
          toast({ severity: 'success', summary: 'Two-factor reset', detail: message });
        } catch (e) {
          toast({ severity: 'error', summary: 'Not reset', detail: e instanceof ApiError ? e.message : 'Something went wrong. Try again.', life: 8000 });
        } finally {
          setBusy(false);
        }
      },
    });
  return (
    <section aria-labelledby="two-factor-heading" className="card mt-6">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-sm text-surface-600 dark:text-surface-300" data-testid="two-factor-state">
        {on
          ? `On. If ${name} lost their phone and their recovery codes, reset it: they sign in with their password and set it up again.`
          : `Off. ${name} can set it up from their profile.`}
      </p>
      {on && refusal && <p className="mt-2 text-sm text-surface-600 dark:text-surface-300">{refusal}</p>}
      {on && !refusal && (
        <button type="button" className={buttonClass('danger', 'md', 'mt-3')} onClick={reset} disabled={busy}>
          Reset two-factor
        </button>
      )}
    </section>
  );
}
