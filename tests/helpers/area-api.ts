/**
 * An area's API from an integration test, as the form kit and the DataTable call it: list with the
 * one list contract, create and update as multipart forms, delete, and the activity entries of a
 * record. Asserts only what every call must do (201 on create); the tests assert the rest.
 */
import { expect } from 'vitest';
import type { HttpClient } from './http.ts';
import { expectErrorShape } from './assertions.ts';

export type ApiRecord = Record<string, any> & { id: number; version: number };
export interface ListBody<T = ApiRecord> {
  data: T[];
  meta: { page: number; per_page: number; total: number; total_is_estimate: boolean; next_cursor: string | null };
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export function form(fields: Record<string, string>, file?: { field: string; bytes: Uint8Array; name: string; type: string }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return fd;
}

/** `{ filters: { field: { operator, constraints: [{ matchMode, value }] } } }` */
export const filter = (field: string, matchMode: string, value: unknown, operator = 'and') => ({
  filters: { [field]: { operator, constraints: [{ matchMode, value }] } },
});

export const query = (params: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();

export function areaApi(key: string, client: () => HttpClient) {
  const base = `/api/${key}`;
  const api = {
    async list(params: Record<string, unknown> = {}, as = client()): Promise<{ status: number; body: ListBody }> {
      const { status, body } = await as.getJson<ListBody>(`${base}?${query(params)}`);
      return { status, body };
    },
    post: (fields: Record<string, string>, file?: Parameters<typeof form>[1]) => client().post(base, { multipart: form(fields, file) }),
    async create(fields: Record<string, string>, file?: Parameters<typeof form>[1]): Promise<ApiRecord> {
      const response = await api.post(fields, file);
      const text = await response.text();
      expect(response.status, text).toBe(201);
      return JSON.parse(text).data as ApiRecord;
    },
    put: (id: number, fields: Record<string, string>) => client().put(`${base}/${id}`, { multipart: form(fields) }),
    delete: (id: number) => client().delete(`${base}/${id}`),
    async get(id: number): Promise<ApiRecord> {
      const { status, body } = await client().getJson(`${base}/${id}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data as ApiRecord;
    },
    /** The one record whose `field` equals `value` (ignoring case, as the list's `equals` does). */
    async find(field: string, value: string): Promise<ApiRecord> {
      const { body } = await api.list(filter(field, 'equals', value));
      expect(body.data, `${key} with ${field} = ${value}`).toHaveLength(1);
      return body.data[0]!;
    },
    async options(params: Record<string, string> = {}, as = client()) {
      return as.getJson<{ data: { value: number; label: string; inactive?: boolean }[] }>(`${base}/options?${new URLSearchParams(params)}`);
    },
    /** The activity entries of one record, newest first. */
    async activity(id: number) {
      const params = {
        sort: 'at',
        order: 'desc',
        per_page: '100',
        filters: { area: { constraints: [{ matchMode: 'equals', value: key }] }, record_id: { constraints: [{ matchMode: 'equals', value: String(id) }] } },
      };
      const { status, body } = await client().getJson(`/api/activity-logs?${query(params)}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data as { action: string; actor_name: string; changes: Record<string, [unknown, unknown]> }[];
    },
  };
  return api;
}

/** Every call and page of an area answers 403 to `as` (who lacks its permissions), and nothing changes. */
export async function expectAreaRefused(as: HttpClient, key: string, id: number, pages: string[]): Promise<void> {
  const base = `/api/${key}`;
  const refused = [
    await as.get(base),
    await as.get(`${base}/${id}`),
    await as.get(`${base}/export`),
    await as.post(base, { multipart: form({ name: 'Not allowed' }) }),
    await as.put(`${base}/${id}`, { multipart: form({ name: 'Not allowed', version: '1' }) }),
    await as.delete(`${base}/${id}`),
    await as.post(`${base}/bulk-delete`, { json: { ids: [id] } }),
    await as.post(`${base}/bulk-status`, { json: { ids: [id], status: 'inactive' } }),
  ];
  for (const response of refused) await expectErrorShape(response, 403);
  for (const page of pages) expect((await as.get(page, { headers: { accept: 'text/html' } })).status, page).toBe(403);
}
