/**
 * Customers over real HTTP against the built server: the list contract (search by name, email and
 * phone, filters, sort, paging, 422s, CSV), create and update with their rules (Indian mobile,
 * email, both unique however typed), addresses whose pincode must be India Post's and lie in the
 * chosen state, PII masked for everyone in lists, reads and CSV, a reveal for view-pii holders
 * only (logged), block and unblock with a reason, and who may do any of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, filter, form, type ApiRecord } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
let support: HttpClient;
let vendor: HttpClient;
const customers = areaApi('customers', () => admin);
const asSupport = areaApi('customers', () => support);
const addresses = areaApi('customer-addresses', () => admin);

/** No 10-digit Indian mobile and no full email address anywhere in `text`. */
const expectNoPii = (text: string) => {
  expect(text).not.toMatch(/(\+91|\b)[6-9]\d{9}\b/);
  expect(text).not.toMatch(/[a-z0-9._-]{3,}@[a-z]/i);
};

let place: { karnataka: number; kerala: number; bengaluru: number; kochi: number };

beforeAll(async () => {
  admin = await app.as('admin');
  support = await app.as('support');
  vendor = await app.as('vendor');
  const blr = (await admin.getJson('/api/pincodes/lookup?code=560001')).body.data;
  const ekm = (await admin.getJson('/api/pincodes/lookup?code=682001')).body.data;
  place = { karnataka: blr.state.id, bengaluru: blr.city.id, kerala: ekm.state.id, kochi: ekm.city.id };
});

describe('GET /api/customers (the list contract)', () => {
  it('lists the 300 demo customers, newest first, paged, with email and phone masked for support', async () => {
    const { status, body } = await asSupport.list({ per_page: '25' });
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ page: 1, per_page: 25, total: 300 });
    expect(body.data).toHaveLength(25);
    const created = body.data.map((c) => c.created_at as string);
    expect([...created].sort().reverse()).toEqual(created);
    for (const c of body.data) {
      expect(c.phone).toMatch(/^\+91 ••••• •\d{4}$/);
      expect(c.email).toMatch(/^[a-z]{1,2}•{3,}@/);
      expect(c.pii_masked).toBe(true);
    }
    expectNoPii(JSON.stringify(body));
    const page2 = await asSupport.list({ per_page: '25', page: '2' });
    expect(page2.body.data[0]!.id).not.toBe(body.data[0]!.id);
  });

  it('masks them for the Super Admin too: the real values only come from a reveal', async () => {
    const { body } = await customers.list({ per_page: '100' });
    expectNoPii(JSON.stringify(body));
  });

  it('searches by name, email and phone, filters by status and consent, and sorts by name', async () => {
    const aarav = (await customers.list({ q: 'Aarav Sharma', sort: 'name' })).body.data;
    expect(aarav.map((c) => c.name)).toContain('Aarav Sharma');
    const first = (await customers.get(1)) as ApiRecord;
    expect(first.name).toBe('Aarav Sharma');
    const real = (await admin.post('/api/customers/1/reveal', { json: {} }).then((r) => r.json())).data as { email: string; phone: string };
    expect((await customers.list({ q: real.email.toUpperCase() })).body.data.map((c) => c.id)).toEqual([1]);
    expect((await customers.list({ q: real.phone.slice(3) })).body.data.map((c) => c.id)).toEqual([1]);
    expect((await customers.list(filter('email', 'startsWith', real.email.slice(0, 8)))).body.data.map((c) => c.id)).toContain(1);

    const blocked = (await customers.list({ ...filter('status', 'equals', 'blocked'), per_page: '100' })).body;
    expect(blocked.meta.total).toBeGreaterThan(0);
    expect(blocked.data.every((c) => c.status === 'blocked' && c.blocked_reason)).toBe(true);
    const consent = (await customers.list({ ...filter('marketing_consent', 'equals', 'true'), per_page: '10' })).body.meta.total;
    const noConsent = (await customers.list({ ...filter('marketing_consent', 'equals', 'false'), per_page: '10' })).body.meta.total;
    expect(consent + noConsent).toBe(300);

    const byName = (await customers.list({ sort: 'name', order: 'asc', per_page: '50' })).body.data.map((c) => c.name as string);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('answers 422 naming a field that is not a column, or a sort it does not offer', async () => {
    const bad = await admin.get(`/api/customers?${new URLSearchParams({ filters: JSON.stringify(filter('blocked_reason', 'equals', 'x').filters) })}`, {
      headers: { accept: 'application/json' },
    });
    const body = await expectErrorShape(bad, 422);
    expect(JSON.stringify(body)).toContain('blocked_reason');
    await expectErrorShape(await admin.get('/api/customers?sort=email', { headers: { accept: 'application/json' } }), 422);
  });

  it('exports CSV of the filtered set with email and phone masked', async () => {
    const response = await support.get(
      `/api/customers/export?${new URLSearchParams({ filters: JSON.stringify(filter('status', 'equals', 'active').filters) })}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const csv = await response.text();
    expect(csv.split('\n')[0]).toContain('Email');
    expect(csv).toContain('Aarav Sharma');
    expect(csv).not.toContain('Blocked');
    expectNoPii(csv);
  });
});

describe('POST and PUT /api/customers', () => {
  it('creates a customer with the phone normalised to +91 and the email kept, and logs it', async () => {
    const created = await customers.create({ name: 'Meera Krishnan', email: 'Meera.K@Example.com', phone: '098450 12345', marketing_consent: 'true' });
    expect(created).toMatchObject({ name: 'Meera Krishnan', phone: '+91 ••••• •2345', status: 'active', marketing_consent: true, pii_masked: true });
    const revealed = (await (await admin.post(`/api/customers/${created.id}/reveal`, { json: {} })).json()).data;
    expect(revealed).toMatchObject({ email: 'Meera.K@Example.com', phone: '+919845012345' });
    expect((await customers.activity(created.id)).map((e) => e.action)).toEqual(['reveal', 'create']);
  });

  it('refuses a bad email, a phone that is not an Indian mobile and a missing name, beside each field', async () => {
    const response = await customers.post({ name: ' ', email: 'not-an-email', phone: '12345', marketing_consent: 'false' });
    const body = await expectErrorShape(response, 422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['email', 'name', 'phone']);
    expect(body.errors!.phone![0]).toContain('10-digit mobile');
  });

  it('refuses an email or phone another customer has, however it is typed (422 beside the field)', async () => {
    await customers.create({ name: 'Ravi Menon', email: 'ravi.menon@example.com', phone: '+91 91234 56789' });
    const sameEmail = await expectErrorShape(await customers.post({ name: 'R Menon', email: 'RAVI.MENON@example.com', phone: '9123456700' }), 422);
    expect(sameEmail.errors).toEqual({ email: ['Another customer already has this email address.'] });
    const samePhone = await expectErrorShape(await customers.post({ name: 'R Menon', email: 'r.menon@example.com', phone: '0091 9123456789' }), 422);
    expect(samePhone.errors).toEqual({ phone: ['Another customer already has this mobile number.'] });
  });

  it('updates with the version it was read at; a stale version is 409', async () => {
    const c = await customers.create({ name: 'Sana Qureshi', email: 'sana@example.com', phone: '7012345678' });
    const ok = await customers.put(c.id, {
      name: 'Sana Q',
      email: 'sana@example.com',
      phone: '7012345678',
      marketing_consent: 'true',
      version: String(c.version),
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await ok.json()).data).toMatchObject({ name: 'Sana Q', marketing_consent: true });
    await expectErrorShape(await customers.put(c.id, { name: 'Sana', email: 'sana@example.com', phone: '7012345678', version: String(c.version) }), 409);
  });
});

describe('reveal, block and unblock', () => {
  it('reveals to a view-pii holder and writes who saw it to the activity log; support has no reveal', async () => {
    const response = await admin.post('/api/customers/2/reveal', { json: {} });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.phone).toMatch(/^\+91[6-9]\d{9}$/);
    expect(data.email).toMatch(/@/);
    const [entry] = await customers.activity(2);
    expect(entry).toMatchObject({ action: 'reveal' });
    expect(entry!.actor_name).toBeTruthy();
    await expectErrorShape(await support.post('/api/customers/2/reveal', { json: {} }), 403);
    expect((await customers.activity(2)).filter((e) => e.action === 'reveal')).toHaveLength(1);
  });

  it('blocks with a required reason, shows it, refuses a second block, and unblocks with a reason', async () => {
    const c = await customers.create({ name: 'Block Me', email: 'block.me@example.com', phone: '6000000001' });
    const noReason = await expectErrorShape(await admin.post(`/api/customers/${c.id}/block`, { json: { reason: '  ' } }), 422);
    expect(noReason.errors).toHaveProperty('reason');
    const blocked = await admin.post(`/api/customers/${c.id}/block`, { json: { reason: 'Repeated COD refusals' } });
    expect(blocked.status).toBe(200);
    expect(await customers.get(c.id)).toMatchObject({ status: 'blocked', blocked_reason: 'Repeated COD refusals' });
    await expectErrorShape(await admin.post(`/api/customers/${c.id}/block`, { json: { reason: 'Again' } }), 409);
    await expectErrorShape(await support.post(`/api/customers/${c.id}/unblock`, { json: { reason: 'Support tries' } }), 403);
    expect((await admin.post(`/api/customers/${c.id}/unblock`, { json: { reason: 'Paid the dues' } })).status).toBe(200);
    expect(await customers.get(c.id)).toMatchObject({ status: 'active', blocked_reason: null });
    await expectErrorShape(await admin.post(`/api/customers/${c.id}/unblock`, { json: { reason: 'Again' } }), 409);
    const log = await customers.activity(c.id);
    expect(log.map((e) => e.action)).toEqual(['unblock', 'block', 'create']);
    expect(log[1]!.changes).toMatchObject({ status: ['active', 'blocked'], reason: [null, 'Repeated COD refusals'] });
  });

  it('shows the block reason on the details page, and the empty sections later issues fill', async () => {
    const { body } = await customers.list({ ...filter('status', 'equals', 'blocked'), per_page: '10' });
    const c = body.data[0]!;
    const html = await (await support.get(`/customer/${c.id}/details`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(String(c.blocked_reason));
    for (const section of ['Orders', 'Reviews', 'Wishlist', 'Addresses']) expect(html).toContain(section);
    expect(html).toContain('No orders yet');
    expect(html).not.toContain('Reveal email and phone');
    const real = (await (await admin.post(`/api/customers/${c.id}/reveal`, { json: {} })).json()).data;
    expect(html).not.toContain(real.email);
    expect(html).not.toContain(real.phone.slice(3));
    expect(html).toContain(`+91 ••••• •${real.phone.slice(-4)}`);
    const adminHtml = await (await admin.get(`/customer/${c.id}/details`, { headers: { accept: 'text/html' } })).text();
    expect(adminHtml).toContain('Reveal email and phone');
  });
});

describe('addresses', () => {
  const fields = (customerId: number, extra: Record<string, string> = {}) => ({
    customer_id: String(customerId),
    label: 'Home',
    line1: '12 MG Road',
    pincode: '560001',
    state_id: String(place.karnataka),
    city_id: String(place.bengaluru),
    is_default: 'true',
    ...extra,
  });

  it('adds an address on a real pincode of the chosen state; a new default replaces the old one', async () => {
    const c = await customers.create({ name: 'Address Owner', email: 'owner@example.com', phone: '6000000002' });
    const home = await addresses.create(fields(c.id));
    expect(home).toMatchObject({ customer_name: 'Address Owner', state_name: 'Karnataka', pincode: '560001', is_default: true });
    const office = await addresses.create(fields(c.id, { label: 'Office', pincode: '560 100' }));
    expect(office).toMatchObject({ pincode: '560100', is_default: true });
    const mine = (await addresses.list(filter('customer_id', 'equals', c.id))).body.data;
    expect(mine.map((a) => [a.label, a.is_default]).sort()).toEqual([
      ['Home', false],
      ['Office', true],
    ]);
    expect((await customers.get(c.id)).addresses_count).toBe(2);
  });

  it('refuses a pincode India Post does not have, a Kerala pincode under Karnataka, and a city of another state', async () => {
    const unknown = await expectErrorShape(await addresses.post(fields(1, { pincode: '999999' })), 422);
    expect(unknown.errors!.pincode![0]).toContain('not a pincode of India');
    const kerala = await expectErrorShape(await addresses.post(fields(1, { pincode: '682001' })), 422);
    expect(kerala.errors!.pincode![0]).toContain('not in Karnataka');
    const city = await expectErrorShape(await addresses.post(fields(1, { city_id: String(place.kochi) })), 422);
    expect(city.errors).toHaveProperty('city_id');
    const malformed = await expectErrorShape(await addresses.post(fields(1, { pincode: '5600' })), 422);
    expect(malformed.errors).toHaveProperty('pincode');
  });

  it('the demo addresses lie on real pincodes of their state', async () => {
    const { body } = await addresses.list({ per_page: '10', sort: 'pincode' });
    expect(body.meta.total).toBeGreaterThanOrEqual(300);
    for (const a of body.data) {
      const found = (await admin.getJson(`/api/pincodes/lookup?code=${a.pincode}`)).body.data;
      expect(found.state.id).toBe(a.state_id);
    }
  });
});

describe('global search', () => {
  it('finds a customer by name and opens the details page, never showing the email or phone', async () => {
    const { body } = await support.getJson('/api/search?q=Aarav Sharma');
    const text = JSON.stringify(body);
    expect(text).toContain('/customer/1/details');
    expect(text).not.toContain('/customer/1/edit');
    expectNoPii(text.replace(/support@example\.com/g, ''));
    expect(JSON.stringify((await vendor.getJson('/api/search?q=Aarav Sharma')).body)).not.toContain('/customer/');
  });
});

describe('who may', () => {
  it('refuses a vendor every customers call and page (403), and changes nothing', async () => {
    const calls = [
      await vendor.get('/api/customers'),
      await vendor.get('/api/customers/1'),
      await vendor.get('/api/customers/export'),
      await vendor.get('/api/customers/options'),
      await vendor.post('/api/customers', { multipart: form({ name: 'X', email: 'x@example.com', phone: '6000000009' }) }),
      await vendor.put('/api/customers/1', { multipart: form({ name: 'X', email: 'x@example.com', phone: '6000000009', version: '1' }) }),
      await vendor.post('/api/customers/1/reveal', { json: {} }),
      await vendor.post('/api/customers/1/block', { json: { reason: 'x' } }),
      await vendor.post('/api/customers/1/unblock', { json: { reason: 'x' } }),
      await vendor.get('/api/customer-addresses'),
      await vendor.get('/api/customer-addresses/1'),
      await vendor.post('/api/customer-addresses', { multipart: form({ label: 'x' }) }),
    ];
    for (const response of calls) await expectErrorShape(response, 403);
    // Customers have no delete at all (the catalogue has no customers:delete): not refused, absent.
    await expectErrorShape(await vendor.delete('/api/customers/1'), 405);
    for (const page of ['/customers/list', '/customers/add', '/customer/1/details', '/customer/1/edit', '/customer-addresses']) {
      expect((await vendor.get(page, { headers: { accept: 'text/html' } })).status, page).toBe(403);
    }
    expect((await customers.get(1)).status).toBe('active');
  });

  it('lets support list and view but not create, edit, block or open the edit form; nobody deletes a customer', async () => {
    expect((await support.get('/customer/1/details', { headers: { accept: 'text/html' } })).status).toBe(200);
    await expectErrorShape(await support.post('/api/customers', { multipart: form({ name: 'X', email: 'x2@example.com', phone: '6000000008' }) }), 403);
    await expectErrorShape(await support.post('/api/customers/1/block', { json: { reason: 'x' } }), 403);
    expect((await support.get('/customer/1/edit', { headers: { accept: 'text/html' } })).status).toBe(403);
    // Blocked, never deleted: the area declares no delete call, so even the Super Admin gets 405.
    await expectErrorShape(await admin.delete('/api/customers/1'), 405);
    await expectErrorShape(await admin.post('/api/customers/bulk-delete', { json: { ids: [1] } }), 405);
    expect((await customers.get(1)).status).toBe('active');
  });

  it('opens the edit form for the Super Admin with the real values, logged as a reveal', async () => {
    const before = (await customers.activity(3)).length;
    const html = await (await admin.get('/customer/3/edit', { headers: { accept: 'text/html' } })).text();
    const real = (await (await admin.post('/api/customers/3/reveal', { json: {} })).json()).data;
    expect(html).toContain(real.email);
    const log = await customers.activity(3);
    expect(log.length).toBe(before + 2);
    expect(log[1]!.changes.revealed![1]).toContain('edit form');
  });
});
