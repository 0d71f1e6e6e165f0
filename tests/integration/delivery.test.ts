/**
 * Delivery partners and zones over real HTTP: the demo couriers and their zones, a zone's
 * pincodes pasted as text (every bad line reported with its number, nothing written), replaced
 * with a bounded activity entry, a city's or state's pincodes for the form, what can't be deleted
 * while in use (a partner with zones, a pincode in a zone), the details page, and who may use it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
const partners = areaApi('delivery-partners', () => admin);
const zones = areaApi('delivery-zones', () => admin);

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('the demo couriers', () => {
  it('lists partners with their zones and the distinct pincodes they serve', async () => {
    const { body } = await partners.list();
    expect(body.data.map((p) => [p.name, p.zones_count, p.cod_supported])).toEqual([
      ['Dakshin Couriers', 1, false],
      ['Metro Same-Day', 0, true],
      ['Swift Express', 2, true],
    ]);
    const swift = body.data.find((p) => p.name === 'Swift Express')!;
    const swiftZones = (await zones.list(filter('delivery_partner_id', 'equals', swift.id))).body.data;
    expect(swiftZones.map((z) => z.name).sort()).toEqual(['All of Goa', 'Bengaluru city']);
    expect(swift.pincodes_count).toBe(swiftZones.reduce((n, z) => n + z.pincode_count, 0));
    expect(swiftZones.find((z) => z.name === 'Bengaluru city')).toMatchObject({
      charge: 40,
      estimated_days: '1–2 days',
      delivery_partner_name: 'Swift Express',
    });
  });

  it('gives a zone’s pincodes on the zone itself, one per line, never in the list', async () => {
    const goa = await zones.find('name', 'All of Goa');
    expect(goa).not.toHaveProperty('pincodes');
    const full = await zones.get(goa.id);
    const lines = String(full.pincodes).split('\n');
    expect(lines).toHaveLength(goa.pincode_count);
    expect(lines.every((p) => /^40[3-4]\d{3}$/.test(p))).toBe(true);
  });
});

describe('delivery partners', () => {
  it('checks the tracking link template and refuses a partner with zones to be deleted', async () => {
    const bad = await expectErrorShape(await partners.post({ name: 'Test Courier', tracking_url_template: 'https://track.example/awb' }), 422);
    expect(bad.errors?.tracking_url_template).toEqual(['Put {tracking_number} where the tracking number goes.']);
    const notUrl = await expectErrorShape(await partners.post({ name: 'Test Courier', tracking_url_template: 'track me {tracking_number}' }), 422);
    expect(notUrl.errors?.tracking_url_template?.[0]).toBe('Start with https:// (or http://).');
    const made = await partners.create({
      name: 'Test Courier',
      tracking_url_template: 'https://track.example/?awb={tracking_number}',
      cod_supported: 'true',
      contact_phone: '1800 123 4567',
    });
    expect(made).toMatchObject({ cod_supported: true, zones_count: 0, pincodes_count: 0, status: 'active' });
    const dup = await expectErrorShape(await partners.post({ name: 'test courier' }), 422);
    expect(dup.errors?.name).toEqual(['A delivery partner with this name already exists.']);
    expect((await partners.delete(made.id)).status).toBe(200);

    const swift = await partners.find('name', 'Swift Express');
    const blocked = await expectErrorShape(await partners.delete(swift.id), 409);
    // Its zones, and the demo orders it shipped (src/app/orders/orders.demo.server.ts).
    expect(blocked.message).toBe('Delivery partner "Swift Express" can\'t be deleted: it has 2 delivery zones and shipped 2 orders.');
  });

  it('has a details page with the partner and a table of its zones, for delivery-partners:view', async () => {
    const swift = await partners.find('name', 'Swift Express');
    const page = await admin.get(`/delivery-partners/${swift.id}/details`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Swift Express');
    expect(html).toContain('https://track.swiftexpress.example/awb/{tracking_number}');
    expect(html).toContain('Bengaluru city');
    expect(html).toContain('All of Goa');
    expect(html).not.toContain('Chennai city');
    expect((await admin.get('/delivery-partners/999999/details', { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});

describe('delivery zones', () => {
  let partnerId: number;
  beforeAll(async () => {
    partnerId = (await partners.find('name', 'Metro Same-Day')).id;
  });
  const zoneFields = (pincodes: string, extra: Record<string, string> = {}) => ({
    name: 'Test zone',
    delivery_partner_id: String(partnerId),
    charge: '25.50',
    estimated_days_min: '1',
    estimated_days_max: '2',
    pincodes,
    ...extra,
  });

  it('reports every bad line of a pasted list by its number, and writes nothing', async () => {
    const malformed = await expectErrorShape(await zones.post(zoneFields('560001\n56001\n560 002, abc\n\n012345')), 422);
    expect(malformed.errors?.pincodes).toEqual([
      'Line 2: “56001” is not a pincode (six digits, not starting with 0).',
      'Line 3: “abc” is not a pincode (six digits, not starting with 0).',
      'Line 5: “012345” is not a pincode (six digits, not starting with 0).',
    ]);
    const unknown = await expectErrorShape(await zones.post(zoneFields('560001\n999999\n560002\n999998')), 422);
    expect(unknown.errors?.pincodes).toEqual([
      'Line 2: 999999 is not a pincode of India (not in the Pincodes list).',
      'Line 4: 999998 is not a pincode of India (not in the Pincodes list).',
    ]);
    const many = await expectErrorShape(await zones.post(zoneFields(Array.from({ length: 30 }, (_, i) => `x${i}`).join('\n'))), 422);
    expect(many.errors?.pincodes).toHaveLength(21);
    expect(many.errors?.pincodes?.at(-1)).toBe('…and 10 more lines with errors.');
    const days = await expectErrorShape(await zones.post(zoneFields('560001', { estimated_days_min: '5', estimated_days_max: '2' })), 422);
    expect(days.errors?.estimated_days_max).toEqual(['At least the fewest days.']);
    const empty = await expectErrorShape(await zones.post(zoneFields('  \n ')), 422);
    expect(empty.errors?.pincodes).toEqual(['Enter at least one pincode.']);
    expect((await zones.list({ q: 'Test zone' })).body.data).toHaveLength(0);
  });

  it('saves a pasted list (duplicates merged), changes it with an activity entry of counts and samples, and keeps pincodes in use', async () => {
    const made = await zones.create(zoneFields('560001, 560002\n560002\n560 003'));
    expect(made).toMatchObject({ pincode_count: 3, charge: 25.5, estimated_days: '1–2 days', delivery_partner_name: 'Metro Same-Day' });
    expect((await zones.get(made.id)).pincodes).toBe('560001\n560002\n560003');

    const res = await zones.put(made.id, { ...zoneFields('560003\n560004\n560005\n560006'), version: String(made.version) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).data.pincode_count).toBe(4);
    const [update, create] = await zones.activity(made.id);
    expect(create!.changes.pincodes).toEqual([null, { count: 3, added: 3, added_sample: ['560001', '560002', '560003'] }]);
    expect(update!.changes.pincodes).toEqual([
      { count: 3, removed: 2, removed_sample: ['560001', '560002'] },
      { count: 4, added: 3, added_sample: ['560004', '560005', '560006'] },
    ]);
    expect(update!.changes.pincodeCount).toEqual([3, 4]);

    // A pincode in a zone can't be deleted; the partner now has a zone too.
    const pin = (await admin.getJson(`/api/pincodes?${new URLSearchParams({ filters: JSON.stringify(filter('pincode', 'equals', '560004').filters) })}`)).body
      .data[0];
    const blocked = await expectErrorShape(await admin.delete(`/api/pincodes/${pin.id}`), 409);
    expect(blocked.message).toBe('Pincode "560004" can\'t be deleted: it is in 2 delivery zones.');
    expect((await zones.delete(made.id)).status).toBe(200);
    expect((await partners.find('name', 'Metro Same-Day')).zones_count).toBe(0);
  });

  it('answers a city’s or a state’s pincodes for the form', async () => {
    const goa = (await admin.getJson('/api/states?q=Goa')).body.data[0];
    const { status, body } = await admin.getJson(`/api/delivery-zones/pincodes-of?state_id=${goa.id}`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength((await zones.find('name', 'All of Goa')).pincode_count);
    expect(body.data).toEqual([...body.data].sort());
    await expectErrorShape(await admin.get('/api/delivery-zones/pincodes-of'), 422);
    await expectErrorShape(await admin.get(`/api/delivery-zones/pincodes-of?state_id=${goa.id}&city_id=1`), 422);
    await expectErrorShape(await admin.get('/api/delivery-zones/pincodes-of?state_id=abc'), 422);
  });
});

describe('who may use it', () => {
  it('refuses support every call and page of both areas', async () => {
    const support = await app.as('support');
    const swift = await partners.find('name', 'Swift Express');
    const goa = await zones.find('name', 'All of Goa');
    await expectAreaRefused(support, 'delivery-partners', swift.id, [
      '/delivery-partners/listing',
      '/delivery-partners/add',
      `/delivery-partners/${swift.id}/edit`,
      `/delivery-partners/${swift.id}/details`,
    ]);
    await expectAreaRefused(support, 'delivery-zones', goa.id, ['/delivery-zones/listing', '/delivery-zones/add', `/delivery-zones/${goa.id}/edit`]);
    await expectErrorShape(await support.get('/api/delivery-zones/pincodes-of?state_id=1'), 403);
  });

  it('refuses vendors too', async () => {
    const vendor = await app.as('vendor');
    await expectErrorShape(await vendor.get('/api/delivery-partners'), 403);
    await expectErrorShape(await vendor.get('/api/delivery-zones'), 403);
  });
});
