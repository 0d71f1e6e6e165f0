/**
 * Return policies over real HTTP: general and brand policies, the cross-field rule between
 * "returns accepted" and the return window, a brand that must exist, unique titles, the brand's
 * own page (fixed filter, heading, 404, Add pre-selecting the brand, the way back after saving),
 * a brand with policies that can't be deleted, the activity log, and who may do any of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
const policies = areaApi('return-policies', () => admin);
const brands = areaApi('brands', () => admin);
let chandni: number;
let indigo: number;

beforeAll(async () => {
  admin = await app.as('admin');
  chandni = (await brands.find('name', 'Chandni Jewels')).id;
  indigo = (await brands.find('name', 'Indigo Loom')).id;
});

const html = async (path: string) => {
  const response = await admin.get(path, { headers: { accept: 'text/html' } });
  return { status: response.status, text: await response.text() };
};

describe('GET /api/return-policies', () => {
  it('lists general policies (no brand) and brands’ own, and filters by brand as the brand’s page does', async () => {
    const { body } = await policies.list();
    expect(body.data.map((p) => [p.title, p.brand_name, p.is_returnable, p.return_window_days])).toEqual([
      ['7-day easy returns', '', true, 7],
      ['Chandni Jewels: 15-day exchange', 'Chandni Jewels', true, 15],
      ['No returns on hygiene products', '', false, 0],
    ]);
    expect((await policies.list(filter('brand_id', 'equals', chandni))).body.data.map((p) => p.title)).toEqual(['Chandni Jewels: 15-day exchange']);
    expect((await policies.list(filter('is_returnable', 'equals', false))).body.data.map((p) => p.title)).toEqual(['No returns on hygiene products']);
    expect((await policies.list({ sort: 'brand_name', order: 'desc' })).body.data[0]!.brand_name).toBe('Chandni Jewels');
  });
});

describe('POST and PUT /api/return-policies', () => {
  it('creates a general policy and a brand’s own', async () => {
    const general = await policies.create({
      title: '30-day returns',
      brand_id: '',
      is_returnable: 'true',
      return_window_days: '30',
      conditions: 'Unused, with tags.',
    });
    expect(general).toMatchObject({ brand_id: null, brand_name: '', is_returnable: true, return_window_days: 30, status: 'active' });
    const own = await admin.post('/api/return-policies', {
      json: { title: 'Indigo Loom: 10-day returns', brand_id: indigo, is_returnable: true, return_window_days: 10 },
    });
    expect(own.status).toBe(201);
    expect((await own.json()).data).toMatchObject({ brand_id: indigo, brand_name: 'Indigo Loom' });
  });

  it('ties the return window to "returns accepted": 1–365 days when accepted, none when not', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ is_returnable: 'true', return_window_days: '' }, 'Enter how many days after delivery a return may be asked for: 1 to 365.'],
      [{ is_returnable: 'true', return_window_days: '0' }, 'Enter how many days after delivery a return may be asked for: 1 to 365.'],
      [{ is_returnable: 'true', return_window_days: '366' }, 'At most 365 days.'],
      [{ is_returnable: 'true', return_window_days: '7.5' }, 'Enter a whole number of days.'],
      [{ is_returnable: 'false', return_window_days: '7' }, 'A policy without returns has no return window: leave it blank.'],
    ];
    for (const [fields, message] of cases) {
      const body = await expectErrorShape(await policies.post({ title: 'Window Rule', ...fields }), 422);
      expect(body.errors?.return_window_days, JSON.stringify(fields)).toEqual([message]);
    }
    const none = await policies.create({ title: 'Final sale', is_returnable: 'false', return_window_days: '' });
    expect(none).toMatchObject({ is_returnable: false, return_window_days: 0 });
    const year = await policies.create({ title: 'One-year returns', is_returnable: 'true', return_window_days: '365' });
    expect(year.return_window_days).toBe(365);
  });

  it('needs a brand that exists, a title, and a title no other policy has (ignoring case)', async () => {
    let body = await expectErrorShape(await policies.post({ title: 'Ghost Brand', brand_id: '999999', return_window_days: '7' }), 422);
    expect(body.errors?.brand_id).toEqual(['Choose a brand from the list, or None for a policy any brand may use.']);
    body = await expectErrorShape(await policies.post({ title: 'Bad Brand', brand_id: 'abc', return_window_days: '7' }), 422);
    expect(body.errors?.brand_id).toEqual(['Choose a brand from the list, or None.']);
    body = await expectErrorShape(await policies.post({ title: '7-DAY EASY RETURNS', return_window_days: '7' }), 422);
    expect(body.errors?.title).toEqual(['A return policy with this title already exists.']);
    body = await expectErrorShape(await policies.post({ title: ' ', return_window_days: '7' }), 422);
    expect(body.errors?.title).toEqual(['Enter the policy’s title.']);
    body = await expectErrorShape(await policies.post({ title: 'Yes Or No', is_returnable: 'maybe', return_window_days: '7' }), 422);
    expect(body.errors?.is_returnable).toEqual(['Choose whether returns are accepted.']);
  });

  it('moves a policy to another brand or to every brand, and logs each change', async () => {
    const made = await policies.create({ title: 'Audit Policy', brand_id: String(chandni), return_window_days: '5' });
    await policies.put(made.id, { title: 'Audit Policy', brand_id: '', is_returnable: 'false', return_window_days: '', version: '1' });
    expect(await policies.get(made.id)).toMatchObject({ brand_id: null, is_returnable: false, return_window_days: 0, version: 2 });
    await policies.delete(made.id);
    const entries = await policies.activity(made.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]!.changes).toEqual({ brandId: [chandni, null], isReturnable: [true, false], returnWindowDays: [5, 0] });
  });
});

describe('a brand’s return policies', () => {
  it('keeps a brand that has return policies, naming them beside its products (409)', async () => {
    let body = await expectErrorShape(await brands.delete(chandni), 409);
    expect(body.message).toBe('Brand "Chandni Jewels" can\'t be deleted: it is used by 2 products and has 1 return policy.');
    body = await expectErrorShape(await brands.delete(indigo), 409);
    expect(body.message).toBe('Brand "Indigo Loom" can\'t be deleted: it is used by 5 products and has 1 return policy.');
    const brand = await brands.create({ name: 'Short-lived Brand' });
    const own = await policies.create({ title: 'Short-lived policy', brand_id: String(brand.id), return_window_days: '3' });
    await expectErrorShape(await brands.delete(brand.id), 409);
    expect((await policies.delete(own.id)).status).toBe(200);
    expect((await brands.delete(brand.id)).status).toBe(200);
  });

  it('has a page of its own: only that brand’s policies, the heading naming it, Add pre-selecting it', async () => {
    const page = await html(`/brand/${chandni}/return-policies/listing`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h1[^>]*>Return policies of Chandni Jewels<\/h1>/);
    expect(page.text).toContain('Chandni Jewels: 15-day exchange');
    expect(page.text).not.toContain('7-day easy returns');
    const back = encodeURIComponent(`/brand/${chandni}/return-policies/listing`);
    expect(page.text).toContain(`href="/return-policies/add?brand_id=${chandni}&amp;return=${back}"`);
    expect(page.text).toMatch(new RegExp(`href="/return-policies/\\d+/edit\\?return=${back}"`));

    // The person's own filters and search still apply on top of the brand's.
    const searched = await html(`/brand/${indigo}/return-policies/listing?q=nothing-like-this`);
    expect(searched.text).toContain('No return policies match these filters.');
  });

  it('answers 404 for a brand that does not exist', async () => {
    for (const id of ['999999', 'abc']) {
      const page = await html(`/brand/${id}/return-policies/listing`);
      expect(page.status, id).toBe(404);
      expect(page.text).toContain('Brand not found');
    }
  });

  it('pre-fills the add form from its query and returns to the brand’s page, but only to a page of this site', async () => {
    const back = `/brand/${chandni}/return-policies/listing`;
    const add = await html(`/return-policies/add?brand_id=${chandni}&return=${encodeURIComponent(back)}`);
    expect(add.text).toContain(`&quot;brand_id&quot;:[0,&quot;${chandni}&quot;]`);
    expect(add.text).toContain(`href="${back}"`);
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/no/such/page']) {
      const page = await html(`/return-policies/add?return=${encodeURIComponent(evil)}`);
      expect(page.text, evil).not.toContain('evil.example');
      expect(page.text, evil).toContain('href="/return-policies/listing"');
    }
  });

  it('is linked from the brand’s edit page', async () => {
    const edit = await html(`/brands/${chandni}/edit`);
    expect(edit.text).toContain(`href="/brand/${chandni}/return-policies/listing"`);
  });
});

describe('who may use return policies', () => {
  for (const account of ['vendor', 'support'] as const) {
    it(`refuses ${account} the list, the changes and the pages, the brand’s page included`, async () => {
      const policy = await policies.find('title', '7-day easy returns');
      await expectAreaRefused(await app.as(account), 'return-policies', policy.id, [
        '/return-policies/listing',
        '/return-policies/add',
        `/return-policies/${policy.id}/edit`,
        `/brand/${chandni}/return-policies/listing`,
      ]);
    });
  }
});
