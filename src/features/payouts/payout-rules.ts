/**
 * The payouts' pure rules (issue 18 §3, docs/money.md "Payouts"): the statuses and the steps between
 * them, which step gives the money back to the vendor's payable balance, each cycle's date, and the
 * bank's result file rows. No server imports: the pages, the server and the unit tests share it.
 *
 *   requested ──approve──▶ approved ──export──▶ processing ──pay──▶ paid ──return──▶ returned
 *       │                     │                     └──fail──▶ failed
 *       └──────reject─────────┴──reject──▶ rejected
 */
import { istDate, istDayStart } from '../../lib/india/ist.ts';
import type { PayoutStatus } from './payouts.tables.ts';

export const PAYOUT_STATUS_OPTIONS: readonly { value: PayoutStatus; label: string }[] = [
  { value: 'requested', label: 'Requested' },
  { value: 'approved', label: 'Approved' },
  { value: 'processing', label: 'Processing' },
  { value: 'paid', label: 'Paid' },
  { value: 'failed', label: 'Failed' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'returned', label: 'Returned' },
];

export const PAYOUT_SOURCE_OPTIONS = [
  { value: 'schedule', label: 'Payout cycle' },
  { value: 'withdraw', label: 'Quick Withdraw' },
  { value: 'staff', label: 'Staff' },
] as const;

export const payoutStatusLabel = (s: string) => PAYOUT_STATUS_OPTIONS.find((o) => o.value === s)?.label ?? s;

export type PayoutAction = 'approve' | 'reject' | 'process' | 'pay' | 'fail' | 'return';

export interface PayoutStep {
  from: readonly PayoutStatus[];
  to: PayoutStatus;
  label: string;
  /** The money goes back to the vendor's payable balance (a new `payout` entry, +amount). */
  givesBack: boolean;
  /** A reason is required (the vendor reads it). */
  needsReason: boolean;
}

export const PAYOUT_STEPS: Record<PayoutAction, PayoutStep> = {
  approve: { from: ['requested'], to: 'approved', label: 'Approve', givesBack: false, needsReason: false },
  reject: { from: ['requested', 'approved'], to: 'rejected', label: 'Reject', givesBack: true, needsReason: true },
  process: { from: ['approved'], to: 'processing', label: 'Mark processing', givesBack: false, needsReason: false },
  pay: { from: ['processing'], to: 'paid', label: 'Mark paid', givesBack: false, needsReason: false },
  fail: { from: ['processing'], to: 'failed', label: 'Mark failed', givesBack: true, needsReason: true },
  return: { from: ['paid'], to: 'returned', label: 'Mark returned', givesBack: true, needsReason: true },
};

/** Still on its way to the vendor: its money is out of the payable balance but not paid yet. */
export const OPEN_STATUSES: readonly PayoutStatus[] = ['requested', 'approved', 'processing'];

/** The steps open from a status (the details page's buttons, before permissions). */
export const stepsFrom = (status: string): PayoutAction[] =>
  (Object.keys(PAYOUT_STEPS) as PayoutAction[]).filter((a) => (PAYOUT_STEPS[a].from as readonly string[]).includes(status));

/** Why a step can't be taken from a status, in words (the 409's message). */
export function refusalOf(action: PayoutAction, status: string): string | null {
  if ((PAYOUT_STEPS[action].from as readonly string[]).includes(status)) return null;
  if (action === 'approve' && status === 'approved') return 'This payout is already approved.';
  return `A ${payoutStatusLabel(status).toLowerCase()} payout can’t be ${PAYOUT_STEPS[action].to === 'processing' ? 'sent to the bank' : PAYOUT_STEPS[action].to}; only a ${PAYOUT_STEPS[action].from.map((s) => payoutStatusLabel(s).toLowerCase()).join(' or ')} one can.`;
}

export type PayoutCycle = 'weekly' | 'fortnightly' | 'monthly';

/**
 * The latest date (IST) a cycle pays on at or before `date` (YYYY-MM-DD): weekly on Mondays,
 * fortnightly on the 1st and the 16th, monthly on the 1st.
 */
export function cycleDateOn(cycle: PayoutCycle, date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (cycle === 'monthly') return `${date.slice(0, 8)}01`;
  if (cycle === 'fortnightly') return `${date.slice(0, 8)}${d >= 16 ? '16' : '01'}`;
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday … 1 Monday
  const back = (weekday + 6) % 7;
  return new Date(Date.UTC(y, m - 1, d - back)).toISOString().slice(0, 10);
}

/** The cycle date in force at an instant, and the instant its payouts gather entries up to (that date's IST midnight). */
export function cycleAt(cycle: PayoutCycle, at: Date): { cycleOn: string; upTo: Date } {
  const cycleOn = cycleDateOn(cycle, istDate(at));
  return { cycleOn, upTo: istDayStart(cycleOn) };
}

/** One row of the bank's result file, read. */
export interface BankResultRow {
  reference: string;
  status: 'paid' | 'failed';
  utr: string | null;
  date: string | null;
  reason: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DMY = /^(\d{2})[-/](\d{2})[-/](\d{4})$/;
const UTR = /^[A-Za-z0-9]{6,22}$/;

/** A row of the result file (its cells by lower-case header) → the row, or what is wrong with it. */
export function readBankResultRow(cells: Record<string, string | undefined>): BankResultRow | { error: string } {
  const get = (...names: string[]) => names.map((n) => cells[n]?.trim()).find((v) => v) ?? '';
  const reference = get('reference', 'payout', 'payout number').toUpperCase();
  if (!reference) return { error: 'The reference (the payout number, e.g. PO-000123) is missing.' };
  const status = get('status').toLowerCase();
  if (status !== 'paid' && status !== 'failed') return { error: `Status must be paid or failed, not “${status || 'blank'}”.` };
  let date = get('date', 'paid on', 'value date');
  const dmy = DMY.exec(date);
  if (dmy) date = `${dmy[3]}-${dmy[2]}-${dmy[1]}`;
  if (date && (!DATE.test(date) || Number.isNaN(Date.parse(date)))) return { error: `The date “${date}” is not a date (2026-11-28 or 28-11-2026).` };
  const utr = get('utr', 'bank reference');
  const reason = get('reason', 'remarks');
  if (status === 'paid') {
    if (!UTR.test(utr)) return { error: 'A paid row needs the UTR: 6 to 22 letters and digits.' };
    if (!date) return { error: 'A paid row needs the date it was paid.' };
    return { reference, status, utr: utr.toUpperCase(), date, reason: null };
  }
  return { reference, status, utr: null, date: date || null, reason: reason || 'The bank did not say why.' };
}
