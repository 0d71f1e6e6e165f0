/**
 * Issue 13's times and activity log over real HTTP (on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set): exports write ISO 8601 with the +05:30 offset; an activity entry
 * keeps its record's name (through a rename and a delete) and labels its diff's fields as the
 * form does; the Type filter hides sign-ins and sign-outs, server-side, through the list kit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Entry = {
  id: number;
  area: string;
  action: string;
  type: string;
  record_id: string | null;
  record_name: string | null;
  record_label: string;
  area_label: string;
  field_labels: Record<string, string>;
  changes: Record<string, [unknown, unknown]>;
};
type Page = { data: Entry[]; meta: { total: number } };

const ISO_IST = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/;

function brandForm(fields: Record<string, string>, logo = false): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (logo) fd.append('logo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
  return fd;
}

async function activity(params: Record<string, unknown>, client = admin): Promise<Page> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const { status, body } = await client.getJson<Page>(`/api/activity-logs?${qs}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}
const equals = (value: unknown) => ({ constraints: [{ matchMode: 'equals', value }] });

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('CSV export', () => {
  it('writes every time as ISO 8601 in IST with the +05:30 offset, the same instant as the API', async () => {
    const { body } = await admin.getJson<{ data: { id: number; created_at: string; updated_at: string }[] }>(
      `/api/brands?${new URLSearchParams({ filters: JSON.stringify({ name: equals('Indigo Loom') }) })}`,
    );
    const indigo = body.data[0]!;
    const response = await admin.get(`/api/brands/export?ids=${indigo.id}`);
    expect(response.status).toBe(200);
    // Today in IST, as the file's times are.
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="brands-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, row] = new TextDecoder('utf-8', { ignoreBOM: true })
      .decode(await response.arrayBuffer())
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const columns = header!.split(',');
    const cells = row!.split(',');
    const created = cells[columns.indexOf('Created')]!;
    const updated = cells[columns.indexOf('Updated')]!;
    expect(created).toMatch(ISO_IST);
    expect(updated).toMatch(ISO_IST);
    expect(new Date(created).getTime()).toBe(Math.floor(new Date(indigo.created_at).getTime() / 1000) * 1000);
    expect(new Date(updated).getTime()).toBe(Math.floor(new Date(indigo.updated_at).getTime() / 1000) * 1000);
  });
});

describe('activity entries name their record and label their fields', () => {
  it('keeps the name the record had at each change, through a rename and a delete', async () => {
    const created = await admin.post('/api/brands', { multipart: brandForm({ name: 'Tamarind Weave', status: 'active' }, true) });
    expect(created.status, await created.clone().text()).toBe(201);
    const brand = (await created.json()).data as { id: number };
    const renamed = await admin.put(`/api/brands/${brand.id}`, {
      multipart: brandForm({ name: 'Tamarind Weave Co', description: 'Handloom.', status: 'active', version: '1' }),
    });
    expect(renamed.status).toBe(200);
    expect((await admin.post('/api/brands/bulk-status', { json: { ids: [brand.id], status: 'inactive' } })).status).toBe(200);
    expect((await admin.delete(`/api/brands/${brand.id}`)).status).toBe(200);

    const { data } = await activity({ per_page: '100', filters: { area: equals('brands'), record_id: equals(String(brand.id)) } });
    expect(data.map((e) => [e.action, e.record_name, e.record_label])).toEqual([
      ['delete', 'Tamarind Weave Co', 'Brand Tamarind Weave Co'],
      ['update', 'Tamarind Weave Co', 'Brand Tamarind Weave Co'],
      ['update', 'Tamarind Weave Co', 'Brand Tamarind Weave Co'],
      ['create', 'Tamarind Weave', 'Brand Tamarind Weave'],
    ]);
    expect(data.every((e) => e.area_label === 'Brands')).toBe(true);
    const [, status, edit, made] = data as [Entry, Entry, Entry, Entry];
    // The form's labels: the logo's stored path is the form's Logo field; a stamp its list header.
    expect(made.field_labels).toMatchObject({ name: 'Name', slug: 'Slug', status: 'Status', logoPath: 'Logo', createdAt: 'Created' });
    expect(edit.field_labels).toEqual({ name: 'Name', description: 'Description' });
    expect(status.field_labels).toEqual({ status: 'Status' });

    // The record's name is searchable and filterable.
    const found = await activity({ q: 'Tamarind Weave Co', filters: { area: equals('brands') } });
    expect(found.data.map((e) => e.record_id)).toEqual(Array(3).fill(String(brand.id)));
    const filtered = await activity({ filters: { record_name: { constraints: [{ matchMode: 'startsWith', value: 'Tamarind' }] } } });
    expect(filtered.meta.total).toBe(4);
  });

  it('names a settings change and labels its keys as the settings form does', async () => {
    const { body: settings } = await admin.getJson<{ data: Record<string, unknown> }>('/api/global-settings');
    // What the form sends back: the values (secrets blank: kept) and the version it loaded.
    const {
      id: _id,
      updated_at: _u,
      twilio_auth_token_set: _t,
      smtp_password_set: _s,
      razorpay_webhook_secret_set: _w,
      razorpay_key_secret_set: _k,
      ...values
    } = settings.data;
    const saved = await admin.put('/api/global-settings', { json: { ...values, store_name: 'Bazaar Times' } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [entry] = (await activity({ per_page: '10', filters: { area: equals('global-settings') } })).data;
    expect(entry!.record_label).toBe('Global settings');
    expect(entry!.field_labels.store_name).toBe('Store name');
  });

  it("describes the right panel's entries the same way, naming a user whose entry predates stored names", async () => {
    // A sign-out stores no name: the panel takes the user's current one.
    const session = await app.as('admin');
    expect((await session.post('/logout')).status).toBeLessThan(400);
    const { status, body } = await admin.getJson<{ data: Entry[] }>('/api/activity/mine');
    expect(status).toBe(200);
    const logout = body.data.find((e) => e.action === 'logout')!;
    expect(logout.record_name).toBe('Asha Admin');
    expect(logout.record_label).toBe('User Asha Admin');
    const login = body.data.find((e) => e.action === 'login')!;
    expect(login.record_label).toBe('User Asha Admin');
  });
});

describe('the Type filter', () => {
  it('hides sign-ins and sign-outs, or shows only them', async () => {
    // A failed and a good sign-in, and a sign-out: three entries of type sign-in.
    const guest = app.client();
    await (await guest.submitLogin('admin@example.com', 'not the password')).arrayBuffer();
    const session = await app.as('admin');
    await session.post('/logout');

    const all = await activity({ per_page: '100' });
    expect(all.data.some((e) => e.type === 'sign-in')).toBe(true);
    const others = await activity({ per_page: '100', filters: { type: equals('other') } });
    expect(others.data.length).toBeGreaterThan(0);
    for (const e of others.data) expect(e.area === 'auth' && ['login', 'login-failed', 'logout'].includes(e.action), `${e.area} ${e.action}`).toBe(false);
    const signIns = await activity({ per_page: '100', filters: { type: equals('sign-in') } });
    expect(new Set(signIns.data.map((e) => e.action))).toEqual(new Set(['login', 'login-failed', 'logout']));
    expect(others.meta.total + signIns.meta.total).toBe(all.meta.total);
    // "Not equals" is the same filter.
    expect((await activity({ filters: { type: { constraints: [{ matchMode: 'notEquals', value: 'sign-in' }] } } })).meta.total).toBe(others.meta.total);
  });

  it('refuses a type that does not exist with a 422', async () => {
    const response = await admin.get(`/api/activity-logs?${new URLSearchParams({ filters: JSON.stringify({ type: equals('everything') }) })}`);
    await expectErrorShape(response, 422);
  });
});
