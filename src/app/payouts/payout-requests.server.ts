/**
 * What the payout pages and endpoints share: their input schemas, who is acting, a payout's details
 * as its reader may see them (a vendor: their own, else 404), and the Quick Withdraw and staff
 * create commands with their rules (minimum, dates).
 */
import { z } from 'zod';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import type { Actor } from '@/lib/activity/activity.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { conflict, forbidden, invalid, notFound } from '@/lib/http/errors.ts';
import { recordId, version } from '@/lib/http/integers.ts';
import { istDate, istDayStart } from '@/lib/india/ist.ts';
import { now } from '@/lib/time/clock.server.ts';
import { moneySettings } from '@/lib/settings/money-settings.server.ts';
import { readBalances } from '@/features/earnings/ledger.server.ts';
import { payableNow } from '@/features/earnings/earnings-math.ts';
import { earningEntries } from '@/features/earnings/earnings.tables.ts';
import { serializeEarningRow, type EarningRow } from '@/features/earnings/earning.source.server.ts';
import { payoutEvents, payouts } from '@/features/payouts/payouts.tables.ts';
import { payoutSource } from '@/features/payouts/payout.source.server.ts';
import { createPayout, stepPayout, STEP_PERMISSION, type PayoutPerson } from './payouts.server.ts';
import { OPEN_STATUSES, stepsFrom, type PayoutAction } from '@/features/payouts/payout-rules.ts';

export const personOf = (p: Principal): PayoutPerson => ({ id: p.user.id, name: p.user.name, userType: p.user.userType === 'vendor' ? 'vendor' : 'staff' });

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const staffPayoutSchema = z.strictObject({
  vendor_id: recordId('Choose the vendor.'),
  /** An IST date: entries payable on or before it (today when left blank). */
  up_to: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (DATE.test(v) && !Number.isNaN(Date.parse(v))), 'Enter a date, e.g. 2026-11-28.'),
});

export const stepSchema = z.strictObject({
  action: z.enum(['approve', 'reject', 'pay', 'fail', 'return'], { error: 'Choose approve, reject, pay, fail or return.' }),
  version: version().optional(),
  reason: z.string().trim().max(500, 'At most 500 characters.').optional(),
  utr: z.string().trim().max(40, 'At most 40 characters.').optional(),
  paid_on: z.string().trim().max(10, 'Enter a date, e.g. 2026-11-28.').optional(),
});

/** Quick Withdraw's form sends nothing but the CSRF token. */
export const withdrawSchema = z.object({}).strict();

/** Staff make a payout of a vendor's entries payable by a date (today or before). */
export async function createStaffPayout(db: Db, actor: Actor, principal: Principal, input: z.infer<typeof staffPayoutSchema>) {
  const today = istDate(now());
  if (input.up_to && input.up_to > today) throw invalid({ up_to: ['The date can’t be after today: only money payable now can be paid out.'] });
  const upTo = input.up_to ? istDayStart(input.up_to) : payableNow(now());
  return createPayout(db, actor, personOf(principal), { vendorId: input.vendor_id, upTo, source: 'staff' });
}

/** Staff holding the permission (Super Admin holds all) are told where their own way is. */
export const notAVendor = () =>
  conflict('Quick Withdraw is a vendor’s own request for their payable balance; staff create a payout for a vendor at /payouts/add.');

/** A vendor's Quick Withdraw: their whole payable balance, when it is at least the minimum (Global Settings). */
export async function quickWithdraw(db: Db, actor: Actor, principal: Principal) {
  const vendorId = principal.user.vendorId;
  if (principal.user.userType !== 'vendor' || vendorId === null) throw notAVendor();
  const { minimumPayoutPaise } = await moneySettings(db);
  return createPayout(db, actor, personOf(principal), { vendorId, upTo: payableNow(now()), source: 'withdraw', minimumPaise: minimumPayoutPaise });
}

/** What the Quick Withdraw button shows: the payable balance, the minimum, and whether it may be asked for. */
export async function withdrawState(db: DbOrTx, vendorId: number) {
  const [balances, settings] = await Promise.all([readBalances(db, vendorId, now()), moneySettings(db)]);
  const [open] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.vendorId, vendorId), inArray(payouts.status, [...OPEN_STATUSES])))
    .limit(1);
  return {
    payable_paise: balances.payable_paise,
    minimum_paise: settings.minimumPayoutPaise,
    can_withdraw: balances.payable_paise >= settings.minimumPayoutPaise,
    has_open_payout: Boolean(open),
  };
}

/** One step by a person: staff only, with the step's permission. */
export async function stepByPerson(db: Db, actor: Actor, principal: Principal, can: (p: string) => boolean, id: number, input: z.infer<typeof stepSchema>) {
  if (principal.user.userType === 'vendor') throw forbidden('A vendor can’t approve, send or settle payouts: the marketplace’s staff do.');
  const action = input.action as PayoutAction;
  if (!can(STEP_PERMISSION[action])) throw forbidden(`You need the ${STEP_PERMISSION[action]} permission to do that.`);
  // Read through the reader's scope first: a payout they can't see is a 404.
  await payoutDetails(db, principal, id);
  return stepPayout(db, actor, personOf(principal), id, action, input);
}

/** A payout as its reader may see it (a vendor's own only: another's is a 404), with its entries and timeline. */
export async function payoutDetails(db: DbOrTx, principal: Principal, id: number) {
  const page = await payoutSource.list(
    db,
    { principal, actor: { realUserId: principal.user.id, impersonatedUserId: null, ip: null, userAgent: null } },
    payoutSource.parseListQuery({
      page: '1',
      per_page: '10',
      filters: JSON.stringify({ id: { operator: 'and', constraints: [{ value: id, matchMode: 'equals' }] } }),
    }),
  );
  const payout = page.data[0];
  if (!payout) throw notFound('No such payout, or not yours.');
  const [events, entries] = await Promise.all([
    db.select().from(payoutEvents).where(eq(payoutEvents.payoutId, id)).orderBy(asc(payoutEvents.at), asc(payoutEvents.id)),
    db.select().from(earningEntries).where(eq(earningEntries.payoutId, id)).orderBy(desc(earningEntries.payableAt), asc(earningEntries.id)).limit(2000),
  ]);
  return {
    ...payout,
    entries: entries.map((e) => serializeEarningRow({ ...e, vendorName: (payout.vendor_name as string | null) ?? null } as EarningRow)),
    events: events.map((e) => ({
      from_status: e.fromStatus,
      to_status: e.toStatus,
      note: e.note,
      actor_name: e.actorName,
      at: e.at.toISOString(),
    })),
  };
}

/** The steps the reader may take now (the details page's buttons). */
export function allowedSteps(principal: Principal, can: (p: string) => boolean, payout: { status: string; created_by_name?: unknown }): PayoutAction[] {
  if (principal.user.userType === 'vendor') return [];
  return stepsFrom(payout.status).filter((a) => a !== 'process' && can(STEP_PERMISSION[a]));
}
