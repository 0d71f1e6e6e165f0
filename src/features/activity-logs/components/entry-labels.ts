import type { Row } from '@/components/data-table/DataTable.tsx';

/** Who made a change: the user's name, or why there is none (a deleted user, the system, a guest's failed sign-in). */
export function actorLabel(row: Row): string {
  if (row.actor_name) return String(row.actor_name);
  return row.actor_id ? `User #${row.actor_id} (deleted)` : 'System or guest';
}

/** The entry's record as the server described it ("Brand Indigo Loom"), or its area and id. */
export function recordLabel(row: Row): string {
  if (row.record_label) return String(row.record_label);
  return row.record_id ? `${String(row.area)} #${String(row.record_id)}` : String(row.area);
}

/** A diff field as the form labels it (the server's `field_labels`), or its stored name. */
export function fieldLabel(row: Row, field: string): string {
  const labels = (row.field_labels ?? {}) as Record<string, unknown>;
  return typeof labels[field] === 'string' ? labels[field] : field;
}
