/**
 * The signed-in user's sessions (devices), with "Sign out" for each other one.
 * The page renders the list; signing out asks for confirmation through the shell's dialog.
 */
import { useState } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import { askConfirm } from '@/lib/stores/confirm.ts';
import { toast } from '@/lib/stores/toast.ts';
import { Button } from '@/components/ui/Button.tsx';

export interface SessionItem {
  id: string;
  device: string;
  ip: string | null;
  createdLabel: string;
  lastSeenLabel: string;
  current: boolean;
}

export default function SessionsList({ initial }: { initial: SessionItem[] }) {
  const [sessions, setSessions] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);

  function signOut(session: SessionItem) {
    askConfirm({
      title: 'Sign out this device?',
      message: `${session.device}${session.ip ? ` (${session.ip})` : ''} will be signed out and will have to sign in again.`,
      confirmLabel: 'Sign out',
      cancelLabel: 'Cancel',
      danger: true,
      onConfirm: async () => {
        setBusy(session.id);
        try {
          const result = await api.delete<{ message: string }>(`/api/user/sessions/${encodeURIComponent(session.id)}`);
          setSessions((list) => list.filter((s) => s.id !== session.id));
          toast({ severity: 'success', summary: 'Success', detail: result.message });
        } catch (e) {
          if (e instanceof ApiError && e.status === 404) setSessions((list) => list.filter((s) => s.id !== session.id));
          toast({ severity: 'error', summary: 'Error', detail: e instanceof Error ? e.message : 'The session could not be signed out.' });
        } finally {
          setBusy(null);
        }
      },
    });
  }

  return (
    <ul className="divide-y divide-surface-200 dark:divide-surface-800">
      {sessions.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4 first:pt-0 last:pb-0">
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              {s.device}
              {s.current && (
                <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900 dark:text-green-100">
                  This device
                </span>
              )}
            </p>
            <p className="text-sm text-surface-600 dark:text-surface-400">
              {s.ip ? `${s.ip} · ` : ''}Last active {s.lastSeenLabel}
            </p>
            <p className="text-xs text-surface-500 dark:text-surface-400">Signed in {s.createdLabel}</p>
          </div>
          {!s.current && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => signOut(s)}
              loading={busy === s.id}
              aria-label={`Sign out ${s.device}, last active ${s.lastSeenLabel}`}
            >
              Sign out
            </Button>
          )}
        </li>
      ))}
      {sessions.length === 1 && <li className="pt-4 text-sm text-surface-600 dark:text-surface-400">You are not signed in on any other device.</li>}
    </ul>
  );
}
