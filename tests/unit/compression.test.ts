import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chooseEncoding, compressResponse } from '../../src/lib/http/compression.server.ts';

const big = '<!doctype html><p>' + 'Brand name, slug and status. '.repeat(200) + '</p>';
const request = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://localhost/x', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const page = (body: string | null = big, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new Response(body, { status: init.status ?? 200, headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'a=1', ...init.headers } });

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding(null)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
  });
});

describe('compressResponse', () => {
  it('compresses a page with brotli and keeps status, cookies and other headers', async () => {
    const res = compressResponse(request('gzip, br'), page(big, { status: 404, headers: { 'content-security-policy': "default-src 'self'" } }));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(res.headers.getSetCookie()).toEqual(['a=1']);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(big.length / 5);
    expect(brotliDecompressSync(bytes).toString()).toBe(big);
  });

  it('uses gzip when brotli is not accepted', async () => {
    const res = compressResponse(request('gzip'), new Response(JSON.stringify({ data: big }), { headers: { 'content-type': 'application/json' } }));
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).data).toBe(big);
  });

  it('leaves alone what should not be compressed', () => {
    const same = (req: Request, res: Response) => expect(compressResponse(req, res).headers.get('content-encoding')).toBeNull();
    same(request(), page());
    same(request('br', 'HEAD'), page());
    same(request('br'), page(null, { status: 204 }));
    same(request('br'), new Response(big, { headers: { 'content-type': 'image/png' } }));
    same(request('br'), new Response('{"a":1}', { headers: { 'content-type': 'application/json', 'content-length': '7' } }));
    const already = new Response(big, { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' } });
    expect(compressResponse(request('br'), already)).toBe(already);
  });

  it('answers a client that accepts no encoding with the same response, saying that it varies', async () => {
    const plain = page();
    const same = compressResponse(request(), plain);
    expect(same).toBe(plain);
    expect(same.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await same.text()).toBe(big);
    const varied = compressResponse(request(), new Response(big, { headers: { 'content-type': 'text/html', vary: 'Cookie' } }));
    expect(varied.headers.get('vary')).toBe('Cookie, Accept-Encoding');
  });

  it('copies a response whose headers are immutable (a fetched one) instead of failing', async () => {
    const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(big));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const fetched = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'identity' } });
      expect(() => fetched.headers.set('vary', 'x')).toThrow();
      const answered = compressResponse(request(), fetched);
      expect(answered).not.toBe(fetched);
      expect(answered.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await answered.text()).toBe(big);
    } finally {
      server.close();
    }
  });
});
