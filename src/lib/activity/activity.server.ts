/**
 * The activity log. Every change writes one entry, in the same transaction as the change,
 * with the real user and the impersonated user, the record, the diff, the IP and the user agent.
 */
import type { DbOrTx } from '../db/client.server.ts';
import { activityLogs } from '../db/schema.ts';

export interface Actor {
  /** The person signed in. Null for a guest (a failed sign-in, a reset request). */
  realUserId: number | null;
  /** The user being impersonated, if any. */
  impersonatedUserId: number | null;
  ip: string | null;
  userAgent: string | null;
}

export const SYSTEM_ACTOR: Actor = { realUserId: null, impersonatedUserId: null, ip: null, userAgent: 'system' };

/** Never written to the log, whatever the area. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'password_hash', 'codeHash', 'tokenHash', 'secret']);

export type Changes = Record<string, [unknown, unknown]>;

/** Field-level diff: `{ field: [before, after] }` for every field that changed. */
export function diffRecords(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): Changes {
  const out: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === 'updatedAt' || key === 'version') continue;
    const a = normalise(before?.[key]);
    const b = normalise(after?.[key]);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[key] = SECRET_FIELDS.has(key) ? ['[hidden]', '[hidden]'] : [a ?? null, b ?? null];
  }
  return out;
}

function normalise(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}

export interface ActivityEntry {
  area: string;
  action: string;
  recordId?: string | number | null;
  /** The record's name as people know it (its area's title field: a brand's name), kept with the entry. */
  recordName?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  changes?: Changes;
}

export async function logActivity(db: DbOrTx, actor: Actor, entry: ActivityEntry): Promise<void> {
  await logActivities(db, actor, [entry]);
}

/** Rows per INSERT when logging many changes at once: well under PostgreSQL's 65,535 bound values. */
const ACTIVITY_BATCH = 500;

/** One entry per changed record, inserted in batches: a bulk change over thousands of rows logs each of them in a few statements. */
export async function logActivities(db: DbOrTx, actor: Actor, entries: ActivityEntry[]): Promise<void> {
  const rows = entries.map((entry) => {
    const changes = entry.changes ?? (entry.before || entry.after ? diffRecords(entry.before, entry.after) : undefined);
    return {
      actorId: actor.realUserId,
      impersonatedUserId: actor.impersonatedUserId,
      area: entry.area,
      action: entry.action,
      recordId: entry.recordId == null ? null : String(entry.recordId),
      recordName: entry.recordName ? entry.recordName.slice(0, 300) : null,
      changes: changes && Object.keys(changes).length ? changes : null,
      ip: actor.ip,
      userAgent: actor.userAgent?.slice(0, 512) ?? null,
    };
  });
  for (let i = 0; i < rows.length; i += ACTIVITY_BATCH) await db.insert(activityLogs).values(rows.slice(i, i + ACTIVITY_BATCH));
}
