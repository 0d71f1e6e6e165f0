/**
 * The outside security probe's report (issue 20), items 1 and 8, over real HTTP against the built
 * server:
 *  - a forged or mistyped keyset cursor is a 422 in the one error shape, and never changes the
 *    compiled statement every other session's list runs (a null sort value used to be cached as a
 *    literal NULL under the same key, and the ordinary next_cursor then answered 500 for everyone);
 *  - an integer that doesn't fit where it goes (2^31 in `ids`, 2^40 in a filter on an integer
 *    column, 1e30 as a cursor's id, an out-of-range `version`) is a 422 naming the field, never a
 *    500, and nothing is changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;

type Row = { id: number; name: string; version: number };
type ListBody = { data: Row[]; meta: { total: number; next_cursor: string | null } };

const cursorOf = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const filtersOf = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function list(client: HttpClient, path: string): Promise<ListBody> {
  const { status, body } = await client.getJson<ListBody>(path);
  expect(status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  return body;
}

/** A 422 naming `field`, in the one error shape. */
async function expect422(response: Response, field: string): Promise<void> {
  const body = await expectErrorShape(response, 422);
  expect(Object.keys(body.errors ?? {}), JSON.stringify(body)).toContain(field);
}

/** The activity log's newest entry and the brands' count: what an error must leave as it was. */
async function witness(): Promise<{ lastActivity: number; brands: number }> {
  const log = await list(admin, '/api/activity-logs?per_page=10&sort=at&order=desc');
  const brands = await list(admin, '/api/brands?per_page=10');
  return { lastActivity: log.data[0]?.id ?? 0, brands: brands.meta.total };
}

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  // Enough size charts for two pages of ten, whatever the demo data holds.
  const have = (await list(admin, '/api/size-charts?per_page=100')).meta.total;
  for (let i = have; i < 23; i++) {
    const form = new FormData();
    form.append('name', `Probe chart ${String(i).padStart(2, '0')}`);
    form.append('unit', 'cm');
    form.append('grid', JSON.stringify({ sizes: ['S'], measurements: ['Chest'], values: [[90]] }));
    const created = await admin.post('/api/size-charts', { multipart: form });
    expect(created.status, await created.clone().text()).toBe(201);
  }
});

/** Cursors a list never hands out, for a list sorted on a text column. */
const FORGED_FOR_TEXT_SORT: [string, string][] = [
  ['a null sort value (the report)', cursorOf({ v: null, id: 5 })],
  ['a number for a text sort', cursorOf({ v: 5, id: 5 })],
  ['a boolean for a text sort', cursorOf({ v: true, id: 5 })],
  ['an object for a value', cursorOf({ v: { a: 1 }, id: 5 })],
  ['an array for a value', cursorOf({ v: ['a'], id: 5 })],
  ['a string id', cursorOf({ v: 'M', id: '5' })],
  ['a huge id (1e30)', cursorOf('{"v":"M","id":1e30}')],
  ['an id past int4 (2^31)', cursorOf({ v: 'M', id: 2 ** 31 })],
  ['a fractional id', cursorOf({ v: 'M', id: 1.5 })],
  ['id 0', cursorOf({ v: 'M', id: 0 })],
  ['a negative id', cursorOf({ v: 'M', id: -1 })],
  ['a missing id', cursorOf({ v: 'M' })],
  ['NaN-ish values', cursorOf({ v: 'NaN', id: 'NaN' })],
  ['an extra key', cursorOf({ v: 'M', id: 5, w: 1 })],
  ['an array', cursorOf(['M', 5])],
  ['JSON null', cursorOf('null')],
  ['a NUL in the value', cursorOf({ v: 'M\u0000', id: 5 })],
  ['not JSON', cursorOf('{"v":')],
  ['not base64url', '***'],
];

describe('item 1: a forged cursor never poisons a list for other sessions', () => {
  for (const [list_, client, sort] of [
    ['/api/size-charts', () => vendor, 'sort=name&order=asc'],
    ['/api/cities', () => admin, 'sort=name&order=desc'],
  ] as const) {
    it(`${list_}?${sort}: each forged or mistyped cursor is a 422, and the ordinary next_cursor still works for everyone`, async () => {
      const base = `${list_}?${sort}&per_page=10`;
      // Another staff session reads the list first and takes its next_cursor.
      const staff = await app.as('admin');
      const first = await list(staff, base);
      expect(first.meta.next_cursor).toEqual(expect.any(String));
      const second = await list(staff, `${base}&page=2`);
      expect(second.data).toHaveLength(10);

      // The forgeries first (the report's exact one among them), their answers checked last: on
      // the code the report probed, what matters most is what they did to everyone else's list.
      const answers: [string, Response][] = [];
      for (const [what, cursor] of FORGED_FOR_TEXT_SORT) {
        answers.push([what, await client().get(`${base}&cursor=${cursor}`, { headers: { accept: 'application/json' } })]);
      }
      for (const reader of [staff, admin, await app.as('admin')]) {
        const next = await list(reader, `${base}&cursor=${first.meta.next_cursor}`);
        expect(next.data.map((r) => r.id)).toEqual(second.data.map((r) => r.id));
      }
      for (const [what, response] of answers) {
        await expect422(response, 'cursor').catch((e: Error) => {
          throw new Error(`${what}: ${e.message}`);
        });
      }
    });
  }

  it('hands out no cursor after a row without a sort value; paging by number reaches the rest', async () => {
    // Widgets without a schedule have no starts_at: 10 more than the demo's, so a page of 10 ends on one.
    for (let i = 0; i < 10; i++) {
      const form = new FormData();
      form.append('title', `Probe strip ${i}`);
      form.append('type', 'strip');
      form.append('status', 'inactive');
      const created = await admin.post('/api/widgets', { multipart: form });
      expect(created.status, await created.clone().text()).toBe(201);
    }
    for (const order of ['asc', 'desc']) {
      const base = `/api/widgets?sort=starts_at&order=${order}&per_page=10`;
      const first = await list(admin, base);
      expect(first.meta.total).toBeGreaterThan(10);
      expect((first.data.at(-1) as unknown as { starts_at: string | null }).starts_at, order).toBeNull();
      expect(first.meta.next_cursor, order).toBeNull();
      const second = await list(admin, `${base}&page=2`);
      expect(second.data.length + first.data.length).toBe(first.meta.total);
    }
    // A page ending on a value still hands one out, and it pages on.
    const byPosition = await list(admin, '/api/widgets?sort=position&per_page=10');
    const next = await list(admin, `/api/widgets?sort=position&per_page=10&cursor=${byPosition.meta.next_cursor}`);
    expect(next.data.map((r) => r.id)).toEqual((await list(admin, '/api/widgets?sort=position&per_page=10&page=2')).data.map((r) => r.id));
  });

  it('checks the cursor against the sort column: number, date and enum sorts', async () => {
    const cases: [string, unknown][] = [
      // pincodes_count is an int SQL expression; state_id an integer column.
      ['sort=pincodes_count', { v: 'many', id: 5 }],
      ['sort=pincodes_count', { v: 1e30, id: 5 }],
      ['sort=state_id', { v: 2 ** 31, id: 5 }],
      ['sort=state_id', { v: 1.5, id: 5 }],
      ['sort=state_id', { v: null, id: 5 }],
      ['sort=created_at', { v: 'yesterday', id: 5 }],
      ['sort=created_at', { v: '2026-02-31T00:00:00.000Z', id: 5 }],
      ['sort=created_at', { v: 1_700_000_000_000, id: 5 }],
      ['sort=status', { v: 'deleted', id: 5 }],
      ['sort=status', { v: null, id: 5 }],
    ];
    for (const [sort, cursor] of cases) {
      const response = await admin.get(`/api/cities?${sort}&per_page=10&cursor=${cursorOf(cursor)}`);
      await expect422(response, 'cursor').catch((e: Error) => {
        throw new Error(`${sort} ${JSON.stringify(cursor)}: ${e.message}`);
      });
    }
    // Good cursors of each kind still page.
    for (const sort of ['sort=pincodes_count', 'sort=state_id&order=desc', 'sort=created_at', 'sort=status']) {
      const first = await list(admin, `/api/cities?${sort}&per_page=10`);
      const second = await list(admin, `/api/cities?${sort}&per_page=10&page=2`);
      const next = await list(admin, `/api/cities?${sort}&per_page=10&cursor=${first.meta.next_cursor}`);
      expect(
        next.data.map((r) => r.id),
        sort,
      ).toEqual(second.data.map((r) => r.id));
    }
  });
});

describe('item 8: integers that do not fit are 422s, never 500s, and change nothing', () => {
  const OUT_OF_RANGE = [2 ** 31, 2 ** 40, 1e30, -1, 0, 1.5];

  it('bulk delete and bulk status refuse ids past int4', async () => {
    const before = await witness();
    for (const id of OUT_OF_RANGE) {
      await expect422(await admin.post('/api/brands/bulk-delete', { json: { ids: [id] } }), 'ids.0');
      await expect422(await admin.post('/api/brands/bulk-status', { json: { ids: [id], status: 'inactive' } }), 'ids.0');
    }
    expect(await witness()).toEqual(before);
  });

  it('notifications read / unread refuse ids past int4', async () => {
    const unread = (await admin.getJson('/api/notifications/unread-count')).body;
    for (const id of OUT_OF_RANGE) {
      await expect422(await admin.post('/api/notifications/read', { json: { ids: [id] } }), 'ids.0');
      await expect422(await admin.post('/api/notifications/unread', { json: { ids: [id] } }), 'ids.0');
    }
    expect((await admin.getJson('/api/notifications/unread-count')).body).toEqual(unread);
  });

  it('a filter value must fit its column: integers on integer columns and counts, any finite number on decimals', async () => {
    const bad: [string, unknown][] = [
      ['state_id', 1_099_511_627_776],
      ['state_id', 2 ** 31],
      ['state_id', 1.5],
      ['state_id', -(2 ** 31) - 1],
      ['pincodes_count', 1_099_511_627_776],
      ['pincodes_count', 2.5],
    ];
    for (const [field, value] of bad) {
      for (const matchMode of ['equals', 'gt', 'in', 'between']) {
        const v = matchMode === 'in' ? [value] : matchMode === 'between' ? [value, value] : value;
        const response = await admin.get(`/api/cities?filters=${filtersOf({ [field]: { constraints: [{ value: v, matchMode }] } })}`);
        const body = await expectErrorShape(response, 422);
        expect(body.errors?.filters?.[0], `${field} ${matchMode} ${value}`).toMatch(new RegExp(`^${field}: `));
      }
    }
    // The edges still fit.
    await list(admin, `/api/cities?filters=${filtersOf({ state_id: { constraints: [{ value: 2 ** 31 - 1, matchMode: 'lt' }] } })}`);
    await list(admin, `/api/cities?filters=${filtersOf({ state_id: { constraints: [{ value: -(2 ** 31), matchMode: 'gt' }] } })}`);
    // A decimal column takes decimals and large values: it compares, it doesn't store.
    await list(admin, `/api/taxes?filters=${filtersOf({ rate_percent: { constraints: [{ value: 12.5, matchMode: 'gte' }] } })}`);
    await list(admin, `/api/taxes?filters=${filtersOf({ rate_percent: { constraints: [{ value: 1e30, matchMode: 'lt' }] } })}`);
  });

  it('export ids must be record ids', async () => {
    for (const ids of ['2147483648', '1099511627776', '1,99999999999999999999', '0', '-1']) {
      await expect422(await admin.get(`/api/brands/export?ids=${ids}`), 'ids');
    }
  });

  it('an edit whose version is out of range is a 422, and changes nothing', async () => {
    const brand = (await list(admin, '/api/brands?per_page=10')).data[0]!;
    const before = await witness();
    for (const version of [2 ** 31, 2 ** 40, 1e30, 0, -1, 1.5]) {
      await expect422(await admin.put(`/api/brands/${brand.id}`, { json: { name: brand.name, version } }), 'version');
      await expect422(await admin.put('/api/global-settings', { json: { version } }), 'version');
    }
    expect(await witness()).toEqual(before);
  });

  it('path ids that do not fit are 404s, never 500s', async () => {
    for (const id of ['2147483648', '1099511627776', '99999999999999999999', '0']) {
      await expectErrorShape(await admin.get(`/api/brands/${id}`), 404);
      await expectErrorShape(await admin.get(`/api/products/${id}`), 404);
      await expectErrorShape(await admin.post(`/api/impersonate/${id}`), 404);
    }
  });

  it('page past its bound is a 422', async () => {
    await expect422(await admin.get('/api/brands?page=2147483648'), 'page');
    await expect422(await admin.get('/api/products?page=2147483648'), 'page');
  });
});
