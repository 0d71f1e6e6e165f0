/**
 * Payouts on the server (issue 18 §3, docs/money.md "Payouts", decisions 052–053): making one (the
 * cycle's job, the vendor's Quick Withdraw, staff), and every step after, each one transaction with
 * its ledger entries, its timeline event and its activity entry.
 *
 * Making a payout locks the vendor's kept balance row (`vendor_balances … FOR UPDATE`): two at once
 * for one vendor run one after the other, and the second finds the entries already settled. The
 * gathered entries get `payout_id` (write-once: the ledger's trigger), and the payout's own `payout`
 * entry (−amount, settled by the payout itself) takes the money out of the payable balance. A step
 * that gives the money back (reject, fail, return) writes a `payout` entry of +amount, unsettled and
 * payable at once: the next payout gathers it. A step is a compare-and-set on the status (and the
 * version when the caller sends it): of two approvals at once, one wins and the other is a 409.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../lib/db/client.server.ts';
import { vendors } from '../../lib/db/schema.ts';
import { conflict, forbidden, HttpError, invalid, notFound } from '../../lib/http/errors.ts';
import { logActivity, type Actor } from '../../lib/activity/activity.server.ts';
import { notifyVendor } from '../../lib/notifications/notify.server.ts';
import { formatPaise } from '../../lib/money/paise.ts';
import { istDate, istDayStart } from '../../lib/india/ist.ts';
import { now } from '../../lib/time/clock.server.ts';
import { vendorKyc } from '../../features/vendors/vendors.tables.ts';
import { earningEntries, vendorBalances } from '../../features/earnings/earnings.tables.ts';
import { appendEntries } from '../../features/earnings/ledger.server.ts';
import { payableNow } from '../../features/earnings/earnings-math.ts';
import { payoutEvents, payouts, type PayoutSource } from '../../features/payouts/payouts.tables.ts';
import { PAYOUT_STEPS, payoutStatusLabel, refusalOf, type PayoutAction } from '../../features/payouts/payout-rules.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** Who takes a step: a person (id and name kept on the payout), or the payout cycle's job (null id). */
export interface PayoutPerson {
  id: number | null;
  name: string;
  userType: 'staff' | 'vendor' | 'system';
}

/** The vendor and its verified bank account (KYC approved with the store): the only account a payout goes to. */
async function verifiedAccount(tx: DbOrTx, vendorId: number) {
  const [row] = await tx
    .select({
      id: vendors.id,
      name: vendors.storeName,
      status: vendors.status,
      holder: vendorKyc.accountHolderName,
      cipher: vendorKyc.bankAccountCipher,
      last4: vendorKyc.bankAccountLast4,
      ifsc: vendorKyc.ifsc,
    })
    .from(vendors)
    .leftJoin(vendorKyc, eq(vendorKyc.vendorId, vendors.id))
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row;
}

export interface NewPayout {
  vendorId: number;
  /** Entries payable at or before this instant are gathered. */
  upTo: Date;
  source: PayoutSource;
  cycle?: string;
  cycleOn?: string;
  /** The least amount worth paying (Quick Withdraw's minimum); any amount above ₹ 0 otherwise. */
  minimumPaise?: number;
}

/** What refuses a payout before anything is written (the job skips such a vendor quietly). */
export class NothingToPay extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * Makes a payout in the caller's transaction: the vendor's unsettled entries payable by `upTo`
 * (after locking the vendor's balance row), the payout with the bank account snapshot, the entries
 * marked, its `payout` entry, its first event and the activity entry.
 */
export async function createPayoutIn(tx: Tx, actor: Actor, by: PayoutPerson, input: NewPayout): Promise<PayoutRow> {
  const vendor = await verifiedAccount(tx, input.vendorId);
  if (!vendor) throw invalid({ vendor_id: ['Choose a vendor from the list.'] });
  if (vendor.status !== 'active') throw conflict(`${vendor.name ?? 'This vendor'} is ${vendor.status}: only an active vendor is paid out.`);
  if (!vendor.cipher || !vendor.ifsc || !vendor.last4) throw conflict(`${vendor.name ?? 'This vendor'} has no verified bank account on file (KYC).`);
  // One payout at a time per vendor: the second waits here, then finds the entries settled.
  await tx.select({ v: vendorBalances.vendorId }).from(vendorBalances).where(eq(vendorBalances.vendorId, input.vendorId)).for('update');
  const at = now();
  const upTo = input.upTo > at ? payableNow(at) : input.upTo;
  const entries = await tx
    .select({ id: earningEntries.id, amount: earningEntries.amountPaise })
    .from(earningEntries)
    .where(and(eq(earningEntries.vendorId, input.vendorId), isNull(earningEntries.payoutId), lte(earningEntries.payableAt, upTo)))
    .orderBy(asc(earningEntries.id));
  const amount = entries.reduce((s, e) => s + Number(e.amount), 0);
  const minimum = Math.max(1, input.minimumPaise ?? 1);
  if (amount < minimum) {
    throw new NothingToPay(
      amount <= 0
        ? 'There is nothing payable to pay out.'
        : `The payable balance, ${formatPaise(amount)}, is below the minimum payout of ${formatPaise(minimum)}.`,
    );
  }
  const [payout] = await tx
    .insert(payouts)
    .values({
      vendorId: input.vendorId,
      amountPaise: amount,
      upTo,
      status: 'requested',
      source: input.source,
      cycle: input.cycle ?? null,
      cycleOn: input.cycleOn ?? null,
      entriesCount: entries.length,
      accountHolderName: vendor.holder?.trim() || vendor.name || `Vendor #${vendor.id}`,
      bankAccountCipher: vendor.cipher,
      bankAccountLast4: vendor.last4,
      ifsc: vendor.ifsc,
      createdByUserId: by.id,
      createdByName: by.name,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  // Write-once on the ledger (its trigger refuses anything else); `payout_id is null` again: no entry in two payouts.
  const marked = await tx
    .update(earningEntries)
    .set({ payoutId: payout!.id })
    .where(
      and(
        inArray(
          earningEntries.id,
          entries.map((e) => e.id),
        ),
        isNull(earningEntries.payoutId),
      ),
    )
    .returning({ id: earningEntries.id });
  if (marked.length !== entries.length) throw conflict('Some of these entries were just paid out by another payout. Try again.');
  await appendEntries(tx, [
    {
      vendorId: input.vendorId,
      type: 'payout',
      amountPaise: -amount,
      payableAt: payableNow(at),
      createdAt: at,
      note: `Payout ${payout!.number}`,
      actorUserId: by.id,
      actorName: by.name,
      payoutId: payout!.id,
    },
  ]);
  const sourceNote =
    input.source === 'schedule' ? `Payout cycle (${input.cycle}, ${input.cycleOn})` : input.source === 'withdraw' ? 'Quick Withdraw' : 'Created by staff';
  await tx.insert(payoutEvents).values({
    payoutId: payout!.id,
    fromStatus: null,
    toStatus: 'requested',
    note: `${sourceNote}: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} payable by ${istDate(upTo)}, ${formatPaise(amount)}.`,
    actorUserId: by.id,
    actorName: by.name,
    at,
  });
  await logActivity(tx, actor, {
    area: 'payouts',
    action: 'create',
    recordId: payout!.id,
    recordName: payout!.number,
    after: { vendor_id: input.vendorId, amount_paise: amount, source: input.source, entries: entries.length, up_to: upTo.toISOString() },
  });
  return payout!;
}

export async function createPayout(db: Db, actor: Actor, by: PayoutPerson, input: NewPayout): Promise<PayoutRow> {
  return db.transaction((tx) => createPayoutIn(tx, actor, by, input));
}

export interface StepInput {
  version?: number | undefined;
  reason?: string | undefined;
  utr?: string | undefined;
  paid_on?: string | undefined;
  batchRef?: string | undefined;
}

/** Who may take which step: staff only, with accountings:payouts-approve (approve, reject) or accountings:payouts-pay (the rest). */
export const STEP_PERMISSION: Record<PayoutAction, 'accountings:payouts-approve' | 'accountings:payouts-pay'> = {
  approve: 'accountings:payouts-approve',
  reject: 'accountings:payouts-approve',
  process: 'accountings:payouts-pay',
  pay: 'accountings:payouts-pay',
  fail: 'accountings:payouts-pay',
  return: 'accountings:payouts-pay',
};

/** One step of a payout in the caller's transaction; answers the payout after it. */
export async function stepPayoutIn(tx: Tx, actor: Actor, by: PayoutPerson, id: number, action: PayoutAction, input: StepInput): Promise<PayoutRow> {
  if (by.userType === 'vendor') throw forbidden('A vendor can’t approve, send or settle payouts: the marketplace’s staff do.');
  const step = PAYOUT_STEPS[action];
  const [current] = await tx.select().from(payouts).where(eq(payouts.id, id)).limit(1).for('update');
  if (!current) throw notFound('No such payout.');
  if (input.version !== undefined && input.version !== current.version) {
    throw conflict(`Payout ${current.number} was changed by someone else (it is now ${payoutStatusLabel(current.status).toLowerCase()}). Reload it.`);
  }
  const refusal = refusalOf(action, current.status);
  if (refusal) throw conflict(refusal);
  if (action === 'approve' && by.id !== null && current.createdByUserId === by.id) {
    throw forbidden('You created this payout: someone else must approve it.');
  }
  const reason = input.reason?.trim();
  if (step.needsReason && !reason) throw invalid({ reason: ['Say why: the vendor reads it.'] });
  const at = now();
  let paidOn: string | null = null;
  if (action === 'pay') {
    const [vendor] = await tx.select({ status: vendors.status, name: vendors.storeName }).from(vendors).where(eq(vendors.id, current.vendorId)).limit(1);
    if (vendor?.status === 'suspended') throw conflict(`${vendor.name ?? 'This vendor'} is suspended: their payouts can’t be paid until they are reinstated.`);
    const utr = input.utr?.trim().toUpperCase();
    if (!utr || !/^[A-Z0-9]{6,22}$/.test(utr)) throw invalid({ utr: ['Enter the bank’s UTR: 6 to 22 letters and digits.'] });
    paidOn = input.paid_on?.trim() || istDate(at);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(paidOn) || Number.isNaN(Date.parse(paidOn))) throw invalid({ paid_on: ['Enter the date it was paid, e.g. 2026-11-28.'] });
    if (istDayStart(paidOn) > at) throw invalid({ paid_on: ['The date it was paid can’t be in the future.'] });
    const [taken] = await tx.select({ number: payouts.number }).from(payouts).where(eq(payouts.utr, utr)).limit(1);
    if (taken) throw conflict(`The UTR ${utr} is already on payout ${taken.number}.`);
    input = { ...input, utr };
  }
  const [after] = await tx
    .update(payouts)
    .set({
      status: step.to,
      version: sql`${payouts.version} + 1`,
      updatedAt: at,
      ...(action === 'approve' ? { approvedByUserId: by.id, approvedByName: by.name, approvedAt: at } : {}),
      ...(action === 'process' ? { batchRef: input.batchRef ?? null } : {}),
      ...(action === 'pay' ? { utr: input.utr!, paidOn, paidByUserId: by.id, paidByName: by.name } : {}),
      ...(step.needsReason ? { reason: reason! } : {}),
    })
    .where(and(eq(payouts.id, id), eq(payouts.status, current.status), eq(payouts.version, current.version)))
    .returning();
  if (!after) throw conflict(`Payout ${current.number} was changed by someone else. Reload it.`);
  if (step.givesBack) {
    await appendEntries(tx, [
      {
        vendorId: current.vendorId,
        type: 'payout',
        amountPaise: Number(current.amountPaise),
        payableAt: payableNow(at),
        createdAt: at,
        note: `Payout ${current.number} ${step.to}: ${reason}`,
        actorUserId: by.id,
        actorName: by.name,
      },
    ]);
  }
  const note =
    action === 'pay'
      ? `UTR ${after.utr}, paid on ${after.paidOn}.`
      : action === 'process'
        ? `Sent to the bank in ${input.batchRef ?? 'a bank file'}.`
        : step.givesBack
          ? `${reason} ${formatPaise(Number(current.amountPaise))} is back in the payable balance.`
          : null;
  await tx.insert(payoutEvents).values({ payoutId: id, fromStatus: current.status, toStatus: step.to, note, actorUserId: by.id, actorName: by.name, at });
  await logActivity(tx, actor, {
    area: 'payouts',
    action,
    recordId: id,
    recordName: current.number,
    changes: {
      status: [current.status, step.to],
      ...(action === 'pay' ? { utr: [null, after.utr], paid_on: [null, after.paidOn] } : {}),
      ...(reason && step.needsReason ? { reason: [current.reason, reason] } : {}),
    },
  });
  if (['pay', 'reject', 'fail', 'return'].includes(action)) await tellVendor(tx, after, action);
  return after;
}

export async function stepPayout(db: Db, actor: Actor, by: PayoutPerson, id: number, action: PayoutAction, input: StepInput): Promise<PayoutRow> {
  return db.transaction((tx) => stepPayoutIn(tx, actor, by, id, action, input));
}

/** The vendor's people hear of their money: paid (with the UTR), or not paid and why. */
async function tellVendor(tx: Tx, p: PayoutRow, action: PayoutAction): Promise<void> {
  const amount = formatPaise(Number(p.amountPaise));
  const text: Record<string, { title: string; body: string }> = {
    pay: {
      title: `Payout ${p.number} paid: ${amount}`,
      body: `Sent to your account ending ${p.bankAccountLast4} on ${p.paidOn}. Bank reference (UTR): ${p.utr}.`,
    },
    reject: { title: `Payout ${p.number} was not approved`, body: `${p.reason} ${amount} is back in your payable balance.` },
    fail: { title: `Payout ${p.number} failed at the bank`, body: `${p.reason} ${amount} is back in your payable balance.` },
    return: { title: `Payout ${p.number} was returned by the bank`, body: `${p.reason} ${amount} is back in your payable balance.` },
  };
  await notifyVendor(tx, p.vendorId, {
    type: `payout.${action === 'pay' ? 'paid' : PAYOUT_STEPS[action].to}`,
    ...text[action]!,
    link: `/payouts/${p.id}/details`,
  });
}
