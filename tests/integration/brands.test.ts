/**
 * Brands over real HTTP against the built server: the list contract (search, every match-mode
 * family, sort, paging, 422s), create with a logo and the uploads that must be refused without
 * leaving anything behind, uniqueness, optimistic locking, the in-use delete guard, bulk
 * actions, CSV export with injection escaping, the activity log of every change, and who may
 * do any of it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Brand = {
  id: number;
  name: string;
  slug: string;
  status: string;
  description: string;
  logo_url: string | null;
  products_count: number;
  created_at: string;
  updated_at: string;
  version: number;
};
type ListBody = { data: Brand[]; meta: { page: number; per_page: number; total: number; total_is_estimate: boolean; next_cursor: string | null } };

function form(fields: Record<string, string>, file?: { field?: string; bytes: Uint8Array; name: string; type: string }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(file.field ?? 'logo', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fd;
}

async function list(params: Record<string, unknown> = {}, client = admin): Promise<{ status: number; body: ListBody }> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const { status, body } = await client.getJson<ListBody>(`/api/brands?${qs}`);
  return { status, body };
}
const names = (body: ListBody) => body.data.map((b) => b.name);
const filter = (field: string, matchMode: string, value: unknown, operator = 'and') => ({
  filters: { [field]: { operator, constraints: [{ matchMode, value }] } },
});

async function create(fields: Record<string, string>, file?: Parameters<typeof form>[1]): Promise<Brand> {
  const response = await admin.post('/api/brands', { multipart: form(fields, file) });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text).data as Brand;
}

async function byName(name: string): Promise<Brand> {
  const { body } = await list(filter('name', 'equals', name));
  expect(body.data, name).toHaveLength(1);
  return body.data[0]!;
}

function uploadedFiles(): string[] {
  const dir = join(app.server.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function activity(params: Record<string, unknown>) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const { status, body } = await admin.getJson(`/api/activity-logs?${qs}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as {
    data: { id: number; area: string; action: string; record_id: string; actor_name: string; changes: Record<string, [unknown, unknown]> }[];
    meta: ListBody['meta'];
  };
}
const entriesFor = (id: number) =>
  activity({
    sort: 'at',
    order: 'desc',
    per_page: '100',
    filters: { area: { constraints: [{ matchMode: 'equals', value: 'brands' }] }, record_id: { constraints: [{ matchMode: 'equals', value: String(id) }] } },
  });

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('GET /api/brands', () => {
  it('lists the demo brands by name, with the list meta', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(names(body)).toEqual([
      'Chandni Jewels',
      'Indigo Loom',
      'Kaveri Weaves',
      'Monsoon Linen',
      'Neel Denim',
      'Peepal Home',
      'Saffron Thread',
      'Tulsi Naturals',
    ]);
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 8, total_is_estimate: false, next_cursor: null });
    expect(body.data[1]).toMatchObject({ name: 'Indigo Loom', slug: 'indigo-loom', status: 'active', products_count: 5, logo_url: null, version: 1 });
  });

  it('counts the matches on every page, a page past the end included', async () => {
    const first = (await list({ ...filter('name', 'contains', 'e'), per_page: '10' })).body;
    expect(first.data).toHaveLength(6);
    expect(first.meta).toMatchObject({ total: 6, total_is_estimate: false });
    const past = (await list({ ...filter('name', 'contains', 'e'), per_page: '10', page: '9' })).body;
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ page: 9, total: 6, total_is_estimate: false });
    expect((await list({ ...filter('name', 'contains', 'no brand has this'), page: '1' })).body.meta.total).toBe(0);
  });

  it('searches name and slug', async () => {
    expect(names((await list({ q: 'LOOM' })).body)).toEqual(['Indigo Loom']);
    expect(names((await list({ q: 'neel-den' })).body)).toEqual(['Neel Denim']);
    expect((await list({ q: 'nothing like this' })).body.meta.total).toBe(0);
  });

  it('filters text columns: startsWith, contains, notContains, endsWith, equals, notEquals, in, with and/or', async () => {
    expect(names((await list(filter('name', 'startsWith', 'ka'))).body)).toEqual(['Kaveri Weaves']);
    expect(names((await list(filter('name', 'contains', 'en'))).body)).toEqual(['Monsoon Linen', 'Neel Denim']);
    expect((await list(filter('name', 'notContains', 'e'))).body.data.every((b) => !/e/i.test(b.name))).toBe(true);
    expect(names((await list(filter('name', 'endsWith', 'home'))).body)).toEqual(['Peepal Home']);
    expect(names((await list(filter('slug', 'equals', 'TULSI-NATURALS'))).body)).toEqual(['Tulsi Naturals']);
    expect((await list(filter('name', 'notEquals', 'indigo loom'))).body.meta.total).toBe(7);
    expect(names((await list(filter('name', 'in', ['indigo loom', 'NEEL DENIM', 'missing']))).body)).toEqual(['Indigo Loom', 'Neel Denim']);
    const or = {
      filters: {
        name: {
          operator: 'or',
          constraints: [
            { matchMode: 'startsWith', value: 'Indigo' },
            { matchMode: 'endsWith', value: 'Jewels' },
          ],
        },
      },
    };
    expect(names((await list(or)).body)).toEqual(['Chandni Jewels', 'Indigo Loom']);
    const and = {
      filters: {
        name: {
          operator: 'and',
          constraints: [
            { matchMode: 'contains', value: 'o' },
            { matchMode: 'contains', value: 'm' },
          ],
        },
      },
    };
    expect(names((await list(and)).body)).toEqual(['Indigo Loom', 'Monsoon Linen', 'Peepal Home']);
  });

  it('filters number columns: equals, notEquals, in, lt, lte, gt, gte, between', async () => {
    // The demo catalogue: Indigo Loom 5 products, Monsoon Linen and Saffron Thread 3, Chandni Jewels and
    // Peepal Home 2, Kaveri Weaves and Neel Denim 1, Tulsi Naturals none.
    const used = ['Chandni Jewels', 'Indigo Loom', 'Kaveri Weaves', 'Monsoon Linen', 'Neel Denim', 'Peepal Home', 'Saffron Thread'];
    expect(names((await list(filter('products_count', 'gte', 1))).body)).toEqual(used);
    expect(names((await list(filter('products_count', 'gt', '0'))).body)).toEqual(used);
    expect((await list(filter('products_count', 'equals', 0))).body.meta.total).toBe(1);
    expect((await list(filter('products_count', 'notEquals', 0))).body.meta.total).toBe(7);
    expect((await list(filter('products_count', 'lt', 1))).body.meta.total).toBe(1);
    expect((await list(filter('products_count', 'lte', 1))).body.meta.total).toBe(3);
    expect(names((await list(filter('products_count', 'between', [1, 1]))).body)).toEqual(['Kaveri Weaves', 'Neel Denim']);
    expect(names((await list(filter('products_count', 'between', [2, 3]))).body)).toEqual(['Chandni Jewels', 'Monsoon Linen', 'Peepal Home', 'Saffron Thread']);
    expect((await list(filter('products_count', 'in', [0, 5]))).body.meta.total).toBe(2);
  });

  it('filters date columns on the Indian calendar day: dateIs, dateIsNot, dateBefore, dateAfter, between', async () => {
    // The demo brands were created one a day from 15 Jan 2026, 15:00 IST.
    expect(names((await list(filter('created_at', 'dateIs', '2026-01-15'))).body)).toEqual(['Indigo Loom']);
    expect((await list(filter('created_at', 'dateIsNot', '2026-01-15'))).body.meta.total).toBe(7);
    expect(names((await list(filter('created_at', 'dateBefore', '2026-01-17'))).body)).toEqual(['Indigo Loom', 'Saffron Thread']);
    expect(names((await list(filter('created_at', 'dateAfter', '2026-01-21'))).body)).toEqual(['Tulsi Naturals']);
    expect(names((await list(filter('created_at', 'between', ['2026-01-16', '2026-01-17']))).body)).toEqual(['Kaveri Weaves', 'Saffron Thread']);
  });

  it('filters enum columns: equals, notEquals, in', async () => {
    expect(names((await list(filter('status', 'equals', 'inactive'))).body)).toEqual(['Tulsi Naturals']);
    expect((await list(filter('status', 'notEquals', 'inactive'))).body.meta.total).toBe(7);
    expect((await list(filter('status', 'in', ['active', 'inactive']))).body.meta.total).toBe(8);
  });

  it('combines fields with AND', async () => {
    const both = {
      filters: { status: { constraints: [{ matchMode: 'equals', value: 'active' }] }, products_count: { constraints: [{ matchMode: 'equals', value: 1 }] } },
    };
    expect(names((await list(both)).body)).toEqual(['Kaveri Weaves', 'Neel Denim']);
  });

  it('sorts on any sortable column, both ways, with a stable tie-breaker', async () => {
    expect(names((await list({ sort: 'name', order: 'desc' })).body)[0]).toBe('Tulsi Naturals');
    expect(names((await list({ sort: 'created_at', order: 'desc' })).body)[0]).toBe('Tulsi Naturals');
    const byCount = (await list({ sort: 'products_count', order: 'desc' })).body.data.map((b) => b.products_count);
    expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
  });

  it('answers 422 naming a bad filter, an unknown sort or a bad page size', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [filter('password', 'equals', 'x'), /password/],
      [filter('name', 'lt', 'x'), /"lt" does not apply to a text column/],
      [filter('products_count', 'equals', 'many'), /products_count.*number/],
      [filter('created_at', 'dateIs', 'last tuesday'), /created_at.*date/],
      [filter('status', 'equals', 'archived'), /status.*active, inactive/],
      [filter('name', 'like', 'x'), /Unknown match mode "like"/],
      [{ filters: '{"name":' }, /filters must be JSON/],
      [{ sort: 'password' }, /"password" cannot be sorted on/],
      [{ per_page: '20' }, /per_page must be 10, 25, 50 or 100/],
    ];
    for (const [params, message] of cases) {
      const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      const body = await expectErrorShape(await admin.get(`/api/brands?${qs}`), 422);
      expect(body.message, qs.toString()).toMatch(message);
    }
  });

  it('pages through the set, and offers a keyset cursor for the next page', async () => {
    for (let i = 1; i <= 12; i++) await create({ name: `Paging Test ${String(i).padStart(2, '0')}`, status: 'active' });
    const q = filter('name', 'startsWith', 'Paging Test');
    const p1 = (await list({ ...q, per_page: '10' })).body;
    const p2 = (await list({ ...q, per_page: '10', page: '2' })).body;
    expect(p1.meta).toMatchObject({ page: 1, per_page: 10, total: 12 });
    expect(names(p1)).toHaveLength(10);
    expect(names(p2)).toEqual(['Paging Test 11', 'Paging Test 12']);
    expect(p2.meta.next_cursor).toBeNull();
    expect(p1.meta.next_cursor).toEqual(expect.any(String));
    const viaCursor = (await list({ ...q, per_page: '10', cursor: p1.meta.next_cursor! })).body;
    expect(names(viaCursor)).toEqual(names(p2));
  });
});

describe('POST /api/brands', () => {
  it('creates a brand with a logo; the slug comes from the name', async () => {
    const brand = await create(
      { name: 'Café Noir & Co', description: 'Coffee-dyed linen.', status: 'active' },
      { bytes: PNG, name: 'logo.png', type: 'image/png' },
    );
    expect(brand).toMatchObject({ name: 'Café Noir & Co', slug: 'cafe-noir-and-co', description: 'Coffee-dyed linen.', status: 'active', version: 1 });
    expect(brand.logo_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const logo = await admin.get(brand.logo_url!);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses bad uploads and writes nothing: a renamed .exe, an SVG carrying script, a 3 MB file', async () => {
    const before = { brands: (await list()).body.meta.total, files: uploadedFiles().length };
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'), Buffer.alloc(512, 7)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024, 1)]);
    const attempts: [Parameters<typeof form>[1], number[]][] = [
      [{ bytes: exe, name: 'logo.png', type: 'image/png' }, [422]],
      [{ bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }, [422]],
      [{ bytes: big, name: 'huge.png', type: 'image/png' }, [413, 422]],
    ];
    for (const [i, [file, statuses]] of attempts.entries()) {
      const response = await admin.post('/api/brands', { multipart: form({ name: `Bad Upload ${i}`, status: 'active' }, file) });
      const text = await response.clone().text();
      expect(statuses, `${file!.name}: ${response.status} ${text}`).toContain(response.status);
      const body = await expectErrorShape(response, response.status);
      expect(body.errors?.logo?.[0], file!.name).toMatch(/PNG, JPEG or WebP|too large/);
    }
    expect((await list()).body.meta.total).toBe(before.brands);
    expect(uploadedFiles().length).toBe(before.files);
    expect((await list(filter('name', 'startsWith', 'Bad Upload'))).body.meta.total).toBe(0);
  });

  it('refuses a duplicate name, ignoring case, and a missing name, beside the field', async () => {
    let body = await expectErrorShape(await admin.post('/api/brands', { multipart: form({ name: 'indigo LOOM', status: 'active' }) }), 422);
    expect(body.errors?.name).toEqual(['A brand with this name already exists.']);
    body = await expectErrorShape(await admin.post('/api/brands', { multipart: form({ name: '  ', status: 'active' }) }), 422);
    expect(body.errors?.name).toEqual(['Enter the brand name.']);
    body = await expectErrorShape(await admin.post('/api/brands', { multipart: form({ name: 'Slug Clash', slug: 'neel-denim' }) }), 422);
    expect(body.errors?.slug).toEqual(['This slug is already used by another brand.']);
    body = await expectErrorShape(await admin.post('/api/brands', { multipart: form({ name: 'Bad Status', status: 'deleted' }) }), 422);
    expect(body.errors?.status).toEqual(['Choose Active or Inactive.']);
  });
});

describe('PUT /api/brands/:id', () => {
  it('saves with the version it was loaded with, and answers 409 to a stale one, changing nothing', async () => {
    const brand = await create({ name: 'Version Test', status: 'active' });
    const first = await admin.put(`/api/brands/${brand.id}`, { multipart: form({ name: 'Version Test Renamed', status: 'inactive', version: '1' }) });
    expect(first.status).toBe(200);
    const saved = (await first.json()).data as Brand;
    expect(saved).toMatchObject({ name: 'Version Test Renamed', slug: 'version-test', status: 'inactive', version: 2 });

    // A second person who opened the form at version 1.
    const other = await app.as('admin');
    const stale = await expectErrorShape(
      await other.put(`/api/brands/${brand.id}`, { multipart: form({ name: 'Someone Else', status: 'active', version: '1' }) }),
      409,
    );
    expect(stale.message).toMatch(/changed by someone else/);
    expect((await admin.getJson(`/api/brands/${brand.id}`)).body.data).toMatchObject({ name: 'Version Test Renamed', version: 2 });

    const missing = await expectErrorShape(await admin.put(`/api/brands/${brand.id}`, { multipart: form({ name: 'No Version', status: 'active' }) }), 422);
    expect(missing.errors?.version).toBeDefined();
  });
});

describe('DELETE /api/brands/:id and bulk actions', () => {
  it('keeps a brand still used by a product and says why (409)', async () => {
    const indigo = await byName('Indigo Loom');
    const body = await expectErrorShape(await admin.delete(`/api/brands/${indigo.id}`), 409);
    expect(body.message).toBe('Brand "Indigo Loom" can\'t be deleted: it is used by 5 products.');
    expect((await admin.getJson(`/api/brands/${indigo.id}`)).status).toBe(200);
  });

  it('deletes an unused brand', async () => {
    const brand = await create({ name: 'Delete Me', status: 'active' }, { bytes: PNG, name: 'l.png', type: 'image/png' });
    const files = uploadedFiles().length;
    const response = await admin.delete(`/api/brands/${brand.id}`);
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Brand deleted.');
    await expectErrorShape(await admin.get(`/api/brands/${brand.id}`), 404);
    expect(uploadedFiles().length).toBe(files - 1);
  });

  it('bulk-deletes all or nothing: one brand in use blocks the whole batch and is named', async () => {
    const a = await create({ name: 'Bulk A', status: 'active' });
    const b = await create({ name: 'Bulk B', status: 'active' });
    const indigo = await byName('Indigo Loom');
    const blocked = await expectErrorShape(await admin.post('/api/brands/bulk-delete', { json: { ids: [a.id, b.id, indigo.id] } }), 409);
    expect(blocked.message).toMatch(/Nothing was deleted/);
    expect(Object.keys(blocked.errors ?? {})).toEqual([String(indigo.id)]);
    expect(blocked.errors?.[String(indigo.id)]?.[0]).toMatch(/Indigo Loom: it is used by 5 products/);
    expect((await list(filter('name', 'in', ['Bulk A', 'Bulk B']))).body.meta.total).toBe(2);

    const ok = await admin.post('/api/brands/bulk-delete', { json: { ids: [a.id, b.id] } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: '2 brands deleted.', count: 2, data: { deleted: 2 } });
    expect((await list(filter('name', 'in', ['Bulk A', 'Bulk B']))).body.meta.total).toBe(0);
    await expectErrorShape(await admin.post('/api/brands/bulk-delete', { json: { ids: [] } }), 422);
  });

  it('bulk-sets the status', async () => {
    const a = await create({ name: 'Status A', status: 'active' });
    const b = await create({ name: 'Status B', status: 'active' });
    const response = await admin.post('/api/brands/bulk-status', { json: { ids: [a.id, b.id], status: 'inactive' } });
    expect(await response.json()).toEqual({ message: '2 brands updated.', count: 2, data: { updated: 2 } });
    const after = (await list(filter('name', 'in', ['Status A', 'Status B']))).body.data;
    expect(after.map((x) => [x.status, x.version])).toEqual([
      ['inactive', 2],
      ['inactive', 2],
    ]);
    const bad = await expectErrorShape(await admin.post('/api/brands/bulk-status', { json: { ids: [a.id], status: 'archived' } }), 422);
    expect(bad.errors?.status?.[0]).toMatch(/active, inactive/);
  });
});

describe('GET /api/brands/export', () => {
  it('exports the filtered set as CSV, escaping formulas', async () => {
    const evil = await create({ name: '=HYPERLINK("http://evil.example","Click")', slug: 'evil-brand', status: 'active' });
    const response = await admin.get(
      `/api/brands/export?${new URLSearchParams({ sort: 'name', ...{ filters: JSON.stringify(filter('slug', 'in', ['evil-brand', 'indigo-loom']).filters) } })}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="brands-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Name,Slug,Status,Products,Created,Updated');
    expect(lines[1]).toMatch(new RegExp(`^${evil.id},"'=HYPERLINK\\(""http://evil.example"",""Click""\\)",evil-brand,active,0,`));
    expect(lines[2]).toMatch(/^\d+,Indigo Loom,indigo-loom,active,5,/);
    expect(lines.filter(Boolean)).toHaveLength(3);
  });

  it('exports only the given ids (the visible page)', async () => {
    const indigo = await byName('Indigo Loom');
    const neel = await byName('Neel Denim');
    const text = await (await admin.get(`/api/brands/export?ids=${indigo.id},${neel.id}`)).text();
    expect(
      text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).toEqual(['Indigo Loom', 'Neel Denim']);
    await expectErrorShape(await admin.get('/api/brands/export?ids=1;drop'), 422);
  });
});

describe('the activity log of brands', () => {
  it('records every change with its diff and who made it', async () => {
    const brand = await create({ name: 'Audit Trail', status: 'active' });
    await admin.put(`/api/brands/${brand.id}`, { multipart: form({ name: 'Audit Trail Two', description: 'Now described.', status: 'active', version: '1' }) });
    await admin.post('/api/brands/bulk-status', { json: { ids: [brand.id], status: 'inactive' } });
    await admin.delete(`/api/brands/${brand.id}`);

    const { data } = await entriesFor(brand.id);
    expect(data.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    const [del, status, edit, made] = data as [(typeof data)[0], (typeof data)[0], (typeof data)[0], (typeof data)[0]];
    expect(data.every((e) => e.actor_name === 'Asha Admin' && e.area === 'brands' && e.record_id === String(brand.id))).toBe(true);
    expect(made.changes.name).toEqual([null, 'Audit Trail']);
    expect(edit.changes).toMatchObject({ name: ['Audit Trail', 'Audit Trail Two'], description: [null, 'Now described.'] });
    expect(edit.changes.slug).toBeUndefined();
    expect(status.changes).toMatchObject({ status: ['active', 'inactive'] });
    expect(del.changes.name).toEqual(['Audit Trail Two', null]);
    // The name's lower-case copy (a generated column for searching) is the database's, not the record's.
    for (const entry of data)
      expect(
        Object.keys(entry.changes).filter((k) => /fold/i.test(k)),
        entry.action,
      ).toEqual([]);
  });

  it('logs nothing for a refused change', async () => {
    const indigo = await byName('Indigo Loom');
    const before = (await entriesFor(indigo.id)).meta.total;
    await admin.delete(`/api/brands/${indigo.id}`);
    await admin.put(`/api/brands/${indigo.id}`, { multipart: form({ name: 'Indigo Loom', status: 'active', version: '99' }) });
    expect((await entriesFor(indigo.id)).meta.total).toBe(before);
  });
});

describe('GET /api/activity-logs', () => {
  it('filters by user, area, action and date range, and joins the users’ names', async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const body = await activity({
      filters: {
        actor_name: { constraints: [{ matchMode: 'contains', value: 'asha' }] },
        area: { constraints: [{ matchMode: 'equals', value: 'brands' }] },
        action: { constraints: [{ matchMode: 'in', value: ['delete'] }] },
        at: { constraints: [{ matchMode: 'between', value: [today, today] }] },
      },
    });
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
    expect(body.data.every((e) => e.action === 'delete' && e.area === 'brands' && e.actor_name === 'Asha Admin')).toBe(true);
    const none = await activity({ filters: { at: { constraints: [{ matchMode: 'dateBefore', value: '2000-01-01' }] } } });
    expect(none.meta.total).toBe(0);
    const byId = await activity({ filters: { actor_id: { constraints: [{ matchMode: 'equals', value: 999999 }] } } });
    expect(byId.meta.total).toBe(0);
  });

  it('sorts newest first by default and refuses bad filters with 422', async () => {
    const { data } = await activity({ per_page: '10' });
    const times = data.map((e) => (e as unknown as { at: string }).at);
    expect(times).toEqual([...times].sort().reverse());
    const body = await expectErrorShape(
      await admin.get(
        `/api/activity-logs?filters=${encodeURIComponent(JSON.stringify({ changes: { constraints: [{ matchMode: 'contains', value: 'x' }] } }))}`,
      ),
      422,
    );
    expect(body.message).toMatch(/changes/);
    await expectErrorShape(await admin.get('/api/activity-logs?sort=user_agent'), 422);
  });

  it('has no way to write: no create, update or delete', async () => {
    await expectErrorShape(await admin.post('/api/activity-logs', { json: {} }), 405);
    await expectErrorShape(await admin.delete('/api/activity-logs'), 405);
    const one = (await activity({ per_page: '10' })).data[0]!;
    const put = await admin.put(`/api/activity-logs/${one.id}`, { json: {} });
    expect([404, 405]).toContain(put.status);
    const del = await admin.delete(`/api/activity-logs/${one.id}`);
    expect([404, 405]).toContain(del.status);
    expect((await activity({ per_page: '10' })).data[0]!.id).toBe(one.id);
  });
});

describe('who may use brands and the activity log', () => {
  for (const account of ['vendor', 'support'] as const) {
    it(`refuses ${account} with 403, on the API and the pages`, async () => {
      const client = await app.as(account);
      const indigo = await byName('Indigo Loom');
      await expectErrorShape(await client.get('/api/brands'), 403);
      await expectErrorShape(await client.get(`/api/brands/${indigo.id}`), 403);
      await expectErrorShape(await client.post('/api/brands', { multipart: form({ name: 'Not Allowed', status: 'active' }) }), 403);
      await expectErrorShape(await client.put(`/api/brands/${indigo.id}`, { multipart: form({ name: 'x', status: 'active', version: '1' }) }), 403);
      await expectErrorShape(await client.delete(`/api/brands/${indigo.id}`), 403);
      await expectErrorShape(await client.post('/api/brands/bulk-delete', { json: { ids: [indigo.id] } }), 403);
      await expectErrorShape(await client.post('/api/brands/bulk-status', { json: { ids: [indigo.id], status: 'inactive' } }), 403);
      await expectErrorShape(await client.get('/api/brands/export'), 403);
      await expectErrorShape(await client.get('/api/activity-logs'), 403);
      for (const page of ['/brands/listing', '/brands/add', `/brands/${indigo.id}/edit`, '/activity-logs']) {
        const response = await client.get(page, { headers: { accept: 'text/html' } });
        expect(response.status, page).toBe(403);
      }
      expect((await byName('Indigo Loom')).version).toBe(indigo.version);
    });
  }
});

describe('the pages', () => {
  it('server-renders page 1 of the list from the URL, and 404s an edit page of a missing brand', async () => {
    const html = await (await admin.get(`/brands/listing?${new URLSearchParams({ q: 'loom' })}`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Indigo Loom');
    expect(html).not.toContain('Neel Denim');
    expect(html).toMatch(/<astro-island[^>]+DataTable/);
    const bad = await admin.get(`/brands/listing?${new URLSearchParams({ sort: 'password' })}`, { headers: { accept: 'text/html' } });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain('&quot;password&quot; cannot be sorted on.');
    const missing = await admin.get('/brands/999999/edit', { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Brand not found');
    const indigo = await byName('Indigo Loom');
    const edit = await (await admin.get(`/brands/${indigo.id}/edit`, { headers: { accept: 'text/html' } })).text();
    expect(edit).toContain('indigo-loom');
  });
});
