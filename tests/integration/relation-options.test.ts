/**
 * GET /api/<area>/options, the pickers' source, over real HTTP: search on the server, narrowing
 * by another field (a state's cities), labelling chosen ids, the limit, permissions and 422s.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;

interface Option {
  value: number;
  label: string;
  inactive?: boolean;
}

const byState = (id: number) => encodeURIComponent(JSON.stringify({ state_id: { operator: 'and', constraints: [{ matchMode: 'equals', value: id }] } }));

async function options(client: HttpClient, path: string): Promise<Option[]> {
  const { status, body } = await client.getJson(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
}

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('GET /api/<area>/options', () => {
  it('searches on the server and answers id and label, in the area’s order', async () => {
    const found = await options(admin, '/api/states/options?q=kar');
    expect(found.map((o) => o.label).sort()).toEqual(['Karnataka']);
    expect(Object.keys(found[0]!).sort()).toEqual(['label', 'value']);
    const all = await options(admin, '/api/states/options');
    expect(all).toHaveLength(36);
    expect(all.map((o) => o.label)).toEqual([...all.map((o) => o.label)].sort((a, b) => a.localeCompare(b)));
  });

  it('narrows by another field: only the chosen state’s cities', async () => {
    const [karnataka] = await options(admin, '/api/states/options?q=Karnataka');
    const [kerala] = await options(admin, '/api/states/options?q=Kerala');
    const cities = await options(admin, `/api/cities/options?filters=${byState(karnataka!.value)}`);
    expect(cities.length).toBeGreaterThan(10);
    expect(cities.map((c) => c.label)).toContain('Bengaluru');
    const keralaCities = await options(admin, `/api/cities/options?filters=${byState(kerala!.value)}&q=Bengaluru`);
    expect(keralaCities).toEqual([]);
  });

  it('stops at 50 choices, and labels exactly the ids asked for', async () => {
    const many = await options(admin, '/api/pincodes/options?q=5600');
    expect(many).toHaveLength(50);
    const picked = await options(admin, `/api/pincodes/options?ids=${many[3]!.value},${many[7]!.value},${many[3]!.value}`);
    expect(picked.map((o) => o.value).sort()).toEqual([many[3]!.value, many[7]!.value].sort());
  });

  it('marks records that are not active, so a picker can say so', async () => {
    const { body } = await admin.getJson('/api/brands?per_page=100');
    const brand = body.data[0] as { id: number; name: string; status: string };
    const status = (s: string) => admin.post('/api/brands/bulk-status', { json: { ids: [brand.id], status: s } });
    expect((await status('inactive')).status).toBe(200);
    expect(await options(admin, `/api/brands/options?ids=${brand.id}`)).toEqual([{ value: brand.id, label: brand.name, inactive: true }]);
    expect((await status('active')).status).toBe(200);
    expect(await options(admin, `/api/brands/options?ids=${brand.id}`)).toEqual([{ value: brand.id, label: brand.name }]);
  });

  it('answers 422 in the one error shape for bad ids, filters or parameters', async () => {
    for (const path of [
      '/api/states/options?ids=1,x',
      '/api/states/options?filters=%7Bnope',
      '/api/states/options?filters=' + byState(1).replace('state_id', 'password'),
      '/api/states/options?page=2',
    ]) {
      const response = await admin.get(path);
      const body = await expectErrorShape(response, 422);
      expect(body.message.length, path).toBeGreaterThan(0);
    }
  });

  it('needs the area’s list permission: support is refused warehouse options, guests must sign in', async () => {
    const support = await app.as('support');
    await expectErrorShape(await support.get('/api/warehouses/options'), 403);
    await expectErrorShape(await app.client().get('/api/warehouses/options'), 401);
  });

  it('is read-only: other methods answer 405 with Allow: GET', async () => {
    const response = await admin.post('/api/states/options', { json: {} });
    await expectErrorShape(response, 405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
