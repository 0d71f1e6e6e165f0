/**
 * Bad input never yields a 500 or a stack trace: it gets 400/413/415/422 in the one error shape
 * `{ message, errors? }`. Unknown /api paths answer JSON 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape, expectNoInternals } from '../helpers/assertions.ts';

const MAX_BODY = 4096;
const app = useServer({ env: { MAX_BODY_BYTES: String(MAX_BODY) } });
let admin: HttpClient;

beforeAll(async () => {
  admin = await app.as('admin');
});

/** A JSON endpoint that reads a strict body: changing the password. */
const ENDPOINT = '/api/user-password';

describe('bad request bodies', () => {
  it('malformed JSON → 400', async () => {
    const response = await admin.post(ENDPOINT, { body: '{"current_password": "x",', headers: { 'content-type': 'application/json' } });
    await expectErrorShape(response, 400);
  });

  it('JSON that is not UTF-8 → 400', async () => {
    const response = await admin.post(ENDPOINT, {
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    await expectErrorShape(response, 400);
  });

  it('a content type the endpoint does not read → 415', async () => {
    const response = await admin.post(ENDPOINT, { body: 'current_password: x', headers: { 'content-type': 'text/plain' } });
    await expectErrorShape(response, 415);
  });

  it('XML → 415', async () => {
    const response = await admin.post(ENDPOINT, { body: '<a>1</a>', headers: { 'content-type': 'application/xml' } });
    await expectErrorShape(response, 415);
  });

  it('a body over MAX_BODY_BYTES → 413', async () => {
    const big = JSON.stringify({ current_password: 'x'.repeat(MAX_BODY * 3) });
    await expectErrorShape(await admin.post(ENDPOINT, { body: big, headers: { 'content-type': 'application/json' } }), 413);
  });

  it('a streamed body (no Content-Length) over MAX_BODY_BYTES → 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"current_password":"'));
        if (sent >= MAX_BODY * 4) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
    const response = await admin.request('POST', ENDPOINT, {
      body: stream as unknown as BodyInit,
      headers: { 'content-type': 'application/json' },
    });
    await expectErrorShape(response, 413);
  });

  it('unknown fields → 422 naming them', async () => {
    const response = await admin.post(ENDPOINT, {
      json: { current_password: 'Admin@12345', password: 'NewPass@123', password_confirmation: 'NewPass@123', is_admin: true },
    });
    const body = await expectErrorShape(response, 422);
    expect(Object.keys(body.errors ?? {})).toContain('is_admin');
  });

  it('missing and wrongly typed fields → 422 with field errors', async () => {
    const body = await expectErrorShape(await admin.post(ENDPOINT, { json: { current_password: 5, password: [] } }), 422);
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['current_password', 'password']));
  });

  it('a JSON array or scalar instead of an object → 422 (or 400), never 500', async () => {
    for (const raw of ['[]', '"text"', 'null', '42']) {
      const response = await admin.post(ENDPOINT, { body: raw, headers: { 'content-type': 'application/json' } });
      expect([400, 422], raw).toContain(response.status);
      await expectErrorShape(response, response.status);
    }
  });

  it('unknown query parameters → 422', async () => {
    const body = await expectErrorShape(await admin.get('/api/products?colour=red'), 422);
    expect(Object.keys(body.errors ?? {})).toContain('colour');
  });

  it('out-of-range query values → 422', async () => {
    await expectErrorShape(await admin.get('/api/products?per_page=7'), 422);
    await expectErrorShape(await admin.get('/api/products?page=-1'), 422);
  });

  it('a public endpoint with bad input → 422 in the same shape', async () => {
    const guest = app.client();
    await guest.ensureCsrf();
    const body = await expectErrorShape(await guest.post('/api/user/account-deletion', { json: { phone: '12' } }), 422);
    expect(Object.keys(body.errors ?? {})).toContain('phone');
  });
});

describe('unknown paths and methods', () => {
  it('an unknown /api path → JSON 404', async () => {
    await expectErrorShape(await admin.get('/api/no-such-thing'), 404);
    await expectErrorShape(await app.client().get('/api/no/such/thing'), 404);
  });

  it('an undeclared method → 405 with Allow', async () => {
    const response = await admin.request('DELETE', '/api/user', { json: {} });
    expect(response.headers.get('allow')).toContain('GET');
    await expectErrorShape(response, 405);
  });

  it('an unknown page → 404 page without internals', async () => {
    const response = await admin.get('/no-such-page/at/all');
    expect(response.status).toBe(404);
    expectNoInternals(await response.text());
  });

  it('odd paths never 500', async () => {
    for (const path of [
      '/api/products/%E0%A4%A',
      '/api/products/99999999999999999999',
      '/%2e%2e/etc/passwd',
      '/api/products/1%00',
      '/uploads/..%2f..%2fetc%2fpasswd',
    ]) {
      const response = await admin.get(path);
      expect(response.status, path).toBeLessThan(500);
      expectNoInternals(await response.text());
    }
  });
});
