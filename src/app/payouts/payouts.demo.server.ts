/**
 * The payouts' demo data (after the demo orders): the two active demo stores get the verified bank
 * account their approval would have checked (the account a payout goes to), and Kaveri Handlooms a
 * payout history made through the real code path on its days (the money clock): an opening balance
 * carried over, paid out three weeks ago with its UTR, and a credit now waiting in a requested
 * payout. Demo Fashion House's payable balance is left for its Quick Withdraw.
 */
import { eq } from 'drizzle-orm';
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { users } from '../../lib/db/schema.ts';
import { SYSTEM_ACTOR } from '../../lib/activity/activity.server.ts';
import { encrypt } from '../../lib/security/encryption.server.ts';
import { atTime } from '../../lib/time/clock.server.ts';
import { istDate } from '../../lib/india/ist.ts';
import { vendorKyc } from '../../features/vendors/vendors.tables.ts';
import { appendEntries } from '../../features/earnings/ledger.server.ts';
import { payableNow } from '../../features/earnings/earnings-math.ts';
import { createPayoutIn, stepPayoutIn, type PayoutPerson } from './payouts.server.ts';

const DAY = 86_400_000;
const DEMO: PayoutPerson = { id: null, name: 'Demo data', userType: 'staff' };

export const seedPayouts: DemoSeed = async (tx, { at, vendorIds }) => {
  const accounts = [
    { vendorId: vendorIds.fashion, pan: 'AAFCD1234K', account: '918020034567812', ifsc: 'UTIB0000009', holder: 'Demo Fashion House Pvt Ltd' },
    { vendorId: vendorIds.kaveri, pan: 'AAKFK5678R', account: '00601000123456', ifsc: 'IOBA0000006', holder: 'Kaveri Handlooms' },
  ];
  for (const a of accounts) {
    await tx
      .insert(vendorKyc)
      .values({
        vendorId: a.vendorId,
        pan: a.pan,
        gstRegistered: true,
        bankAccountCipher: encrypt(a.account),
        bankAccountLast4: a.account.slice(-4),
        ifsc: a.ifsc,
        accountHolderName: a.holder,
        submittedAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing();
  }
  const [admin] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'admin@example.com')).limit(1);
  const approver: PayoutPerson = admin ? { id: admin.id, name: admin.name, userType: 'staff' } : { ...DEMO, name: 'Demo approver' };
  const credit = (when: Date, paise: number, note: string) =>
    atTime(when, () =>
      appendEntries(tx, [
        { vendorId: vendorIds.kaveri, type: 'adjustment', amountPaise: paise, payableAt: payableNow(when), createdAt: when, note, actorName: 'Demo data' },
      ]),
    );
  const kaveri = vendorIds.kaveri;
  // Three weeks ago: the balance carried over, paid out over the next days.
  const t0 = new Date(Date.now() - 24 * DAY);
  await credit(t0, 4_250_00, 'Opening balance carried over from the previous system');
  const first = await atTime(new Date(t0.getTime() + DAY), () =>
    createPayoutIn(tx, SYSTEM_ACTOR, DEMO, { vendorId: kaveri, upTo: payableNow(new Date(t0.getTime() + DAY)), source: 'staff' }),
  );
  await atTime(new Date(t0.getTime() + DAY + 3_600_000), () => stepPayoutIn(tx, SYSTEM_ACTOR, approver, first.id, 'approve', {}));
  await atTime(new Date(t0.getTime() + 2 * DAY), () => stepPayoutIn(tx, SYSTEM_ACTOR, approver, first.id, 'process', { batchRef: 'BANK-DEMO-0001' }));
  const paidAt = new Date(t0.getTime() + 3 * DAY);
  await atTime(paidAt, () => stepPayoutIn(tx, SYSTEM_ACTOR, approver, first.id, 'pay', { utr: 'IOBAN52026000123', paid_on: istDate(paidAt) }));
  // Today: a credit waiting in a requested payout (staff approve it; the demo made it, so any of them may).
  const today = new Date(Date.now() - 3_600_000);
  await credit(today, 1_250_00, 'Festival display allowance');
  await atTime(today, () => createPayoutIn(tx, SYSTEM_ACTOR, DEMO, { vendorId: kaveri, upTo: payableNow(today), source: 'staff' }));
};
