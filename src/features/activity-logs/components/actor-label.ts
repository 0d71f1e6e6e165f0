import type { Row } from '@/components/data-table/DataTable.tsx';

/** Who made a change: the user's name, or why there is none (a deleted user, the system, a guest's failed sign-in). */
export function actorLabel(row: Row): string {
  if (row.actor_name) return String(row.actor_name);
  return row.actor_id ? `User #${row.actor_id} (deleted)` : 'System or guest';
}
