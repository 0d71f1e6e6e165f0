/**
 * GET /api/pincodes/lookup over real HTTP: a pincode's record, city and state for any signed-in
 * account (a vendor fills a warehouse address with it), 401 for a guest, 422 for what is not a
 * pincode and 404 for an unknown one, each in the one error shape; the answer agrees with the list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
});

const lookup = (client: HttpClient, query: string) => client.request('GET', `/api/pincodes/lookup${query}`);

describe('GET /api/pincodes/lookup', () => {
  it('answers a pincode’s record, city and state, as the pincodes list has them', async () => {
    const { status, body } = await admin.getJson('/api/pincodes/lookup?code=570001');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ pincode: '570001', state: { name: 'Karnataka' }, city: { name: 'Mysuru' } });
    const listed = await admin.getJson(`/api/pincodes/${body.data.id}`);
    expect(listed.body.data).toMatchObject({
      pincode: '570001',
      state_id: body.data.state.id,
      state_name: 'Karnataka',
      city_id: body.data.city.id,
      city_name: 'Mysuru',
    });
  });

  it('answers any signed-in account, vendors included, and reads spaces out of the code', async () => {
    const res = await lookup(vendor, '?code=560%20001');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ pincode: '560001', state: { name: 'Karnataka' } });
  });

  it('refuses a guest with 401', async () => {
    await expectErrorShape(await lookup(app.client(), '?code=560001'), 401);
  });

  it('refuses what is not a pincode with 422 naming `code`', async () => {
    for (const query of ['', '?code=', '?code=56000', '?code=060001', '?code=5600011', '?code=abcdef', '?code=560001&extra=1']) {
      const body = await expectErrorShape(await lookup(admin, query), 422);
      expect(Object.keys(body.errors ?? {}).length, query).toBeGreaterThan(0);
      if (query !== '?code=560001&extra=1') expect(body.errors?.code?.[0], query).toMatch(/pincode/i);
    }
  });

  it('answers 404 in the one error shape for a pincode nobody has', async () => {
    const body = await expectErrorShape(await lookup(admin, '?code=999999'), 404);
    expect(body.message).toMatch(/999999/);
  });

  it('takes no other method', async () => {
    expect((await admin.request('POST', '/api/pincodes/lookup?code=560001', { json: {} })).status).toBe(405);
  });
});
