/**
 * Staff adjustments (issue 18 §2, `accountings:earning-adjust`): the ledger's only correction is a
 * new entry, credit or debit, with a reason, optionally naming the sub-order it corrects; payable at
 * once. One transaction with its activity entry; the balances follow through the ledger's trigger.
 */
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { vendors } from '@/lib/db/schema.ts';
import { invalid } from '@/lib/http/errors.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { paiseSchema } from '@/lib/money/paise.schema.ts';
import { recordId } from '@/lib/http/integers.ts';
import { now } from '@/lib/time/clock.server.ts';
import { subOrders } from '@/features/orders/orders.tables.ts';
import { payableNow } from './earnings-math.ts';
import { appendEntries } from './ledger.server.ts';

export const ADJUSTMENT_DIRECTIONS = [
  { value: 'credit', label: 'Credit the vendor (they get more)' },
  { value: 'debit', label: 'Debit the vendor (they get less)' },
] as const;

export const adjustmentSchema = z.strictObject({
  vendor_id: recordId('Choose the vendor.'),
  direction: z.enum(['credit', 'debit'], { error: 'Choose credit or debit.' }),
  /** Rupees from the form, paise from the API. */
  amount: paiseSchema().refine((p) => p > 0, 'Enter an amount above ₹ 0.00.'),
  reason: z.string('Say why.').trim().min(1, 'Say why: the vendor sees it on their statement.').max(500, 'At most 500 characters.'),
  order_number: z
    .string()
    .trim()
    .max(40, 'At most 40 characters.')
    .optional()
    .transform((v) => v || undefined),
});
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

export async function addAdjustment(db: Db, actor: Actor, author: { id: number; name: string }, input: AdjustmentInput) {
  return db.transaction(async (tx) => {
    const [vendor] = await tx.select({ id: vendors.id, name: vendors.storeName }).from(vendors).where(eq(vendors.id, input.vendor_id)).limit(1);
    if (!vendor) throw invalid({ vendor_id: ['Choose a vendor from the list.'] });
    let sub: { id: number; orderId: number; number: string } | undefined;
    if (input.order_number) {
      [sub] = await tx
        .select({ id: subOrders.id, orderId: subOrders.orderId, number: subOrders.number, vendorId: subOrders.vendorId })
        .from(subOrders)
        .where(eq(subOrders.number, input.order_number.toUpperCase()))
        .limit(1)
        .then((rows) => rows.filter((r) => r.vendorId === vendor.id));
      if (!sub) throw invalid({ order_number: [`${input.order_number} is not a sub-order of this vendor (e.g. OD-2026-000123-1).`] });
    }
    const at = now();
    const amountPaise = input.direction === 'credit' ? input.amount : -input.amount;
    const [id] = await appendEntries(tx, [
      {
        vendorId: vendor.id,
        type: 'adjustment',
        amountPaise,
        payableAt: payableNow(at),
        createdAt: at,
        orderId: sub?.orderId ?? null,
        subOrderId: sub?.id ?? null,
        orderNumber: sub?.number ?? null,
        note: input.reason,
        actorUserId: author.id,
        actorName: author.name,
      },
    ]);
    await logActivity(tx, actor, {
      area: 'earnings',
      action: 'adjustment',
      recordId: id!,
      recordName: `${vendor.name ?? `Vendor #${vendor.id}`}: adjustment`,
      after: { vendor_id: vendor.id, amount_paise: amountPaise, reason: input.reason, order_number: sub?.number ?? null },
    });
    return { id: id!, vendor_id: vendor.id, amount_paise: amountPaise, reason: input.reason, order_number: sub?.number ?? null };
  });
}
