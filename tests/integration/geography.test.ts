/**
 * India's geography over real HTTP: the demo data holds every state, city and pincode; the lists
 * filter and sort; a city belongs to a state and a pincode to a city; records still in use can't
 * be deleted; only staff with the permissions reach it; `npm run geo:import` changes nothing twice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { useServer } from '../helpers/vitest-server.ts';
import { ROOT } from '../helpers/server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { INDIAN_STATES } from '../../src/lib/india/states.ts';
import { FILTERED_COUNT_CAP } from '../../src/lib/list/list-sql.server.ts';

const execFileAsync = promisify(execFile);
const app = useServer();
let admin: HttpClient;

interface StateRecord {
  id: number;
  name: string;
  code: string;
  gst_state_code: string;
  is_union_territory: boolean;
  cities_count: number;
  pincodes_count: number;
}
interface CityRecord {
  id: number;
  name: string;
  state_id: number;
  state_name: string;
  pincodes_count: number;
  version: number;
}
interface PincodeRecord {
  id: number;
  pincode: string;
  city_id: number;
  city_name: string;
  state_id: number;
  state_name: string;
  post_office_count: number;
  post_offices: string;
  is_serviceable: boolean;
}

let states: StateRecord[];
const stateByCode = (code: string) => states.find((s) => s.code === code)!;

const filters = (f: Record<string, [unknown, string]>) =>
  encodeURIComponent(
    JSON.stringify(
      Object.fromEntries(Object.entries(f).map(([field, [value, matchMode]]) => [field, { operator: 'and', constraints: [{ value, matchMode }] }])),
    ),
  );

async function list<T>(path: string): Promise<{ data: T[]; meta: { total: number; total_is_estimate: boolean; next_cursor: string | null } }> {
  const { status, body } = await admin.getJson(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function pincode(code: string): Promise<PincodeRecord> {
  const { data } = await list<PincodeRecord>(`/api/pincodes?filters=${filters({ pincode: [code, 'equals'] })}`);
  expect(data).toHaveLength(1);
  return data[0]!;
}

beforeAll(async () => {
  admin = await app.as('admin');
  states = (await list<StateRecord>('/api/states?per_page=50')).data;
});

describe('GET /api/states', () => {
  it('lists the 28 states and 8 union territories, with ISO and GST codes', async () => {
    const { meta } = await list<StateRecord>('/api/states');
    expect(meta.total).toBe(36);
    expect(states.map((s) => s.code).sort()).toEqual(INDIAN_STATES.map((s) => s.code).sort());
    expect(states.filter((s) => s.is_union_territory)).toHaveLength(8);
    expect(stateByCode('KA')).toMatchObject({ name: 'Karnataka', gst_state_code: '29', is_union_territory: false });
    expect(stateByCode('LA')).toMatchObject({ name: 'Ladakh', gst_state_code: '38', is_union_territory: true });
  });

  it('counts each state’s cities and pincodes, and every state has some', async () => {
    for (const s of states) {
      expect(s.cities_count, s.name).toBeGreaterThan(0);
      expect(s.pincodes_count, s.name).toBeGreaterThan(0);
    }
    const total = states.reduce((n, s) => n + s.pincodes_count, 0);
    expect(total).toBe((await list('/api/pincodes?per_page=10')).meta.total);
  });

  it('filters union territories and sorts by pincode count', async () => {
    const { data } = await list<StateRecord>(`/api/states?sort=pincodes_count&order=desc&filters=${filters({ is_union_territory: [true, 'equals'] })}`);
    expect(data).toHaveLength(8);
    expect(data[0]!.name).toBe('Jammu and Kashmir');
    expect(data.map((s) => s.pincodes_count)).toEqual([...data.map((s) => s.pincodes_count)].sort((a, b) => b - a));
  });
});

describe('GET /api/cities', () => {
  it('holds India Post’s districts: over 600 cities', async () => {
    expect((await list('/api/cities?per_page=10')).meta.total).toBeGreaterThan(600);
  });

  it('filters by state: every Karnataka city says Karnataka', async () => {
    const ka = stateByCode('KA');
    const { data, meta } = await list<CityRecord>(`/api/cities?per_page=100&filters=${filters({ state_id: [ka.id, 'equals'] })}`);
    expect(meta.total).toBe(ka.cities_count);
    expect(data.every((c) => c.state_id === ka.id && c.state_name === 'Karnataka')).toBe(true);
    expect(data.map((c) => c.name)).toContain('Bengaluru');
  });

  it('sorts by state name, and finds cities by state name', async () => {
    const { data } = await list<CityRecord>('/api/cities?sort=state_name&per_page=100');
    expect(data[0]!.state_name).toBe('Andaman and Nicobar Islands');
    const names = data.map((c) => c.state_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const ladakh = await list<CityRecord>(`/api/cities?filters=${filters({ state_name: ['ladakh', 'equals'] })}`);
    expect(ladakh.data.map((c) => c.name).sort()).toEqual(['Kargil', 'Leh']);
  });
});

describe('GET /api/pincodes', () => {
  it('holds about 19,000 pincodes', async () => {
    expect((await list('/api/pincodes?per_page=10')).meta.total).toBeGreaterThan(19_000);
  });

  it('puts a pincode in a city and the city’s state', async () => {
    const p = await pincode('560001');
    expect(p).toMatchObject({ city_name: 'Bengaluru', state_name: 'Karnataka', is_serviceable: true });
    expect(p.post_office_count).toBe(p.post_offices.split(', ').length);
    const { body } = await admin.getJson(`/api/cities/${p.city_id}`);
    expect(body.data).toMatchObject({ name: 'Bengaluru', state_id: p.state_id });
  });

  it('filters by prefix (startsWith), sorted by pincode', async () => {
    const { data, meta } = await list<PincodeRecord>(`/api/pincodes?per_page=100&filters=${filters({ pincode: ['5600', 'startsWith'] })}`);
    expect(meta.total).toBeGreaterThan(50);
    expect(data.every((p) => p.pincode.startsWith('5600'))).toBe(true);
    expect(data.map((p) => p.pincode)).toEqual(data.map((p) => p.pincode).sort());
  });

  it('filters by state, and combines it with a prefix and a descending sort', async () => {
    const tn = stateByCode('TN');
    const byState = await list<PincodeRecord>(`/api/pincodes?per_page=100&filters=${filters({ state_id: [tn.id, 'equals'] })}`);
    expect(byState.meta.total).toBe(tn.pincodes_count);
    expect(byState.data.every((p) => p.state_name === 'Tamil Nadu')).toBe(true);
    const combined = await list<PincodeRecord>(
      `/api/pincodes?sort=pincode&order=desc&filters=${filters({ state_id: [tn.id, 'equals'], pincode: ['600', 'startsWith'] })}`,
    );
    expect(combined.meta.total).toBeGreaterThan(0);
    expect(combined.data.every((p) => p.state_id === tn.id && p.pincode.startsWith('600'))).toBe(true);
    expect(combined.data.map((p) => p.pincode)).toEqual(
      combined.data
        .map((p) => p.pincode)
        .sort()
        .reverse(),
    );
  });

  it('sorts by city name and finds pincodes by post office name', async () => {
    const { data } = await list<PincodeRecord>('/api/pincodes?sort=city_name&per_page=50');
    const cities = data.map((p) => p.city_name);
    expect(cities).toEqual([...cities].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const found = await list<PincodeRecord>('/api/pincodes?q=koramangala');
    expect(found.data.map((p) => p.pincode)).toContain('560034');
  });

  it('pages with a keyset cursor past the first page', async () => {
    const first = await list<PincodeRecord>('/api/pincodes?per_page=10');
    expect(first.meta.next_cursor).toBeTruthy();
    const second = await list<PincodeRecord>(`/api/pincodes?per_page=10&cursor=${first.meta.next_cursor}`);
    expect(second.data[0]!.pincode > first.data.at(-1)!.pincode).toBe(true);
  });

  it('marks pincodes unserviceable in bulk, and filters on serviceability', async () => {
    const targets = (await list<PincodeRecord>(`/api/pincodes?per_page=10&filters=${filters({ pincode: ['7441', 'startsWith'] })}`)).data;
    expect(targets.length).toBeGreaterThan(1);
    const res = await admin.post('/api/pincodes/bulk-status', { json: { ids: targets.map((p) => p.id), status: 'false' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const off = await list<PincodeRecord>(`/api/pincodes?per_page=100&filters=${filters({ is_serviceable: [false, 'equals'] })}`);
    expect(off.data.map((p) => p.id).sort()).toEqual(targets.map((p) => p.id).sort());
    expect(off.meta).toMatchObject({ total: targets.length, total_is_estimate: false });
    // Past the counting cap the total is the planner's estimate, and says so.
    const on = await list<PincodeRecord>(`/api/pincodes?per_page=10&filters=${filters({ is_serviceable: ['true', 'equals'] })}`);
    expect(on.data.every((p) => p.is_serviceable)).toBe(true);
    expect(on.meta.total_is_estimate).toBe(true);
    expect(on.meta.total).toBeGreaterThan(FILTERED_COUNT_CAP);
  });

  it('answers 422 naming the filter for a bad one', async () => {
    const body = await expectErrorShape(await admin.get(`/api/pincodes?filters=${filters({ is_serviceable: ['maybe', 'equals'] })}`), 422);
    expect(body.errors?.filters?.[0]).toMatch(/is_serviceable/);
  });
});

describe('writing geography', () => {
  it('adds a city to a state, unique per state whatever the case', async () => {
    const ka = stateByCode('KA');
    const created = await admin.post('/api/cities', { json: { name: 'Test Nagar', state_id: ka.id } });
    expect(created.status, await created.clone().text()).toBe(201);
    expect((await created.json()).data).toMatchObject({ name: 'Test Nagar', state_id: ka.id, state_name: 'Karnataka', pincodes_count: 0 });

    const dup = await expectErrorShape(await admin.post('/api/cities', { json: { name: 'bengaluru', state_id: ka.id } }), 422);
    expect(dup.errors?.name).toEqual(['This state already has a city with this name.']);
    const elsewhere = await admin.post('/api/cities', { json: { name: 'Bengaluru', state_id: stateByCode('GA').id } });
    expect(elsewhere.status).toBe(201);

    const noState = await expectErrorShape(await admin.post('/api/cities', { json: { name: 'Nowhere', state_id: 999999 } }), 422);
    expect(noState.errors?.state_id).toEqual(['Choose a state from the list.']);
  });

  it('adds a pincode to a city: its state is the city’s', async () => {
    const {
      data: [city],
    } = await list<CityRecord>(`/api/cities?filters=${filters({ name: ['Test Nagar', 'equals'] })}`);
    const res = await admin.post('/api/pincodes', { json: { pincode: '999 001', city_id: city!.id, is_serviceable: 'false', post_offices: 'Alpha , Beta,,' } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).data).toMatchObject({
      pincode: '999001',
      city_name: 'Test Nagar',
      state_id: city!.state_id,
      state_name: 'Karnataka',
      is_serviceable: false,
      post_offices: 'Alpha, Beta',
      post_office_count: 2,
    });

    const dup = await expectErrorShape(await admin.post('/api/pincodes', { json: { pincode: '560001', city_id: city!.id } }), 422);
    expect(dup.errors?.pincode).toEqual(['This pincode already exists.']);
    const bad = await expectErrorShape(await admin.post('/api/pincodes', { json: { pincode: '012345', city_id: 999999 } }), 422);
    expect(Object.keys(bad.errors ?? {})).toContain('pincode');
    const noCity = await expectErrorShape(await admin.post('/api/pincodes', { json: { pincode: '999002', city_id: 999999 } }), 422);
    expect(noCity.errors?.city_id).toEqual(['Choose a city from the list.']);
    // The form's state picker only narrows the cities: a city of another state is refused, nothing written.
    const otherState = await expectErrorShape(
      await admin.post('/api/pincodes', { json: { pincode: '999003', state_id: stateByCode('GA').id, city_id: city!.id } }),
      422,
    );
    expect(otherState.errors?.city_id).toEqual(['This city is not in the chosen state. Choose the city again.']);
    expect((await list<PincodeRecord>(`/api/pincodes?filters=${filters({ pincode: ['999003', 'equals'] })}`)).data).toHaveLength(0);
    const sameState = await admin.post('/api/pincodes', { json: { pincode: '999004', state_id: city!.state_id, city_id: city!.id } });
    expect(sameState.status, await sameState.clone().text()).toBe(201);
    expect((await admin.delete(`/api/pincodes/${(await sameState.json()).data.id}`)).status).toBe(200);
  });

  it('keeps a city with pincodes in its state', async () => {
    const {
      data: [city],
    } = await list<CityRecord>(`/api/cities?filters=${filters({ name: ['Test Nagar', 'equals'] })}`);
    const body = await expectErrorShape(
      await admin.put(`/api/cities/${city!.id}`, { json: { name: 'Test Nagar', state_id: stateByCode('GA').id, version: city!.version } }),
      422,
    );
    expect(body.errors?.state_id?.[0]).toMatch(/has 1 pincode/);
  });

  it('refuses to delete a state that has cities, or a city that has pincodes, with 409', async () => {
    const ka = stateByCode('KA');
    const state = await expectErrorShape(await admin.delete(`/api/states/${ka.id}`), 409);
    expect(state.message).toBe(`State "Karnataka" can't be deleted: it has ${ka.cities_count + 1} cities. Delete or move them first.`);
    const bengaluru = (await pincode('560001')).city_id;
    const city = await expectErrorShape(await admin.delete(`/api/cities/${bengaluru}`), 409);
    expect(city.message).toMatch(/^City "Bengaluru" can't be deleted: it has \d+ pincodes\. Delete or move them first\.$/);
    const bulk = await expectErrorShape(await admin.post('/api/states/bulk-delete', { json: { ids: [ka.id, stateByCode('TN').id] } }), 409);
    expect(Object.keys(bulk.errors ?? {}).sort()).toEqual([String(ka.id), String(stateByCode('TN').id)].sort());
  });

  it('deletes a city once its pincodes are gone', async () => {
    const p = await pincode('999001');
    expect((await admin.delete(`/api/pincodes/${p.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/cities/${p.city_id}`)).status).toBe(200);
    await expectErrorShape(await admin.get(`/api/cities/${p.city_id}`), 404);
  });
});

describe('who may use it', () => {
  it.each(['vendor', 'support'] as const)('refuses %s with 403', async (account) => {
    const client = await app.as(account);
    for (const path of ['/api/states', '/api/cities', '/api/pincodes', '/api/pincodes/1']) await expectErrorShape(await client.get(path), 403);
    for (const path of ['/states/listing', '/cities/add', '/pincodes/1/edit']) expect((await client.get(path)).status, path).toBe(403);
    await expectErrorShape(await client.post('/api/pincodes/bulk-status', { json: { ids: [1], status: 'false' } }), 403);
  });

  it('lets any signed-in account read the options of states, cities and pincodes (for address pickers), and nothing more', async () => {
    const vendor = await app.as('vendor');
    const ka = stateByCode('KA');
    const { status, body } = await vendor.getJson(`/api/cities/options?q=bengal&filters=${filters({ state_id: [ka.id, 'equals'] })}`);
    expect(status).toBe(200);
    expect(body.data.map((o: { label: string }) => o.label)).toContain('Bengaluru');
    expect(Object.keys(body.data[0]).sort()).toEqual(['label', 'value']);
    expect((await vendor.getJson('/api/states/options?q=karna')).body.data[0].label).toBe('Karnataka');
    expect((await vendor.getJson('/api/pincodes/options?q=560001')).body.data[0].label).toBe('560001');
  });

  it('answers 401 to a guest', async () => {
    await expectErrorShape(await app.client().get('/api/pincodes'), 401);
  });
});

describe('npm run geo:import', () => {
  it('adds nothing to a database that has the geography, and keeps an operator’s changes', async () => {
    const target = await pincode('744101');
    expect((await admin.post('/api/pincodes/bulk-status', { json: { ids: [target.id], status: 'false' } })).status).toBe(200);
    const before = await pincode('744101');
    expect(before.is_serviceable).toBe(false);

    const server = app.server;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : { DATA_DIR: server.dataDir, DATABASE_URL: '' }),
    };
    // PGlite allows one process per data folder: the server steps aside while the script runs.
    if (!server.databaseUrl) await server.stop();
    // Not spawnSync: a blocked event loop would hand the next request a keep-alive socket the server has closed.
    const run = await execFileAsync(process.execPath, ['scripts/geo-import.ts'], { cwd: ROOT, env, timeout: 60_000 }).catch(
      (e: { code?: number; stdout?: string; stderr?: string }) => e,
    );
    if (!server.databaseUrl) await server.start();
    expect(run.stderr ?? '').toBe('');
    expect(run.stdout).toMatch(/states\s+0 added,\s+36 in the database/);
    expect(run.stdout).toMatch(/cities\s+0 added/);
    expect(run.stdout).toMatch(/pincodes\s+0 added/);
    admin = await app.as('admin');
    expect(await pincode('744101')).toEqual(before);
  });
});
