/**
 * Payouts (issue 18 §3, §6, §7) on the real built server and its real database: Quick Withdraw
 * (minimum, two at once make one payout), staff create, every step and its refusals (approving twice,
 * approving one's own, a vendor acting, a reason missing, paying a suspended vendor), the concurrency
 * of two approvals, the bank file round trip (export → processing, the bank's result → paid/failed,
 * row errors, idempotent re-import), vendor isolation on list, details and export, the payout-paid
 * notification, the kept balances against the ledger after each step, and the cycles' scheduled job
 * making payouts when the test clock reaches a new cycle date.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { filter, query, type ApiRecord } from '../helpers/area-api.ts';
import { formatPaise } from '../../src/lib/money/paise.ts';

const clockDir = mkdtempSync(join(tmpdir(), 'bo-payout-clock-'));
const clockFile = join(clockDir, 'now');
const setClock = (iso: string) => writeFileSync(clockFile, iso);
setClock('');

// The cycles' job looks every second here (every 5 minutes by default).
const app = useServer({ env: { TEST_CLOCK_FILE: clockFile, PAYOUT_SCHEDULE_SECONDS: '1' } });
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

let admin: HttpClient;
let vendor: HttpClient;
/** support@example.com, granted the payouts' approve and pay permissions: a second member of staff. */
let finance: HttpClient;
let dfh: number;
let kaveri: number;

async function idOf(area: string, field: string, value: string): Promise<number> {
  const { body } = await admin.getJson(`/api/${area}?${query({ per_page: 10, ...filter(field, 'equals', value) })}`);
  return (body.data as ApiRecord[])[0]!.id;
}

const step = (as: HttpClient, id: number, action: string, extra: Record<string, unknown> = {}) =>
  as.post(`/api/payouts/${id}/transitions`, { json: { action, ...extra } });
const okStep = async (as: HttpClient, id: number, action: string, extra: Record<string, unknown> = {}) => {
  const r = await step(as, id, action, extra);
  const body = (await r.json()) as { data: ApiRecord };
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body.data;
};
const payout = async (as: HttpClient, id: number) => (await as.getJson(`/api/payouts/${id}`)).body.data as ApiRecord;
const balances = async (vendorId: number) => (await admin.getJson(`/api/earnings/balances?vendor_id=${vendorId}`)).body.data as Record<string, number>;
const credit = async (vendorId: number, rupees: string, reason = 'Test credit') => {
  const r = await admin.post('/api/earnings/adjustments', { json: { vendor_id: vendorId, direction: 'credit', amount: rupees, reason } });
  expect(r.status, await r.clone().text()).toBe(201);
};
const staffCreate = async (as: HttpClient, vendorId: number) => {
  const r = await as.post('/api/payouts', { json: { vendor_id: vendorId } });
  const body = (await r.json()) as { data: ApiRecord };
  expect(r.status, JSON.stringify(body)).toBe(201);
  return body.data;
};

/**
 * The ledger and the payouts agree, read in the database: each vendor's kept total and paid equal
 * their entries summed; the payable balance the API reports equals their unsettled entries payable
 * now; each payout's gathered entries sum to its amount, its own entry is −amount; every link names a
 * payout that exists (no entry is in two payouts: the link is one write-once column).
 */
async function expectLedgerConsistent(at = new Date()): Promise<void> {
  const rows = await app.server.withDatabase(async (q) => ({
    kept: await q(`select b.vendor_id, b.total_paise::bigint as total, b.paid_paise::bigint as paid,
                          coalesce((select sum(amount_paise) from earning_entries e where e.vendor_id = b.vendor_id), 0)::bigint as sum,
                          coalesce((select -sum(amount_paise) from earning_entries e where e.vendor_id = b.vendor_id and e.type = 'payout'), 0)::bigint as paid_sum
                     from vendor_balances b`),
    payouts: await q(`select p.id, p.amount_paise::bigint as amount,
                             coalesce((select sum(amount_paise) from earning_entries e where e.payout_id = p.id and not (e.type = 'payout' and e.amount_paise < 0 and e.note = 'Payout ' || p.number)), 0)::bigint as gathered,
                             coalesce((select sum(amount_paise) from earning_entries e where e.payout_id = p.id and e.type = 'payout' and e.note = 'Payout ' || p.number), 0)::bigint as own
                        from payouts p`),
    dangling: await q(
      `select count(*)::int as n from earning_entries e where e.payout_id is not null and not exists (select 1 from payouts p where p.id = e.payout_id)`,
    ),
    unsettled: await q(
      `select vendor_id, sum(amount_paise)::bigint as payable from earning_entries where payout_id is null and payable_at <= $1 group by vendor_id`,
      [at.toISOString()],
    ),
  }));
  for (const k of rows.kept) {
    expect(Number(k.total), `vendor ${k.vendor_id} total`).toBe(Number(k.sum));
    expect(Number(k.paid), `vendor ${k.vendor_id} paid`).toBe(Number(k.paid_sum));
  }
  for (const p of rows.payouts) {
    expect(Number(p.gathered), `payout ${p.id} gathered`).toBe(Number(p.amount));
    expect(Number(p.own), `payout ${p.id} own entry`).toBe(-Number(p.amount));
  }
  expect(rows.dangling[0]!.n).toBe(0);
  for (const vendorId of [dfh, kaveri]) {
    const expected = Number(rows.unsettled.find((u) => u.vendor_id === vendorId)?.payable ?? 0);
    expect((await balances(vendorId)).payable_paise, `vendor ${vendorId} payable`).toBe(expected);
  }
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  finance = await app.as('support');
  dfh = await idOf('vendors', 'store_name', 'Demo Fashion House');
  kaveri = await idOf('vendors', 'store_name', 'Kaveri Handlooms');
  const supportUser = await idOf('users', 'email', 'support@example.com');
  const r = await admin.post(`/api/user/permissions/${supportUser}`, {
    json: { grant: ['accountings:payouts-list', 'accountings:payouts-create', 'accountings:payouts-approve', 'accountings:payouts-pay'] },
  });
  expect(r.status, await r.clone().text()).toBe(200);
});

describe('the demo data', () => {
  it('has a paid payout with its UTR and a requested one for Kaveri Handlooms; the ledger agrees', async () => {
    const { body } = await admin.getJson(`/api/payouts?${query({ per_page: 50, ...filter('vendor_id', 'equals', kaveri) })}`);
    const rows = body.data as ApiRecord[];
    expect(rows.map((r) => r.status).sort()).toEqual(['paid', 'requested']);
    const paid = rows.find((r) => r.status === 'paid')!;
    expect(paid).toMatchObject({ amount_paise: 425000, utr: 'IOBAN52026000123', bank_account: 'XXXX3456', ifsc: 'IOBA0000006' });
    expect(paid.number).toMatch(/^PO-\d{6}$/);
    const details = await payout(admin, paid.id);
    expect(details.events.map((e: ApiRecord) => e.to_status)).toEqual(['requested', 'approved', 'processing', 'paid']);
    expect(details.entries.map((e: ApiRecord) => e.type).sort()).toEqual(['adjustment', 'payout']);
    await expectLedgerConsistent();
  });
});

let withdrawn: ApiRecord;

describe('Quick Withdraw', () => {
  it('shows the payable balance and the minimum; two at once make one payout, the other is a 409', async () => {
    const { body } = await vendor.getJson('/api/payouts/quick-withdraw');
    expect(body.data.minimum_paise).toBe(50000);
    expect(body.data.payable_paise).toBeGreaterThanOrEqual(50000);
    expect(body.data.can_withdraw).toBe(true);
    const payable = body.data.payable_paise as number;
    const [a, b] = await Promise.all([vendor.post('/api/payouts/quick-withdraw', { json: {} }), vendor.post('/api/payouts/quick-withdraw', { json: {} })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const won = (a.status === 201 ? a : b).clone();
    withdrawn = ((await won.json()) as { data: ApiRecord }).data;
    expect(withdrawn).toMatchObject({
      vendor_id: dfh,
      amount_paise: payable,
      status: 'requested',
      source: 'withdraw',
      bank_account: 'XXXX7812',
      ifsc: 'UTIB0000009',
    });
    expect(withdrawn.entries.length).toBeGreaterThan(1);
    expect((await balances(dfh)).payable_paise).toBe(0);
    await expectLedgerConsistent();
  });

  it('refuses below the minimum, and refuses staff (they create a payout for a vendor instead)', async () => {
    await credit(dfh, '100.00');
    const refused = await expectErrorShape(await vendor.post('/api/payouts/quick-withdraw', { json: {} }), 409);
    expect(refused.message).toBe('The payable balance, ₹ 100.00, is below the minimum payout of ₹ 500.00.');
    expect((await vendor.getJson('/api/payouts/quick-withdraw')).body.data).toMatchObject({ payable_paise: 10000, can_withdraw: false, has_open_payout: true });
    expect((await expectErrorShape(await admin.post('/api/payouts/quick-withdraw', { json: {} }), 409)).message).toContain('staff create a payout');
    await expectLedgerConsistent();
  });
});

describe('vendor isolation', () => {
  it('a vendor lists, opens and exports only their own payouts, and takes no step', async () => {
    const mine = (await vendor.getJson(`/api/payouts?${query({ per_page: 100 })}`)).body.data as ApiRecord[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.vendor_id === dfh)).toBe(true);
    expect(mine[0]).not.toHaveProperty('bank_account_cipher');
    const asked = (await vendor.getJson(`/api/payouts?${query({ per_page: 100, ...filter('vendor_id', 'equals', kaveri) })}`)).body.data as ApiRecord[];
    expect(asked).toEqual([]);
    const kaveriPayout = (
      (await admin.getJson(`/api/payouts?${query({ per_page: 10, ...filter('vendor_id', 'equals', kaveri) })}`)).body.data as ApiRecord[]
    )[0]!;
    await expectErrorShape(await vendor.get(`/api/payouts/${kaveriPayout.id}`), 404);
    expect((await vendor.get(`/payouts/${kaveriPayout.id}/details`)).status).toBe(404);
    const csv = await (await vendor.get('/api/payouts/export')).text();
    expect(csv).toContain(withdrawn.number);
    expect(csv).not.toContain(kaveriPayout.number);
    expect(csv).not.toContain('Vendor'); // staff-only column
    await expectErrorShape(await vendor.post(`/api/payouts/${withdrawn.id}/transitions`, { json: { action: 'approve' } }), 403);
    await expectErrorShape(await vendor.post('/api/payouts/bank-file', { json: {} }), 403);
    await expectErrorShape(await vendor.post('/api/payouts', { json: { vendor_id: dfh } }), 403);
    // The details page shows the vendor their payout, without a button.
    const html = await (await vendor.get(`/payouts/${withdrawn.id}/details`)).text();
    expect(html).toContain(withdrawn.number);
    expect(html).not.toContain('name="action"');
  });
});

describe('the steps', () => {
  it('approve: never by the person who created it; approving twice is a 409; two approvals at once, one wins', async () => {
    await credit(kaveri, '900.00');
    const own = await staffCreate(finance, kaveri);
    expect(own).toMatchObject({ status: 'requested', source: 'staff', amount_paise: 90000 });
    const self = await expectErrorShape(await step(finance, own.id, 'approve'), 403);
    expect(self.message).toBe('You created this payout: someone else must approve it.');
    const [a, b] = await Promise.all([step(admin, own.id, 'approve', { version: own.version }), step(admin, own.id, 'approve', { version: own.version })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const again = await expectErrorShape(await step(admin, own.id, 'approve'), 409);
    expect(again.message).toBe('This payout is already approved.');
    expect((await payout(admin, own.id)).approved_by_name).toBeTruthy();
    // The vendor's own Quick Withdraw: staff approve it.
    await okStep(finance, withdrawn.id, 'approve');
    await expectLedgerConsistent();
  });

  it('reject needs a reason and gives the money back to payable; a rejected payout takes no further step', async () => {
    const before = (await balances(kaveri)).payable_paise;
    await credit(kaveri, '300.00');
    const p = await staffCreate(admin, kaveri);
    expect((await balances(kaveri)).payable_paise).toBe(before);
    expect((await expectErrorShape(await step(finance, p.id, 'reject'), 422)).errors?.reason).toBeTruthy();
    const rejected = await okStep(finance, p.id, 'reject', { reason: 'Bank account under review.' });
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Bank account under review.' });
    expect((await balances(kaveri)).payable_paise).toBe(before + 30000);
    await expectErrorShape(await step(admin, p.id, 'approve'), 409);
    await expectErrorShape(await step(admin, p.id, 'pay', { utr: 'UTR123456' }), 409);
    await expectErrorShape(await step(admin, 999999, 'approve'), 404);
    await expectErrorShape(await step(admin, p.id, 'launch'), 422);
    await expectLedgerConsistent();
  });
});

/** The bank file's rows as objects by header. */
function readCsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const headers = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((c, i) => [headers[i]!, c])));
}

const upload = (as: HttpClient, csv: string) => {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'result.csv');
  return as.post('/api/payouts/bank-result', { multipart: form });
};

describe('the bank file round trip', () => {
  let failedOne: ApiRecord;
  it('exports approved payouts as the bank CSV (they become processing), imports the answer, and is idempotent', async () => {
    const approved = (
      (await admin.getJson(`/api/payouts?${query({ per_page: 100, ...filter('status', 'equals', 'approved') })}`)).body.data as ApiRecord[]
    ).map((r) => r.number);
    expect(approved).toContain(withdrawn.number);
    const response = await admin.post('/api/payouts/bank-file', { json: {} });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/BANK-\d{8}-[0-9A-F]{6}\.csv/);
    const rows = readCsv(await response.text());
    expect(Object.keys(rows[0]!)).toEqual(['Beneficiary Name', 'Account Number', 'IFSC', 'Amount', 'Reference']);
    expect(rows.map((r) => r.Reference).sort()).toEqual([...approved].sort());
    const mine = rows.find((r) => r.Reference === withdrawn.number)!;
    expect(mine).toEqual({
      'Beneficiary Name': 'Demo Fashion House Pvt Ltd',
      'Account Number': '918020034567812',
      IFSC: 'UTIB0000009',
      Amount: (withdrawn.amount_paise / 100).toFixed(2),
      Reference: withdrawn.number,
    });
    expect((await payout(admin, withdrawn.id)).status).toBe('processing');
    await expectErrorShape(await admin.post('/api/payouts/bank-file', { json: {} }), 409);

    const other = rows.find((r) => r.Reference !== withdrawn.number)!;
    failedOne = ((await admin.getJson(`/api/payouts?${query({ per_page: 10, ...filter('number', 'equals', other.Reference) })}`)).body.data as ApiRecord[])[0]!;
    const kaveriBefore = (await balances(kaveri)).payable_paise;
    const result = [
      'reference,status,utr,date,reason',
      `${withdrawn.number},paid,UTIBN52026112800042,2026-11-27,`,
      `${other.Reference},failed,,,Account closed`,
      'PO-999999,paid,UTIBN52026112800043,2026-11-27,',
      `${withdrawn.number.toLowerCase()},paid,,2026-11-27,`,
    ].join('\n');
    const first = await upload(finance, result);
    const report = ((await first.json()) as { data: Record<string, unknown> }).data;
    expect(first.status).toBe(200);
    expect(report).toMatchObject({ rows: 4, paid: 1, failed: 1, unchanged: 0 });
    expect(report.errors).toEqual([
      { row: 4, reference: 'PO-999999', message: 'No payout PO-999999.' },
      { row: 5, reference: withdrawn.number.toLowerCase(), message: 'A paid row needs the UTR: 6 to 22 letters and digits.' },
    ]);
    expect(await payout(admin, withdrawn.id)).toMatchObject({
      status: 'paid',
      utr: 'UTIBN52026112800042',
      paid_on: '2026-11-27',
      paid_by_name: expect.any(String),
    });
    expect(await payout(admin, failedOne.id)).toMatchObject({ status: 'failed', reason: 'The bank: Account closed' });
    expect((await balances(kaveri)).payable_paise).toBe(kaveriBefore + failedOne.amount_paise);
    // The same file again changes nothing.
    const again = ((await (await upload(finance, result)).json()) as { data: Record<string, unknown> }).data;
    expect(again).toMatchObject({ rows: 4, paid: 0, failed: 0, unchanged: 2 });
    expect((again.errors as unknown[]).length).toBe(2);
    expect((await balances(kaveri)).payable_paise).toBe(kaveriBefore + failedOne.amount_paise);
    await expectErrorShape(await upload(finance, ''), 422);
    await expectLedgerConsistent();
  });

  it('the vendor sees it paid with the UTR, and was told', async () => {
    const seen = await payout(vendor, withdrawn.id);
    expect(seen).toMatchObject({ status: 'paid', utr: 'UTIBN52026112800042' });
    const html = await (await vendor.get(`/payouts/${withdrawn.id}/details`)).text();
    expect(html).toContain('UTIBN52026112800042');
    const { body } = await vendor.getJson('/api/notifications?per_page=25');
    const titles = (body.data as ApiRecord[]).map((n) => n.title);
    expect(titles).toContain(`Payout ${withdrawn.number} paid: ${formatPaise(withdrawn.amount_paise)}`);
  });
});

describe('a suspended vendor, and a returned transfer', () => {
  it('paying a payout of a suspended vendor is a 409; paid → returned gives the money back', async () => {
    await credit(kaveri, '0.01', 'Round-off'); // ensure something positive is payable
    const p = await staffCreate(admin, kaveri);
    await okStep(finance, p.id, 'approve');
    const file = await admin.post('/api/payouts/bank-file', { json: { ids: String(p.id) } });
    expect(file.status, await file.clone().text()).toBe(200);
    const suspend = await admin.post(`/api/vendors/${kaveri}/status`, { json: { action: 'suspend', reason: 'KYC re-check.' } });
    expect(suspend.status, await suspend.clone().text()).toBe(200);
    const refused = await expectErrorShape(await step(finance, p.id, 'pay', { utr: 'IOBAN52026000999' }), 409);
    expect(refused.message).toContain('suspended');
    expect((await admin.post(`/api/vendors/${kaveri}/status`, { json: { action: 'reinstate' } })).status).toBe(200);
    await okStep(finance, p.id, 'pay', { utr: 'IOBAN52026000999', paid_on: '2026-11-27' });
    // The same UTR on another payout is refused.
    const before = (await balances(kaveri)).payable_paise;
    const returned = await okStep(finance, p.id, 'return', { reason: 'Beneficiary bank returned it.' });
    expect(returned.status).toBe('returned');
    expect((await balances(kaveri)).payable_paise).toBe(before + p.amount_paise);
    expect((await payout(admin, p.id)).events.map((e: ApiRecord) => e.to_status)).toEqual(['requested', 'approved', 'processing', 'paid', 'returned']);
    await expectLedgerConsistent();
  });
});

describe('the payout cycles', () => {
  it('the scheduled job makes a payout for each vendor on their cycle when the clock reaches a new cycle date', async () => {
    const { version } = (await admin.getJson(`/api/vendors/${dfh}`)).body.data as ApiRecord;
    expect((await admin.put(`/api/vendors/${dfh}`, { json: { version, payout_cycle: 'weekly' } })).status).toBe(200);
    // The ₹ 100 credit left below the minimum is payable; the delivery of yesterday may be by then.
    expect((await balances(dfh)).payable_paise).toBe(10000);
    const scheduled = async () =>
      (
        await admin.getJson(
          `/api/payouts?${query({ per_page: 10, filters: { ...filter('vendor_id', 'equals', dfh).filters, ...filter('source', 'equals', 'schedule').filters } })}`,
        )
      ).body.data as ApiRecord[];
    expect(await scheduled()).toEqual([]);
    const later = new Date(Date.now() + 8 * 86_400_000);
    setClock(later.toISOString());
    await expect.poll(async () => (await scheduled()).length, { timeout: 20_000 }).toBe(1);
    const [made] = await scheduled();
    expect(made).toMatchObject({ source: 'schedule', cycle: 'weekly', status: 'requested' });
    expect(made!.amount_paise).toBeGreaterThanOrEqual(10000);
    expect(made!.up_to).toBe(new Date(new Date(`${made!.cycle_on}T00:00:00+05:30`).getTime()).toISOString());
    // A Monday within the last week of the clock's date (IST).
    const cycleOn = new Date(`${made!.cycle_on}T00:00:00Z`);
    expect(cycleOn.getUTCDay()).toBe(1);
    expect(later.getTime() - cycleOn.getTime()).toBeLessThan(8 * 86_400_000);
    const [created, left] = await app.server.withDatabase(async (q) => [
      await q(`select count(*)::int as n from payouts where vendor_id = $1 and source = 'schedule'`, [dfh]),
      // Nothing payable by the cycle date is left out of it.
      await q(`select count(*)::int as n from earning_entries where vendor_id = $1 and payout_id is null and payable_at <= $2`, [dfh, made!.up_to]),
    ]);
    expect(created![0]!.n).toBe(1);
    expect(left![0]!.n).toBe(0);
    // Checked at the clock's instant (the server's now), before it goes back.
    await expectLedgerConsistent(later);
    setClock('');
  });
});
