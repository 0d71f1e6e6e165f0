/**
 * Vendors and the approval queue over real HTTP against the built server: the shared validation
 * (geography, GSTIN check character, GSTIN/PAN agreement), the status model and its refusals
 * (approve a draft → 409, a reason for reject and suspend), KYC with the bank account encrypted and
 * masked, documents checked by their bytes and fetched only through a short-lived signed link by
 * staff holding vendors:view-kyc, the vendor's status page, and the staff list, edit and export.
 */
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();

const EMAIL = 'asha.kyc@example.com';
const PASSWORD = 'Vendor@12345'; // newvendor's: the row copies its hash
const GOOD_STORE = {
  store_name: 'Asha Crafts',
  gstin: '29ABCPE1234F1Z7',
  pan: 'ABCPE1234F',
  phone: '9845012345',
  address_line: '12 MG Road',
  /** Bengaluru's id in the geography tables (beforeAll): the city is picked, not typed. */
  city_id: 0,
  state: 'Karnataka',
  pincode: '560001',
};
/** A city of Kerala (the pincode 682001's), picked with a Kerala address. */
let KERALA_CITY = 0;
const GOOD_KYC = {
  legal_name: 'Asha Crafts Private Limited',
  business_type: 'private_limited',
  pan: 'ABCPE1234F',
  gst_registered: 'yes',
  gstin: '29ABCPE1234F1Z7',
  account_holder_name: 'Asha Crafts Pvt Ltd',
  bank_account: '123456789012',
  bank_account_confirm: '123456789012',
  ifsc: 'HDFC0001234',
};
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);

let vendorId = 0;
let vendor: HttpClient;
let admin: HttpClient;
let reviewer: HttpClient; // support@example.com with vendors:list and vendors:update, not vendors:view-kyc
let demoVendor: HttpClient;

function upload(client: HttpClient, kind: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return client.post('/api/vendor/kyc/documents', { multipart: form });
}

function mailsTo(email: string): string[] {
  const dir = join(app.server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return (
    readdirSync(dir)
      .filter((f) => f.includes('-mail-') && f.includes(email))
      .sort()
      // Quoted-printable bodies break long lines with a trailing "=": join them to read the text.
      .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
  );
}

const status = (client: HttpClient, action: string, reason?: string) =>
  client.post(`/api/vendors/${vendorId}/status`, { json: reason === undefined ? { action } : { action, reason } });

beforeAll(async () => {
  vendorId = await app.server.withDatabase(async (q) => {
    const [hash] = await q(`select password_hash from users where email = 'newvendor@example.com'`);
    const [v] = await q(`insert into vendors (status) values ('draft') returning id`);
    const [u] = await q(
      `insert into users (name, email, password_hash, user_type, vendor_id, phone, phone_verified_at) values ('Asha Rao', $1, $2, 'vendor', $3, '+919845012345', now()) returning id`,
      [EMAIL, hash!.password_hash, v!.id],
    );
    await q(`insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Vendor'`, [u!.id]);
    await q(
      `insert into user_permissions (user_id, permission_id) select u.id, p.id from users u, permissions p where u.email = 'support@example.com' and p.name in ('vendors:list', 'vendors:update')`,
    );
    return Number(v!.id);
  });
  vendor = app.client();
  await vendor.login({ email: EMAIL, password: PASSWORD });
  admin = await app.as('admin');
  reviewer = await app.as('support');
  demoVendor = await app.as('vendor');
  const cityOf = async (code: string) => (await admin.getJson(`/api/pincodes/lookup?code=${code}`)).body.data.city as { id: number; name: string };
  const bengaluru = await cityOf('560001');
  expect(bengaluru.name).toBe('Bengaluru');
  GOOD_STORE.city_id = bengaluru.id;
  KERALA_CITY = (await cityOf('682001')).id;
}, 240_000);

describe('validation shared by store setup and the staff edit (422 naming the field)', () => {
  it.each([
    ['a typed city instead of one picked from the geography tables', { city_id: 'asdfgh' }, 'city_id'],
    ['a city id no city has', { city_id: 2_000_000 }, 'city_id'],
    ['a pincode that does not exist', { pincode: '999999' }, 'pincode'],
    ['a Kerala pincode under Karnataka', { pincode: '682001' }, 'pincode'],
    ['a GSTIN with a wrong check character', { gstin: '29ABCPE1234F1Z5' }, 'gstin'],
    ['a GSTIN whose PAN is not the PAN', { pan: 'ABCPE9999F' }, 'gstin'],
    ['a PAN with a wrong holder type', { pan: 'ABCDE1234F', gstin: '29ABCDE1234F1ZW' }, 'pan'],
    ['a GSTIN of another state', { state: 'Kerala', pincode: '682001', city_id: -1 }, 'state'],
  ])('refuses %s', async (_what, change, field) => {
    const json = { ...GOOD_STORE, ...change };
    if (json.city_id === -1) json.city_id = KERALA_CITY;
    const body = await expectErrorShape(await vendor.post('/api/vendor/store-setup', { json }), 422);
    expect(Object.keys(body.errors ?? {}), JSON.stringify(body)).toContain(field);
  });

  it('refuses a city of another state, naming both', async () => {
    const body = await expectErrorShape(await vendor.post('/api/vendor/store-setup', { json: { ...GOOD_STORE, city_id: KERALA_CITY } }), 422);
    expect(body.errors?.city_id?.[0]).toMatch(/ is not in Karnataka\. Choose one of Karnataka's cities\.$/);
  });

  it('names the pincode’s real state', async () => {
    const body = await expectErrorShape(await vendor.post('/api/vendor/store-setup', { json: { ...GOOD_STORE, pincode: '682001' } }), 422);
    expect(body.errors?.pincode?.[0]).toMatch(/682001 is in Kerala, not in Karnataka/);
  });

  it('accepts a real address and stores the geography ids', async () => {
    const response = await vendor.post('/api/vendor/store-setup', { json: GOOD_STORE });
    expect(response.status, await response.clone().text()).toBe(200);
    const detail = await admin.getJson(`/api/vendors/${vendorId}`);
    expect(detail.body.data).toMatchObject({ status: 'draft', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' });
    expect(detail.body.data.city_id).toBeGreaterThan(0);
    expect(detail.body.data.state_id).toBeGreaterThan(0);
  });
});

describe('a draft vendor', () => {
  it('is taken back to the first unfinished step at sign-in', async () => {
    const again = app.client();
    const response = await again.login({ email: EMAIL, password: PASSWORD });
    expect(response.headers.get('location')).toBe('/vendor/onboarding');
  });

  it('cannot be approved: 409, and nothing changes', async () => {
    const body = await expectErrorShape(await status(admin, 'approve'), 409);
    expect(body.message).toMatch(/not submitted onboarding/);
    expect((await admin.getJson(`/api/vendors/${vendorId}`)).body.data.status).toBe('draft');
  });

  it('cannot submit before KYC and documents (422 naming what is missing)', async () => {
    const body = await expectErrorShape(await vendor.post('/api/vendor/onboarding/submit', { json: {} }), 422);
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['kyc', 'pan_card', 'cancelled_cheque', 'gst_certificate']));
  });
});

describe('KYC and bank details', () => {
  it.each([
    ['the account numbers differ', { bank_account_confirm: '123456789013' }, 'bank_account_confirm'],
    ['a wrong IFSC', { ifsc: 'HDFC1001234' }, 'ifsc'],
    ['a GSTIN with a wrong check character', { gstin: '29ABCPE1234F1Z5' }, 'gstin'],
    ['a GSTIN not matching the PAN', { pan: 'ABCPE9999F' }, 'gstin'],
    ['no enrolment number without GST', { gst_registered: 'no', gstin: '' }, 'gst_enrolment_number'],
  ])('refuses %s (422)', async (_what, change, field) => {
    const body = await expectErrorShape(await vendor.put('/api/vendor/kyc', { json: { ...GOOD_KYC, ...change } }), 422);
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });

  it('saves; the vendor sees only the last 4 digits, and the database holds no clear number', async () => {
    const response = await vendor.put('/api/vendor/kyc', { json: GOOD_KYC });
    expect(response.status, await response.clone().text()).toBe(200);
    const mine = await vendor.getJson('/api/vendor/kyc');
    expect(mine.body.data).toMatchObject({ bank_account: null, bank_account_masked: '•••• •••• 9012', ifsc: 'HDFC0001234', pan: 'ABCPE1234F' });
  });

  it('documents are checked by their bytes, not their name', async () => {
    const fake = await expectErrorShape(await upload(vendor, 'pan_card', new TextEncoder().encode('not a pdf at all'), 'pan.pdf', 'application/pdf'), 422);
    expect(fake.errors?.pan_card?.[0]).toMatch(/not a PDF, JPEG or PNG/);
    await expectErrorShape(await upload(vendor, 'passport', PDF, 'x.pdf', 'application/pdf'), 422);
    expect((await upload(vendor, 'pan_card', PDF, 'pan.pdf', 'application/pdf')).status).toBe(201);
    expect((await upload(vendor, 'cancelled_cheque', JPEG, 'cheque.jpg', 'image/jpeg')).status).toBe(201);
    expect((await upload(vendor, 'gst_certificate', PNG, 'gst.png', 'image/png')).status).toBe(201);
    // Stored outside the public uploads: nothing new under /uploads.
    expect(readdirSync(join(app.server.dataDir, 'kyc', String(vendorId))).length).toBe(3);
  });
});

describe('the status model', () => {
  it('submit for approval: draft → pending; the queue counts it', async () => {
    const response = await vendor.post('/api/vendor/onboarding/submit', { json: {} });
    expect(response.status, await response.clone().text()).toBe(200);
    const page = await (await vendor.get('/vendor/onboarding')).text();
    expect(page).toContain('Waiting for approval');
    expect(page).toContain('What happens next');
    expect((await vendor.getJson('/api/vendor/onboarding')).body.data).toMatchObject({ status: 'pending', next: '/vendor/onboarding' });
    const filters = JSON.stringify({ status: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'pending' }] } });
    const queue = await admin.getJson(`/api/vendors?filters=${encodeURIComponent(filters)}`);
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((r: { id: number }) => r.id)).toContain(vendorId);
    expect(queue.body.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    // The reviewers are told.
    expect(JSON.stringify((await admin.getJson('/api/notifications')).body)).toContain('Asha Crafts submitted onboarding.');
    // The sidebar badge for staff holding vendors:approve: this vendor and the demo data's Lotus Crafts Jaipur.
    expect(queue.body.data.map((r: { store_name: string }) => r.store_name).sort()).toEqual(['Asha Crafts', 'Lotus Crafts Jaipur']);
    const list = await (await admin.get('/vendors/list')).text();
    expect(list).toMatch(/id="menu-badge-vendors"[^>]*>\s*2/);
  });

  it('editing KYC is refused while pending (409)', async () => {
    await expectErrorShape(await vendor.put('/api/vendor/kyc', { json: GOOD_KYC }), 409);
  });

  it('reject needs a reason (422); with one, the vendor is told by notification and mail and sees it', async () => {
    const noReason = await expectErrorShape(await status(admin, 'reject'), 422);
    expect(noReason.errors?.reason).toBeTruthy();
    await expectErrorShape(await status(admin, 'reject', '   '), 422);
    const response = await status(admin, 'reject', 'The cancelled cheque is not readable.');
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()).data.status).toBe('rejected');
    const notes = await vendor.getJson('/api/notifications');
    expect(JSON.stringify(notes.body)).toContain('Your store was not approved');
    // Mailed after the commit by the mail worker (the vendor's preferences mail "Your store" by default).
    await expect.poll(() => mailsTo(EMAIL).some((m) => m.includes('The cancelled cheque is not readable.')), { timeout: 15_000 }).toBe(true);
    const page = await (await vendor.get('/vendor/onboarding')).text();
    expect(page).toContain('The cancelled cheque is not readable.');
    expect(page).toContain('Submit again for approval');
  });

  it('a rejected vendor fixes the document and submits again', async () => {
    expect((await upload(vendor, 'cancelled_cheque', PDF, 'cheque.pdf', 'application/pdf')).status).toBe(201);
    expect((await vendor.post('/api/vendor/onboarding/submit', { json: {} })).status).toBe(200);
    expect((await admin.getJson(`/api/vendors/${vendorId}`)).body.data.status).toBe('pending');
  });

  it('approve → active; then approve again is 409; suspend needs a reason; reinstate; reinstate again is 409', async () => {
    expect((await status(admin, 'approve')).status).toBe(200);
    await expectErrorShape(await status(admin, 'approve'), 409);
    await expectErrorShape(await status(admin, 'reinstate'), 409);
    await expectErrorShape(await status(admin, 'suspend'), 422);
    expect((await status(admin, 'suspend', 'Orders shipped late three times.')).status).toBe(200);
    // A suspended vendor still signs in and sees their data.
    expect((await vendor.get('/dashboard')).status).toBe(200);
    expect(await (await vendor.get('/vendor/onboarding')).text()).toContain('Orders shipped late three times.');
    expect((await status(admin, 'reinstate')).status).toBe(200);
    await expectErrorShape(await status(admin, 'reinstate'), 409);
    const detail = (await admin.getJson(`/api/vendors/${vendorId}`)).body.data;
    expect(detail.status).toBe('active');
    expect(detail.events.map((e: { from: string; to: string }) => `${e.from}>${e.to}`)).toEqual([
      'suspended>active',
      'active>suspended',
      'pending>active',
      'rejected>pending',
      'pending>rejected',
      'draft>pending',
    ]);
    expect(detail.events[1].reason).toBe('Orders shipped late three times.');
    expect(detail.events[0].actor_name).toBeTruthy();
  });

  it('every transition is in the activity log', async () => {
    const log = await admin.getJson(`/api/activity-logs?q=${encodeURIComponent('Asha Crafts')}&per_page=100`);
    const actions = log.body.data.filter((e: { area: string }) => e.area === 'vendors').map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['submit', 'reject', 'approve', 'suspend', 'reinstate', 'kyc-saved', 'document-uploaded']));
  });
});

describe('KYC for staff', () => {
  it('vendors:view-kyc sees the whole account number and signed document links that work', async () => {
    const { body } = await admin.getJson(`/api/vendors/${vendorId}`);
    expect(body.data.kyc.bank_account).toBe('123456789012');
    const pan = body.data.kyc.documents.find((d: { kind: string }) => d.kind === 'pan_card');
    expect(pan.url).toMatch(new RegExp(`^/api/vendors/${vendorId}/documents/\\d+\\?expires=\\d+&sig=`));
    const file = await admin.get(pan.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toContain('no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it('a tampered or expired link is refused (403)', async () => {
    const { body } = await admin.getJson(`/api/vendors/${vendorId}`);
    const doc = body.data.kyc.documents[0];
    await expectErrorShape(await admin.get(doc.url.replace(/sig=[^&]+/, 'sig=forged')), 403);
    await expectErrorShape(await admin.get(`/api/vendors/${vendorId}/documents/${doc.id}`), 403);
    // A link that was genuine but whose 5 minutes are over (signed with the server's own secret).
    const secret = readFileSync(join(app.server.dataDir, 'session-secret'), 'utf8').trim();
    const expires = Math.floor(Date.now() / 1000) - 1;
    const sig = createHmac('sha256', secret).update(`kyc-document:${vendorId}:${doc.id}:${expires}`).digest('base64url');
    const expired = await expectErrorShape(await admin.get(`/api/vendors/${vendorId}/documents/${doc.id}?expires=${expires}&sig=${sig}`), 403);
    expect(expired.message).toMatch(/expired/);
    // The same shape of link, still valid, for a document of another vendor is not found.
    const fresh = Math.floor(Date.now() / 1000) + 60;
    const other = createHmac('sha256', secret).update(`kyc-document:1:${doc.id}:${fresh}`).digest('base64url');
    await expectErrorShape(await admin.get(`/api/vendors/1/documents/${doc.id}?expires=${fresh}&sig=${other}`), 404);
  });

  it('without vendors:view-kyc: the account masked, no links, and a valid link is refused', async () => {
    const { status: code, body } = await reviewer.getJson(`/api/vendors/${vendorId}`);
    expect(code).toBe(200);
    expect(body.data.kyc.bank_account).toBeNull();
    expect(body.data.kyc.bank_account_masked).toBe('•••• •••• 9012');
    expect(body.data.kyc.documents.every((d: { url?: string }) => d.url === undefined)).toBe(true);
    const adminView = await admin.getJson(`/api/vendors/${vendorId}`);
    await expectErrorShape(await reviewer.get(adminView.body.data.kyc.documents[0].url), 403);
    const page = await (await reviewer.get(`/vendors/${vendorId}/edit`)).text();
    expect(page).toContain('•••• •••• 9012');
    expect(page).not.toContain('123456789012');
    // Decisions need vendors:approve.
    await expectErrorShape(await status(reviewer, 'suspend', 'x'), 403);
  });
});

describe('staff edit, list and export', () => {
  it('commission (2 decimals) and payout cycle', async () => {
    const version = (await admin.getJson(`/api/vendors/${vendorId}`)).body.data.version;
    await expectErrorShape(await admin.put(`/api/vendors/${vendorId}`, { json: { version, commission_rate: 12.345 } }), 422);
    await expectErrorShape(await admin.put(`/api/vendors/${vendorId}`, { json: { version, commission_rate: 101 } }), 422);
    await expectErrorShape(await admin.put(`/api/vendors/${vendorId}`, { json: { version, payout_cycle: 'daily' } }), 422);
    const ok = await admin.put(`/api/vendors/${vendorId}`, { json: { version, commission_rate: 12.5, payout_cycle: 'weekly' } });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await ok.json()).data).toMatchObject({ commission_rate: 12.5, payout_cycle: 'weekly' });
    await expectErrorShape(await admin.put(`/api/vendors/${vendorId}`, { json: { version, commission_rate: 10 } }), 409);
  });

  it('the staff edit uses the same address and GSTIN rules', async () => {
    const version = (await admin.getJson(`/api/vendors/${vendorId}`)).body.data.version;
    for (const [change, field] of [
      [{ city: 'asdfgh' }, 'city'],
      [{ pincode: '999999' }, 'pincode'],
      [{ pincode: '682001' }, 'pincode'],
      [{ gstin: '29ABCPE1234F1Z5' }, 'gstin'],
      [{ pan: 'AAFCD1234K' }, 'gstin'],
    ] as const) {
      const body = await expectErrorShape(await admin.put(`/api/vendors/${vendorId}`, { json: { version, ...change } }), 422);
      expect(Object.keys(body.errors ?? {}), JSON.stringify(change)).toContain(field);
    }
  });

  it('the edit page works without JavaScript: its forms post to the page with the same rules', async () => {
    const form = (client: HttpClient, fields: Record<string, string>) =>
      client.post(`/vendors/${vendorId}/edit`, { form: { _token: client.csrfToken!, ...fields }, csrf: false });
    const html = await (await admin.get(`/vendors/${vendorId}/edit`)).text();
    expect(html).toContain('Suspend…');
    expect(html).not.toContain('>Approve<');
    const noReason = await form(admin, { intent: 'status', action: 'suspend', reason: '' });
    expect(noReason.status).toBe(422);
    expect(await noReason.text()).toContain('Give a reason');
    const refused = await form(reviewer, { intent: 'status', action: 'suspend', reason: 'Late shipping' });
    expect(refused.status).toBe(403);
    expect((await admin.getJson(`/api/vendors/${vendorId}`)).body.data.status).toBe('active');
    const version = String((await admin.getJson(`/api/vendors/${vendorId}`)).body.data.version);
    const saved = await form(admin, { intent: 'update', version, commission_rate: '9.25', payout_cycle: 'fortnightly', city_id: '' });
    expect(saved.status, await saved.clone().text()).toBe(303);
    expect((await admin.getJson(`/api/vendors/${vendorId}`)).body.data).toMatchObject({ commission_rate: 9.25, payout_cycle: 'fortnightly' });
    expect((await admin.getJson('/api/vendors/999999')).status).toBe(404);
  });

  it('lists vendors on the list contract with owner, products and verified phone; exports CSV', async () => {
    const list = await admin.getJson('/api/vendors?sort=store_name&order=asc&per_page=50');
    expect(list.status).toBe(200);
    const demo = list.body.data.find((r: { store_name: string }) => r.store_name === 'Demo Fashion House');
    expect(demo).toMatchObject({ status: 'active', owner_name: 'Vikram Vendor', phone_verified: true });
    expect(demo.products_count).toBeGreaterThan(0);
    expect(list.body.meta).toMatchObject({ page: 1, per_page: 50 });
    await expectErrorShape(await admin.get('/api/vendors?sort=password'), 422);
    const csv = await admin.get('/api/vendors/export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(await csv.text()).toContain('Asha Crafts');
  });

  it('the demo vendors keep working: vendor@example.com active, newvendor draft', async () => {
    const list = await admin.getJson('/api/vendors?per_page=50');
    const byOwner = Object.fromEntries(list.body.data.map((r: { owner_name: string; status: string }) => [r.owner_name, r.status]));
    expect(byOwner['Vikram Vendor']).toBe('active');
    expect(byOwner['Neha Newvendor']).toBe('draft');
    expect((await demoVendor.get('/dashboard')).status).toBe(200);
  });

  it('a vendor gets 403 on every staff vendors route', async () => {
    for (const [method, path] of [
      ['GET', '/api/vendors'],
      ['GET', '/api/vendors/export'],
      ['GET', `/api/vendors/${vendorId}`],
      ['PUT', `/api/vendors/${vendorId}`],
      ['POST', `/api/vendors/${vendorId}/status`],
      ['GET', `/api/vendors/${vendorId}/documents/1`],
    ] as const) {
      const response = await demoVendor.request(method, path, method === 'GET' ? {} : { json: { action: 'approve', version: 1 } });
      await expectErrorShape(response, 403);
    }
    expect((await demoVendor.get('/vendors/list', { headers: { accept: 'text/html' } })).status).toBe(403);
  });
});
