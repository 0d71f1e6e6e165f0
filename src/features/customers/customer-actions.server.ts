/**
 * What staff do to one customer beyond the form: reveal the email and phone (customers:view-pii,
 * written to the activity log), block and unblock with a reason (customers:update, logged).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { conflict, notFound } from '@/lib/http/errors.ts';
import { customers } from './customer.tables.ts';
import { formatIndianMobile } from './customer-pii.ts';

async function lockedCustomer(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).limit(1).for('update');
  if (!row) throw notFound('Customer not found.');
  return row;
}

/**
 * The customer's real email and phone, and an activity entry saying who saw them (`reveal`;
 * `purpose` is why: the details page's Reveal, or opening the edit form).
 */
export async function revealCustomer(db: Db, actor: Actor, id: number, purpose: 'reveal' | 'edit' = 'reveal') {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
      .from(customers)
      .where(eq(customers.id, id))
      .limit(1);
    if (!row) throw notFound('Customer not found.');
    await logActivity(tx, actor, {
      area: 'customers',
      action: 'reveal',
      recordId: id,
      recordName: row.name,
      changes: { revealed: [null, purpose === 'edit' ? 'email and phone (edit form)' : 'email and phone'] },
    });
    return { id: row.id, email: row.email, phone: row.phone, phone_display: formatIndianMobile(row.phone) };
  });
}

/** Blocks an active customer (409 when already blocked); the reason is kept and shown on the details page. */
export async function blockCustomer(db: Db, actor: Actor, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const row = await lockedCustomer(tx, id);
    if (row.status === 'blocked') throw conflict(`${row.name} is already blocked.`);
    const at = new Date();
    await tx
      .update(customers)
      .set({ status: 'blocked', blockedReason: reason, blockedAt: at, updatedAt: at, version: sql`${customers.version} + 1` })
      .where(eq(customers.id, id));
    await logActivity(tx, actor, {
      area: 'customers',
      action: 'block',
      recordId: id,
      recordName: row.name,
      changes: { status: [row.status, 'blocked'], reason: [null, reason] },
    });
    return { id, status: 'blocked', blocked_reason: reason, blocked_at: at.toISOString() };
  });
}

/** Unblocks a blocked customer (409 when not blocked); the reason goes to the activity log. */
export async function unblockCustomer(db: Db, actor: Actor, id: number, reason: string) {
  return db.transaction(async (tx) => {
    const row = await lockedCustomer(tx, id);
    if (row.status !== 'blocked') throw conflict(`${row.name} is not blocked.`);
    await tx
      .update(customers)
      .set({ status: 'active', blockedReason: null, blockedAt: null, updatedAt: new Date(), version: sql`${customers.version} + 1` })
      .where(eq(customers.id, id));
    await logActivity(tx, actor, {
      area: 'customers',
      action: 'unblock',
      recordId: id,
      recordName: row.name,
      changes: { status: ['blocked', 'active'], reason: [row.blockedReason, reason] },
    });
    return { id, status: 'active' };
  });
}
