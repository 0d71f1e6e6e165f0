/**
 * Warehouses over real HTTP: the platform's and the vendors', an address whose state, city and
 * pincode must agree, a unique code, the activity log, and ownership — a vendor lists, reads and
 * changes only their own, whatever owner they send, and can't delete; support is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter, form, type ApiRecord } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
const warehouses = areaApi('warehouses', () => admin);
const asVendor = areaApi('warehouses', () => vendor);

/** The ids of a real address: Goa → North Goa → its first pincode, and a pincode of South Goa. */
let place: { state_id: number; city_id: number; pincode_id: number; other_city_pincode_id: number; other_state_id: number };
let vendorIds: { fashion: number; kaveri: number };

async function firstOf(path: string): Promise<ApiRecord> {
  const { status, body } = await admin.getJson(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data[0];
}

const fieldsFor = (extra: Record<string, string> = {}) => ({
  name: 'Panaji depot',
  code: 'GOA-01',
  contact_name: 'Maria Fernandes',
  contact_phone: '+91 832 222 3344',
  address_line1: '1 Dayanand Bandodkar Marg',
  state_id: String(place.state_id),
  city_id: String(place.city_id),
  pincode_id: String(place.pincode_id),
  ...extra,
});

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  const goa = await firstOf('/api/states?q=Goa');
  const northGoa = await firstOf(`/api/cities?${new URLSearchParams({ q: 'North Goa' })}`);
  const southGoa = await firstOf(`/api/cities?${new URLSearchParams({ q: 'South Goa' })}`);
  const pin = await firstOf(`/api/pincodes?${new URLSearchParams({ filters: JSON.stringify(filter('city_id', 'equals', northGoa.id).filters) })}`);
  const otherPin = await firstOf(`/api/pincodes?${new URLSearchParams({ filters: JSON.stringify(filter('city_id', 'equals', southGoa.id).filters) })}`);
  const karnataka = await firstOf('/api/states?q=Karnataka');
  place = { state_id: goa.id, city_id: northGoa.id, pincode_id: pin.id, other_city_pincode_id: otherPin.id, other_state_id: karnataka.id };
  const options = (await admin.getJson('/api/vendors/options')).body.data as { value: number; label: string }[];
  vendorIds = { fashion: options.find((o) => o.label === 'Demo Fashion House')!.value, kaveri: options.find((o) => o.label === 'Kaveri Handlooms')!.value };
});

describe('GET /api/warehouses', () => {
  it('shows staff every demo warehouse with its owner and address', async () => {
    const { body } = await warehouses.list({ sort: 'code', order: 'asc' });
    expect(body.data.map((w) => [w.code, w.owner_name])).toEqual([
      ['BLR-01', 'Platform'],
      ['DEL-01', 'Platform'],
      ['DFH-BLR', 'Demo Fashion House'],
      ['KVH-MAA', 'Kaveri Handlooms'],
    ]);
    expect(body.data[0]).toMatchObject({
      owner_type: 'platform',
      vendor_id: null,
      city_name: 'Bengaluru',
      state_name: 'Karnataka',
      pincode: '560100',
      is_active: true,
    });
    expect((await warehouses.list(filter('owner_type', 'equals', 'vendor'))).body.data.map((w) => w.code).sort()).toEqual(['DFH-BLR', 'KVH-MAA']);
    expect((await warehouses.list(filter('vendor_id', 'in', [vendorIds.kaveri]))).body.data.map((w) => w.code)).toEqual(['KVH-MAA']);
    expect((await warehouses.list({ q: '600002' })).body.data.map((w) => w.code)).toEqual(['KVH-MAA']);
    // The search box: a pincode containing the digits, a code or a name containing the text.
    expect((await warehouses.list({ q: '0000' })).body.data.map((w) => w.code)).toEqual(['KVH-MAA']);
    expect((await warehouses.list({ q: 'dfh' })).body.data.map((w) => w.code)).toEqual(['DFH-BLR']);
    expect((await warehouses.list({ q: '999' })).body.data).toEqual([]);
  });

  it('shows a vendor only their own', async () => {
    const { body } = await asVendor.list();
    expect(body.data.map((w) => w.code)).toEqual(['DFH-BLR']);
    expect(body.meta.total).toBe(1);
  });
});

describe('writing warehouses', () => {
  it('adds a platform warehouse, then gives it to a vendor; each change is in the activity log', async () => {
    const made = await warehouses.create(fieldsFor({ code: 'goa-01', contact_email: 'goa@example.com' }));
    expect(made).toMatchObject({
      code: 'GOA-01',
      vendor_id: null,
      owner_name: 'Platform',
      state_name: 'Goa',
      city_name: 'North Goa',
      contact_email: 'goa@example.com',
      is_active: true,
    });
    const res = await warehouses.put(made.id, fieldsFor({ vendor_id: String(vendorIds.kaveri), is_active: 'false', version: String(made.version) }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).data).toMatchObject({ vendor_id: vendorIds.kaveri, owner_name: 'Kaveri Handlooms', is_active: false });
    const entries = await warehouses.activity(made.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0]!.changes.vendorId).toEqual([null, vendorIds.kaveri]);
    expect((await warehouses.delete(made.id)).status).toBe(200);
  });

  it('refuses an address that does not hang together, a taken code and a missing vendor, writing nothing', async () => {
    const mismatch = await expectErrorShape(await warehouses.post(fieldsFor({ code: 'BAD-01', state_id: String(place.other_state_id) })), 422);
    expect(mismatch.errors?.city_id).toEqual(['This city is not in the chosen state. Choose the city again.']);
    const wrongPin = await expectErrorShape(await warehouses.post(fieldsFor({ code: 'BAD-02', pincode_id: String(place.other_city_pincode_id) })), 422);
    expect(wrongPin.errors?.pincode_id).toEqual(['This pincode is not in the chosen city. Choose the pincode again.']);
    const taken = await expectErrorShape(await warehouses.post(fieldsFor({ code: 'blr-01' })), 422);
    expect(taken.errors?.code).toEqual(["This code is already used by another of the owner's warehouses."]);
    const noVendor = await expectErrorShape(await warehouses.post(fieldsFor({ code: 'BAD-03', vendor_id: '999999' })), 422);
    expect(noVendor.errors?.vendor_id).toEqual(['Choose a vendor from the list, or Platform.']);
    const missing = await expectErrorShape(await warehouses.post({ name: '' }), 422);
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual([
      'address_line1',
      'city_id',
      'code',
      'contact_name',
      'contact_phone',
      'name',
      'pincode_id',
      'state_id',
    ]);
    const phone = await expectErrorShape(await warehouses.post(fieldsFor({ code: 'BAD-04', contact_phone: 'call me', contact_email: 'nope' })), 422);
    expect(Object.keys(phone.errors ?? {}).sort()).toEqual(['contact_email', 'contact_phone']);
    expect((await warehouses.list({ q: 'BAD-0' })).body.data).toHaveLength(0);
  });
});

describe('a vendor’s warehouses', () => {
  it('are the vendor’s whatever owner the request names, and stay theirs on edit', async () => {
    const response = await vendor.post('/api/warehouses', { multipart: form(fieldsFor({ code: 'DFH-GOA', vendor_id: String(vendorIds.kaveri) })) });
    expect(response.status, await response.clone().text()).toBe(201);
    const made = (await response.json()).data as ApiRecord;
    expect(made.vendor_id).toBe(vendorIds.fashion);
    const platform = await vendor.put(`/api/warehouses/${made.id}`, {
      multipart: form(fieldsFor({ code: 'DFH-GOA', vendor_id: '', version: String(made.version) })),
    });
    expect(platform.status, await platform.clone().text()).toBe(200);
    expect((await platform.json()).data.vendor_id).toBe(vendorIds.fashion);
    expect((await asVendor.list()).body.data.map((w) => w.code).sort()).toEqual(['DFH-BLR', 'DFH-GOA']);
    // Vendors can't delete warehouses (no warehouse:delete); staff can.
    await expectErrorShape(await vendor.delete(`/api/warehouses/${made.id}`), 403);
    expect((await warehouses.delete(made.id)).status).toBe(200);
  });

  it('may reuse a code another owner has: the answer tells nothing about other owners’ warehouses', async () => {
    // KVH-MAA is Kaveri's, BLR-01 the platform's: this vendor may use both codes for their own.
    const created: ApiRecord[] = [];
    for (const code of ['kvh-maa', 'BLR-01']) {
      const response = await vendor.post('/api/warehouses', { multipart: form(fieldsFor({ code })) });
      expect(response.status, await response.clone().text()).toBe(201);
      created.push((await response.json()).data as ApiRecord);
    }
    expect(created.map((w) => [w.code, w.vendor_id])).toEqual([
      ['KVH-MAA', vendorIds.fashion],
      ['BLR-01', vendorIds.fashion],
    ]);
    // The vendor's own codes are still unique among their warehouses, and the message names only those.
    const again = await expectErrorShape(await vendor.post('/api/warehouses', { multipart: form(fieldsFor({ code: 'Kvh-Maa' })) }), 422);
    expect(again.errors?.code).toEqual(["This code is already used by another of the owner's warehouses."]);
    // Staff giving a warehouse to that vendor meet the same rule; the platform keeps its own BLR-01.
    const staffForVendor = await expectErrorShape(await warehouses.post(fieldsFor({ code: 'blr-01', vendor_id: String(vendorIds.fashion) })), 422);
    expect(staffForVendor.errors?.code).toEqual(["This code is already used by another of the owner's warehouses."]);
    expect((await warehouses.list(filter('code', 'equals', 'BLR-01'))).body.data.map((w) => w.owner_name).sort()).toEqual(['Demo Fashion House', 'Platform']);
    for (const w of created) expect((await warehouses.delete(w.id)).status).toBe(200);
  });

  it('hides other owners’ warehouses: not found, and untouched', async () => {
    const kaveri = await warehouses.find('code', 'KVH-MAA');
    const blr = await warehouses.find('code', 'BLR-01');
    for (const w of [kaveri, blr]) {
      await expectErrorShape(await vendor.get(`/api/warehouses/${w.id}`), 404);
      await expectErrorShape(await vendor.put(`/api/warehouses/${w.id}`, { multipart: form(fieldsFor({ code: w.code, version: String(w.version) })) }), 404);
      await expectErrorShape(await vendor.post('/api/warehouses/bulk-status', { json: { ids: [w.id], status: 'false' } }), 404);
      expect((await warehouses.get(w.id)).version).toBe(w.version);
      expect((await vendor.get(`/warehouse/${w.id}/edit`, { headers: { accept: 'text/html' } })).status).toBe(404);
    }
  });

  it('finds only the vendor’s own in the global search', async () => {
    expect(JSON.stringify((await admin.getJson('/api/search?q=godown')).body)).toContain('Kaveri Handlooms godown');
    expect(JSON.stringify((await vendor.getJson('/api/search?q=godown')).body)).not.toContain('Kaveri Handlooms godown');
    expect(JSON.stringify((await vendor.getJson('/api/search?q=store room')).body)).toContain('Demo Fashion House store room');
  });

  it('shows the vendor their pages without the owner column or field', async () => {
    const list = await (await vendor.get('/warehouses', { headers: { accept: 'text/html' } })).text();
    expect(list).toContain('DFH-BLR');
    expect(list).not.toContain('KVH-MAA');
    expect(list).not.toMatch(/>Owner</);
    const add = await (await vendor.get('/warehouses/add', { headers: { accept: 'text/html' } })).text();
    expect(add).not.toContain('vendor_id');
    expect(await (await admin.get('/warehouses/add', { headers: { accept: 'text/html' } })).text()).toContain('vendor_id');
  });

  it('keeps vendor names for staff: /api/vendors/options answers staff only', async () => {
    await expectErrorShape(await vendor.get('/api/vendors/options'), 403);
    const { status, body } = await admin.getJson(`/api/vendors/options?ids=${vendorIds.kaveri}`);
    expect(status).toBe(200);
    expect(body.data).toEqual([{ value: vendorIds.kaveri, label: 'Kaveri Handlooms' }]);
    expect((await admin.getJson('/api/vendors/options?q=kaveri')).body.data.map((o: { label: string }) => o.label)).toEqual(['Kaveri Handlooms']);
  });
});

describe('who may use it', () => {
  it('refuses support every call and page', async () => {
    const support = await app.as('support');
    const blr = await warehouses.find('code', 'BLR-01');
    await expectAreaRefused(support, 'warehouses', blr.id, ['/warehouses', '/warehouses/add', `/warehouse/${blr.id}/edit`]);
  });
});
