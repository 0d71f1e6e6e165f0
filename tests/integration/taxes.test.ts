/**
 * Taxes (GST rates) over real HTTP: the demo slabs, the rate (0–100, two decimals, required), the
 * HSN/SAC code (HSN 4, 6 or 8 digits; SAC 6 digits starting with 99) and which one it is, a rate
 * in use that can't be deleted (409 naming the count), the activity log, and who may use them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
const taxes = areaApi('taxes', () => admin);

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('GET /api/taxes', () => {
  it('lists the demo GST rates by rate, each code marked HSN or SAC, with the products using it', async () => {
    const { body } = await taxes.list();
    expect(body.data.map((t) => t.rate_percent)).toEqual([0, 0.25, 3, 5, 5, 5, 5, 12, 18, 18, 40]);
    expect(body.data.find((t) => t.hsn_code === '996812')).toMatchObject({
      name: 'Courier services (GST 18%)',
      code_kind: 'sac',
      price_mode: 'exclusive',
      products_count: 0,
    });
    expect(body.data.find((t) => t.name === 'Apparel up to ₹2,500 (GST 5%)')).toMatchObject({ code_kind: 'hsn', hsn_code: '6204', products_count: 10 });
    expect(body.data.find((t) => t.rate_percent === 12)).toMatchObject({ status: 'inactive' });
  });

  it('filters by code type, rate and HSN/SAC code, and searches the code', async () => {
    expect((await taxes.list(filter('code_kind', 'equals', 'sac'))).body.data.map((t) => t.hsn_code)).toEqual(['996812']);
    expect((await taxes.list(filter('rate_percent', 'in', [0.25, 40]))).body.data.map((t) => t.hsn_code)).toEqual(['7102', '2202']);
    expect((await taxes.list(filter('hsn_code', 'startsWith', '62'))).body.meta.total).toBe(2);
    expect((await taxes.list({ q: '5007' })).body.data.map((t) => t.name)).toEqual(['Silk sarees and fabric (GST 5%)']);
    expect((await taxes.list({ sort: 'code_kind', order: 'desc' })).body.data[0]!.code_kind).toBe('sac');
    const bad = await expectErrorShape(
      await admin.get(`/api/taxes?filters=${encodeURIComponent(JSON.stringify(filter('code_kind', 'equals', 'gst').filters))}`),
      422,
    );
    expect(bad.message).toMatch(/code_kind.*hsn, sac/);
  });
});

describe('POST and PUT /api/taxes', () => {
  it('creates a rate with an HSN or a SAC code; dots and spaces people type are dropped', async () => {
    const goods = await taxes.create({
      name: 'Footwear up to ₹2,500 (GST 5%)',
      rate_percent: '5',
      hsn_code: '6403.99 90',
      price_mode: 'inclusive',
      status: 'active',
    });
    expect(goods).toMatchObject({ rate_percent: 5, hsn_code: '64039990', code_kind: 'hsn', price_mode: 'inclusive', products_count: 0 });
    const service = await taxes.create({ name: 'Marketplace fees (GST 18%)', rate_percent: '18', hsn_code: '998599', price_mode: 'exclusive' });
    expect(service).toMatchObject({ code_kind: 'sac', price_mode: 'exclusive' });
    const json = await admin.post('/api/taxes', { json: { name: 'Cut diamonds (GST 0.25%)', rate_percent: 0.25, hsn_code: '710239' } });
    expect(json.status).toBe(201);
    expect((await json.json()).data).toMatchObject({ rate_percent: 0.25, price_mode: 'inclusive', status: 'active' });
  });

  it('refuses a bad rate or code beside the field, and writes nothing', async () => {
    const before = (await taxes.list()).body.meta.total;
    const base = { name: 'Bad Tax', rate_percent: '18', hsn_code: '6204' };
    const cases: [Record<string, string>, string, string][] = [
      [{ rate_percent: '' }, 'rate_percent', 'Enter the GST rate, e.g. 5 or 18.'],
      [{ rate_percent: '100.5' }, 'rate_percent', 'At most 100.'],
      [{ rate_percent: '-5' }, 'rate_percent', 'At least 0.'],
      [{ rate_percent: '5.125' }, 'rate_percent', 'At most 2 decimal places.'],
      [{ hsn_code: '' }, 'hsn_code', 'Enter the HSN or SAC code.'],
      [{ hsn_code: '62045' }, 'hsn_code', 'An HSN code has 4, 6 or 8 digits, for example 6204 or 62044290.'],
      [{ hsn_code: '0012' }, 'hsn_code', 'An HSN code starts with its chapter, 01 to 98.'],
      [{ hsn_code: '9954' }, 'hsn_code', 'A SAC (services) code has exactly 6 digits starting with 99, for example 996812.'],
      [{ hsn_code: '99681234' }, 'hsn_code', 'A SAC (services) code has exactly 6 digits starting with 99, for example 996812.'],
      [{ hsn_code: 'HSN6204' }, 'hsn_code', 'Use digits only: an HSN code has 4, 6 or 8 digits, a SAC code 6 digits starting with 99.'],
      [{ price_mode: 'both' }, 'price_mode', 'Choose whether the tax is included in the price or added to it.'],
      [{ name: 'apparel UP TO ₹2,500 (gst 5%)' }, 'name', 'A tax with this name already exists.'],
    ];
    for (const [fields, field, message] of cases) {
      const body = await expectErrorShape(await taxes.post({ ...base, ...fields }), 422);
      expect(body.errors?.[field], JSON.stringify(fields)).toEqual([message]);
    }
    const missing = await expectErrorShape(await admin.post('/api/taxes', { json: { name: 'No Rate', hsn_code: '6204' } }), 422);
    expect(missing.errors?.rate_percent).toEqual(['Enter the GST rate, e.g. 5 or 18.']);
    expect((await taxes.list()).body.meta.total).toBe(before);
  });

  it('changes the rate of a rate in use (a GST change applies to its products)', async () => {
    const linen = await taxes.find('name', 'Bed and bath linen (GST 5%)');
    const saved = await taxes.put(linen.id, {
      name: 'Bed and bath linen (GST 5%)',
      rate_percent: '5.00',
      hsn_code: '6302',
      price_mode: 'exclusive',
      version: String(linen.version),
    });
    expect((await saved.json()).data).toMatchObject({ price_mode: 'exclusive', products_count: 3, version: linen.version + 1 });
  });
});

describe('DELETE /api/taxes/:id', () => {
  it('refuses to delete a rate in use, naming how many products use it (409)', async () => {
    const apparel = await taxes.find('name', 'Apparel up to ₹2,500 (GST 5%)');
    const body = await expectErrorShape(await taxes.delete(apparel.id), 409);
    expect(body.message).toBe('Tax "Apparel up to ₹2,500 (GST 5%)" can\'t be deleted: it is used by 10 products.');
    const sarees = await taxes.find('name', 'Silk sarees and fabric (GST 5%)');
    const bulk = await expectErrorShape(await admin.post('/api/taxes/bulk-delete', { json: { ids: [apparel.id, sarees.id] } }), 409);
    expect(bulk.errors).toEqual({
      [String(apparel.id)]: ['Apparel up to ₹2,500 (GST 5%): it is used by 10 products.'],
      [String(sarees.id)]: ['Silk sarees and fabric (GST 5%): it is used by 1 product.'],
    });
    expect((await taxes.get(apparel.id)).products_count).toBe(10);
  });

  it('deletes an unused rate and logs every change', async () => {
    const made = await taxes.create({ name: 'Audit Tax', rate_percent: '18', hsn_code: '8471' });
    await taxes.put(made.id, { name: 'Audit Tax', rate_percent: '40', hsn_code: '8471', version: '1' });
    const response = await taxes.delete(made.id);
    expect((await response.json()).message).toBe('Tax deleted.');
    const entries = await taxes.activity(made.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]!.changes).toEqual({ ratePercent: ['18.00', '40.00'] });
  });
});

describe('who may use taxes', () => {
  for (const account of ['vendor', 'support'] as const) {
    it(`refuses ${account} the list, the changes and the pages`, async () => {
      const apparel = await taxes.find('name', 'Apparel up to ₹2,500 (GST 5%)');
      await expectAreaRefused(await app.as(account), 'taxes', apparel.id, ['/taxes/listing', '/taxes/add', `/taxes/${apparel.id}/edit`]);
    });
  }

  it('offers a vendor the rates to choose for a product, with their code', async () => {
    const { status, body } = await taxes.options({ q: 'courier' }, await app.as('vendor'));
    expect(status).toBe(200);
    expect(body.data.map((o) => o.label)).toEqual(['Courier services (GST 18%) · 996812']);
  });

  it('shows the GST slabs on the form', async () => {
    const html = await (await admin.get('/taxes/add', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('The GST slabs since 22 September 2025: 0, 0.25, 3, 5, 18, 40.');
  });
});
