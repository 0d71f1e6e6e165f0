/**
 * The users list: the shared DataTable with the users' row actions — Impersonate (the existing
 * rules, POST /api/impersonate/{id}), Permissions (→ /user/permissions/{id}), Resend invitation
 * (while one is pending) and Sign out everywhere, each confirmed first. Users are never deleted,
 * so the table offers no delete.
 */
import DataTable, { type DataTableProps, type Row } from '@/components/data-table/DataTable.tsx';
import { buttonClass } from '@/components/ui/styles.ts';
import { api, ApiError } from '@/lib/http/client.ts';
import { askConfirm } from '@/lib/stores/confirm.ts';
import { toast } from '@/lib/stores/toast.ts';

export interface UsersTableProps extends DataTableProps {
  /** The viewer holds users:impersonate. */
  canImpersonate: boolean;
  /** The viewer may open a user's permissions (rbac:update). */
  canGrant: boolean;
  /** The viewer's own id: no impersonating or signing out oneself from here. */
  selfId: number;
}

const fail = (e: unknown) =>
  toast({ severity: 'error', summary: 'Not done', detail: e instanceof ApiError ? e.message : 'Something went wrong. Try again.', life: 8000 });

export default function UsersTable({ canImpersonate, canGrant, selfId, ...props }: UsersTableProps) {
  const canUpdate = props.abilities.update;
  const action = (label: string, row: Row, onClick: () => void) => (
    <button type="button" className={buttonClass('ghost', 'sm')} aria-label={`${label}: ${String(row.name)}`} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <DataTable
      {...props}
      abilities={{ ...props.abilities, delete: false }}
      renderCell={{
        name: (r) => (
          <span className="whitespace-nowrap">
            {canUpdate ? (
              <a className="font-medium text-primary underline-offset-2 hover:underline" href={`/users/${r.id}/edit`}>
                {String(r.name)}
              </a>
            ) : (
              String(r.name)
            )}
            {r.invitation_pending === true && <span className="ml-2 text-xs text-surface-500">Invited</span>}
          </span>
        ),
        role_names: (r) => <>{String(r.role_names || '—')}</>,
      }}
      rowActions={(r) => (
        <>
          {canImpersonate &&
            r.id !== selfId &&
            r.status === 'active' &&
            action('Impersonate', r, () =>
              askConfirm({
                title: `Impersonate ${String(r.name)}?`,
                message: 'You will see and do what they can, until you leave impersonation. Everything is logged as you, acting as them.',
                confirmLabel: 'Impersonate',
                cancelLabel: 'Cancel',
                onConfirm: async () => {
                  try {
                    await api.post(`/api/impersonate/${r.id}`);
                    window.location.assign('/dashboard');
                  } catch (e) {
                    fail(e);
                  }
                },
              }),
            )}
          {canGrant && (
            <a className={buttonClass('ghost', 'sm')} href={`/user/permissions/${r.id}`} aria-label={`Permissions: ${String(r.name)}`}>
              Permissions
            </a>
          )}
          {canUpdate &&
            r.invitation_pending === true &&
            r.status === 'active' &&
            action('Resend invitation', r, () =>
              askConfirm({
                title: `Send ${String(r.name)} a new invitation?`,
                message: `A new link to set a password goes to ${String(r.email)}. Links sent before stop working.`,
                confirmLabel: 'Send',
                cancelLabel: 'Cancel',
                onConfirm: async () => {
                  try {
                    const { message } = await api.post<{ message: string }>(`/api/users/${r.id}/resend-invitation`);
                    toast({ severity: 'success', summary: 'Invitation sent', detail: message });
                  } catch (e) {
                    fail(e);
                  }
                },
              }),
            )}
          {canUpdate &&
            action('Sign out everywhere', r, () =>
              askConfirm({
                title: `Sign ${String(r.name)} out everywhere?`,
                message: 'Every session of this user ends now, on every device and server. They can sign in again.',
                confirmLabel: 'Sign out everywhere',
                cancelLabel: 'Cancel',
                danger: true,
                onConfirm: async () => {
                  try {
                    const { message } = await api.post<{ message: string }>(`/api/users/${r.id}/sign-out-everywhere`);
                    toast({ severity: 'success', summary: 'Signed out', detail: message });
                  } catch (e) {
                    fail(e);
                  }
                },
              }),
            )}
        </>
      )}
    />
  );
}
