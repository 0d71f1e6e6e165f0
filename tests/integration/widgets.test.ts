/**
 * Widgets over real HTTP against the built server: the demo list in position order with what the
 * storefront shows now (live, scheduled, expired, off), validation 422s beside each field (type,
 * image rules, alt text, the schedule in IST, links whose scheme is not a storefront path or
 * https), the reorder call (one activity entry, the set check answering 409, filters, duplicates,
 * CSRF and who may call it), and who may use the area at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');

type Widget = {
  id: number;
  title: string;
  type: string;
  image_url: string | null;
  alt_text: string;
  link_url: string;
  position: number;
  starts_at: string | null;
  ends_at: string | null;
  status: string;
  visibility: string;
  version: number;
};
type ListBody = { data: Widget[]; meta: { total: number } };

function form(fields: Record<string, string>, image?: { bytes: Uint8Array; name: string; type: string }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (image) fd.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return fd;
}

const qs = (params: Record<string, unknown>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

async function list(params: Record<string, unknown> = {}): Promise<ListBody> {
  const { status, body } = await admin.getJson<ListBody>(`/api/widgets?${qs({ per_page: '100', ...params })}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function create(fields: Record<string, string>, image?: Parameters<typeof form>[1]): Promise<Widget> {
  const response = await admin.post('/api/widgets', { multipart: form({ type: 'strip', status: 'active', ...fields }, image) });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text).data as Widget;
}

async function refused(fields: Record<string, string>, image?: Parameters<typeof form>[1]) {
  return expectErrorShape(await admin.post('/api/widgets', { multipart: form({ type: 'strip', status: 'active', ...fields }, image) }), 422);
}

async function reorderEntries() {
  const { body } = await admin.getJson(
    `/api/activity-logs?${qs({ per_page: '100', filters: { area: { constraints: [{ matchMode: 'equals', value: 'widgets' }] }, action: { constraints: [{ matchMode: 'equals', value: 'reorder' }] } } })}`,
  );
  return body as { data: { action: string; record_id: string | null; changes: { order: [string[], string[]] } }[]; meta: { total: number } };
}

const titles = (body: ListBody) => body.data.map((w) => w.title);

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('GET /api/widgets', () => {
  it('lists the demo widgets by position, saying what the storefront shows now', async () => {
    const body = await list();
    expect(body.data.map((w) => [w.title, w.position, w.visibility])).toEqual([
      ['Diwali Festive Sale', 1, 'live'],
      ['Free delivery on orders above ₹499', 2, 'live'],
      ['Shop by category', 3, 'live'],
      ['Republic Day Sale: handloom picks', 4, 'scheduled'],
      ['Independence Day: last hours', 5, 'expired'],
      ['Kaveri Handlooms weavers’ week', 6, 'inactive'],
    ]);
    const hero = body.data[0]!;
    expect(hero).toMatchObject({ type: 'hero-banner', link_url: '/sale/diwali', status: 'active', ends_at: null });
    expect(hero.alt_text).toMatch(/Diwali Festive Sale/);
    const image = await admin.get(hero.image_url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('filters and sorts on the visibility the database computes', async () => {
    expect(titles(await list({ filters: { visibility: { constraints: [{ matchMode: 'in', value: ['scheduled', 'expired'] }] } } }))).toEqual([
      'Republic Day Sale: handloom picks',
      'Independence Day: last hours',
    ]);
    await expectErrorShape(
      await admin.get(`/api/widgets?${qs({ filters: { visibility: { constraints: [{ matchMode: 'equals', value: 'sometimes' }] } } })}`),
      422,
    );
  });
});

describe('POST /api/widgets: validation', () => {
  it('answers 422 beside the field: title, type, status, position', async () => {
    expect((await refused({ title: '  ' })).errors?.title).toEqual(['Enter the widget title.']);
    expect((await refused({ title: 'Bad type', type: 'popup' })).errors?.type).toEqual(['Choose the widget type.']);
    expect((await refused({ title: 'Bad status', status: 'live' })).errors?.status).toEqual(['Choose Active or Inactive.']);
    expect((await refused({ title: 'Bad position', position: '-1' })).errors?.position?.[0]).toMatch(/whole number/);
    expect((await refused({ title: 'Bad position', position: '2.5' })).errors?.position?.[0]).toMatch(/whole number/);
  });

  it('refuses links that are not a storefront path or an https:// address', async () => {
    const bad = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'http://example.com/sale',
      'ftp://example.com/file',
      '//evil.example.com/sale',
      '/\\evil.example.com',
      'https://user:secret@example.com/',
      'https://localhost/x',
      'sale/diwali',
      '/sale diwali',
    ];
    for (const link of bad) {
      const body = await refused({ title: 'Link check', link_url: link });
      expect(body.errors?.link_url, link).toEqual(['Enter a storefront path starting with / (like /sale/diwali) or an https:// address.']);
    }
    expect((await list({ q: 'Link check' })).meta.total).toBe(0);
    const path = await create({ title: 'Path link', link_url: '/sale/diwali?utm_source=home#top' });
    expect(path.link_url).toBe('/sale/diwali?utm_source=home#top');
    const https = await create({ title: 'Https link', link_url: 'https://brand.example.com/lookbook' });
    expect(https.link_url).toBe('https://brand.example.com/lookbook');
    expect((await create({ title: 'No link', link_url: '' })).link_url).toBe('');
  });

  it('a widget goes live when its start passes, with nothing written meanwhile (the list reads the clock every time)', async () => {
    // Whole seconds, as ISO with a zone: starts 8 s from now, room enough for the create and the
    // first list to answer before it on a loaded machine.
    const start = new Date(Math.ceil(Date.now() / 1000) * 1000 + 8000);
    const w = await create({ title: 'Starts in a moment', starts_at: start.toISOString() });
    expect(w.visibility).toBe('scheduled');
    expect((await list({ q: 'Starts in a moment' })).data[0]?.visibility).toBe('scheduled');
    // Then the same list, asked again until the start has passed, shows it live.
    await expect.poll(async () => (await list({ q: 'Starts in a moment' })).data[0]?.visibility, { interval: 500, timeout: 60_000 }).toBe('live');
  });

  it('reads the schedule as India time, and wants the end after the start', async () => {
    const w = await create({ title: 'Schedule in IST', starts_at: '2030-01-01T10:00', ends_at: '2030-01-02T09:30' });
    expect(w).toMatchObject({ starts_at: '2030-01-01T04:30:00.000Z', ends_at: '2030-01-02T04:00:00.000Z', visibility: 'scheduled' });
    const zoned = await create({ title: 'Schedule with a zone', starts_at: '2024-01-01T00:00:00Z', ends_at: '2024-01-31T23:59:00+05:30' });
    expect(zoned).toMatchObject({ starts_at: '2024-01-01T00:00:00.000Z', ends_at: '2024-01-31T18:29:00.000Z', visibility: 'expired' });
    expect((await create({ title: 'Always on', starts_at: '', ends_at: '' })).visibility).toBe('live');

    let body = await refused({ title: 'Backwards', starts_at: '2030-01-02T10:00', ends_at: '2030-01-01T10:00' });
    expect(body.errors?.ends_at).toEqual(['End the schedule after it starts.']);
    body = await refused({ title: 'Same time', starts_at: '2030-01-02T10:00', ends_at: '2030-01-02T10:00' });
    expect(body.errors?.ends_at).toEqual(['End the schedule after it starts.']);
    for (const value of ['tomorrow', '2030-02-30T10:00', '2030-01-01T25:00', '1/1/2030 10:00']) {
      body = await refused({ title: 'Bad date', starts_at: value });
      expect(body.errors?.starts_at?.[0], value).toMatch(/Enter a date and time/);
    }
  });

  it('wants an image for hero banners and promo cards, alt text with any image, and refuses SVG', async () => {
    let body = await refused({ title: 'Hero without image', type: 'hero-banner' });
    expect(body.errors?.image).toEqual(['A hero banner needs an image.']);
    body = await refused({ title: 'Image without alt', type: 'promo-card' }, { bytes: PNG, name: 'card.png', type: 'image/png' });
    expect(body.errors?.alt_text?.[0]).toMatch(/alt text/);
    body = await refused({ title: 'SVG banner', type: 'hero-banner', alt_text: 'A banner' }, { bytes: SVG, name: 'banner.svg', type: 'image/svg+xml' });
    expect(body.errors?.image?.[0]).toMatch(/not a PNG, JPEG or WebP/);
    expect((await list({ q: 'banner' })).data.some((w) => w.title === 'SVG banner')).toBe(false);

    const hero = await create(
      { title: 'Hero with image', type: 'hero-banner', alt_text: 'Red banner: summer sale' },
      { bytes: PNG, name: 'hero.png', type: 'image/png' },
    );
    expect(hero.image_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    // The saved image counts on an edit: alt text is still needed, and a hero banner can't lose its image.
    body = await expectErrorShape(
      await admin.put(`/api/widgets/${hero.id}`, {
        multipart: form({ title: 'Hero with image', type: 'hero-banner', alt_text: '', status: 'active', version: '1' }),
      }),
      422,
    );
    expect(body.errors?.alt_text?.[0]).toMatch(/alt text/);
    body = await expectErrorShape(
      await admin.put(`/api/widgets/${hero.id}`, {
        multipart: form({ title: 'Hero with image', type: 'hero-banner', alt_text: 'x', image_remove: 'true', status: 'active', version: '1' }),
      }),
      422,
    );
    expect(body.errors?.image).toEqual(['A hero banner needs an image.']);
    // As a strip it may drop the image, and then needs no alt text.
    const strip = await admin.put(`/api/widgets/${hero.id}`, {
      multipart: form({ title: 'Now a strip', type: 'strip', alt_text: '', image_remove: 'true', status: 'active', version: '1' }),
    });
    expect(strip.status, await strip.clone().text()).toBe(200);
    expect((await strip.json()).data).toMatchObject({ title: 'Now a strip', image_url: null, version: 2 });
  });

  it('puts a widget without a position last, and keeps its place when an edit leaves it blank', async () => {
    const before = await list();
    const last = Math.max(...before.data.map((w) => w.position));
    const w = await create({ title: 'Goes last' });
    expect(w.position).toBe(last + 1);
    const edited = await admin.put(`/api/widgets/${w.id}`, {
      multipart: form({ title: 'Goes last, renamed', type: 'strip', status: 'active', position: '', version: '1' }),
    });
    expect((await edited.json()).data).toMatchObject({ title: 'Goes last, renamed', position: last + 1 });
    const placed = await create({ title: 'Placed first', position: '0' });
    expect(placed.position).toBe(0);
    expect((await list()).data[0]!.title).toBe('Placed first');
  });
});

describe('POST /api/widgets/reorder', () => {
  it('saves a new order of the whole list in one activity entry, and 409s when the set changed', async () => {
    const before = await list();
    const ids = before.data.map((w) => w.id);
    const entries = (await reorderEntries()).meta.total;
    const reversed = [...ids].reverse();
    const response = await admin.post('/api/widgets/reorder', { json: { ids: reversed } });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Order saved.');
    const after = await list();
    expect(after.data.map((w) => w.id)).toEqual(reversed);
    // No two share a position, so the records take the positions the set held, in the new order;
    // a moved record's version goes up (an edit form opened before the move answers 409).
    expect(new Set(before.data.map((w) => w.position)).size).toBe(ids.length);
    expect(after.data.map((w) => w.position)).toEqual(before.data.map((w) => w.position));
    for (const w of after.data) {
      const old = before.data.find((b) => b.id === w.id)!;
      expect(w.version, w.title).toBe(old.position === w.position ? old.version : old.version + 1);
    }

    const log = await reorderEntries();
    expect(log.meta.total).toBe(entries + 1);
    expect(log.data[0]!.record_id).toBeNull();
    expect(log.data[0]!.changes.order[0]).toEqual(before.data.map((w) => `${w.title} (#${w.id})`));
    expect(log.data[0]!.changes.order[1]).toEqual(after.data.map((w) => `${w.title} (#${w.id})`));

    // Someone added a widget meanwhile: the old list's ids are not the set any more.
    const added = await create({ title: 'Added meanwhile' });
    const stale = await expectErrorShape(await admin.post('/api/widgets/reorder', { json: { ids } }), 409);
    expect(stale.message).toMatch(/changed since the list was loaded/);
    // … or deleted one.
    const current = (await list()).data.map((w) => w.id);
    await admin.delete(`/api/widgets/${added.id}`);
    await expectErrorShape(await admin.post('/api/widgets/reorder', { json: { ids: current } }), 409);
    expect((await list()).data.map((w) => w.id)).toEqual(current.filter((id) => id !== added.id));
    expect((await reorderEntries()).meta.total).toBe(entries + 1);
  });

  it('says nothing changed for the same order, and refuses duplicates and bad bodies with 422', async () => {
    const ids = (await list()).data.map((w) => w.id);
    const entries = (await reorderEntries()).meta.total;
    const same = await admin.post('/api/widgets/reorder', { json: { ids } });
    expect(await same.json()).toEqual({ message: 'The order is unchanged.', data: { updated: 0 } });
    expect((await reorderEntries()).meta.total).toBe(entries);

    expect((await expectErrorShape(await admin.post('/api/widgets/reorder', { json: { ids: [ids[0], ...ids] } }), 422)).errors?.ids).toEqual([
      'Each record may appear only once.',
    ]);
    await expectErrorShape(await admin.post('/api/widgets/reorder', { json: { ids: [] } }), 422);
    await expectErrorShape(await admin.post('/api/widgets/reorder', { json: {} }), 422);
    await expectErrorShape(
      await admin.post('/api/widgets/reorder', { json: { ids, filters: { password: { constraints: [{ matchMode: 'equals', value: 'x' }] } } } }),
      422,
    );
    await expectErrorShape(await admin.post('/api/widgets/reorder', { json: { ids, extra: true } }), 422);
  });

  it('reorders the filtered set among the places it holds, leaving the rest where they are', async () => {
    const filters = { type: { constraints: [{ matchMode: 'equals', value: 'strip' }] } };
    const all = await list();
    const strips = await list({ filters });
    expect(strips.data.length).toBeGreaterThan(2);
    const moved = [strips.data.at(-1)!.id, ...strips.data.slice(0, -1).map((w) => w.id)];
    const response = await admin.post('/api/widgets/reorder', { json: { ids: moved, filters } });
    expect(response.status, await response.clone().text()).toBe(200);
    const after = await list();
    const others = (body: ListBody) => body.data.filter((w) => w.type !== 'strip').map((w) => [w.id, w.position]);
    expect(others(after)).toEqual(others(all));
    expect((await list({ filters })).data.map((w) => w.id)).toEqual(moved);
    expect((await list({ filters })).data.map((w) => w.position)).toEqual(strips.data.map((w) => w.position));
    // The filtered ids are not the whole list's.
    await expectErrorShape(await admin.post('/api/widgets/reorder', { json: { ids: moved } }), 409);
  });

  it('numbers the whole list first when the moved rows share a position', async () => {
    const a = await create({ title: 'Tie A', position: '500' });
    const b = await create({ title: 'Tie B', position: '500' });
    const filters = { title: { constraints: [{ matchMode: 'startsWith', value: 'Tie ' }] } };
    const response = await admin.post('/api/widgets/reorder', { json: { ids: [b.id, a.id], filters } });
    expect(response.status).toBe(200);
    const after = await list();
    expect(after.data.map((w) => w.position)).toEqual(after.data.map((_, i) => i + 1));
    expect(after.data.slice(-2).map((w) => w.title)).toEqual(['Tie B', 'Tie A']);
  });

  it('needs banners:update and the CSRF token; areas without an order have no such call', async () => {
    const ids = (await list()).data.map((w) => w.id);
    await expectErrorShape(await admin.post('/api/widgets/reorder', { json: { ids }, csrf: false }), 419);
    for (const account of ['support', 'vendor'] as const) {
      const client = await app.as(account);
      await expectErrorShape(await client.post('/api/widgets/reorder', { json: { ids: [...ids].reverse() } }), 403);
    }
    expect((await list()).data.map((w) => w.id)).toEqual(ids);
    await expectErrorShape(await admin.post('/api/brands/reorder', { json: { ids: [1] } }), 405);
  });
});

describe('who may use widgets', () => {
  for (const account of ['vendor', 'support'] as const) {
    it(`refuses ${account} with 403, on the API and the pages`, async () => {
      const client = await app.as(account);
      const [first] = (await list()).data;
      await expectErrorShape(await client.get('/api/widgets'), 403);
      await expectErrorShape(await client.get(`/api/widgets/${first!.id}`), 403);
      await expectErrorShape(await client.post('/api/widgets', { multipart: form({ title: 'Not allowed', type: 'strip' }) }), 403);
      await expectErrorShape(await client.delete(`/api/widgets/${first!.id}`), 403);
      for (const page of ['/widgets/listing', '/widgets/add', `/widget/${first!.id}/edit`]) {
        expect((await client.get(page, { headers: { accept: 'text/html' } })).status, page).toBe(403);
      }
    });
  }

  it('renders the list and the edit page with the schedule in India time', async () => {
    const html = await (await admin.get('/widgets/listing', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Diwali Festive Sale');
    expect(html).toMatch(/Move Diwali Festive Sale (up|down)/);
    const scheduled = (await list({ q: 'Republic Day' })).data[0]!;
    const edit = await (await admin.get(`/widget/${scheduled.id}/edit`, { headers: { accept: 'text/html' } })).text();
    expect(edit).toContain('value="2031-01-24T00:00"');
    expect((await admin.get('/widget/999999/edit', { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});
