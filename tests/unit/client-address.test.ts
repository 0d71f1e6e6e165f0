import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedHttps } from '../../src/lib/http/client-address.server.ts';

const PROXY = '10.0.0.2';

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('198.51.100.7', '1.2.3.4', false)).toBe('198.51.100.7');
    expect(clientAddress('198.51.100.7', null, 1)).toBe('198.51.100.7');
  });

  it('with one trusted hop, is the entry the proxy appended (the rightmost), never the forged leftmost', () => {
    expect(clientAddress(PROXY, '10.9.0.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientAddress(PROXY, '203.0.113.9', 1)).toBe('203.0.113.9');
  });

  it('with N trusted hops, skips N − 1 entries from the right', () => {
    expect(clientAddress(PROXY, 'forged, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    // Fewer entries than hops: the leftmost there is (each was added by a trusted proxy).
    expect(clientAddress(PROXY, '203.0.113.9', 3)).toBe('203.0.113.9');
  });

  it('with a list of proxies, is the nearest address that is not one of them', () => {
    expect(clientAddress(PROXY, '6.6.6.6, 203.0.113.9, 10.1.2.3', ['10.0.0.0/8'])).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '203.0.113.9', ['loopback'])).toBe('203.0.113.9');
    // The peer itself is not a trusted proxy: its headers are not believed.
    expect(clientAddress('198.51.100.7', '203.0.113.9', ['10.0.0.0/8'])).toBe('198.51.100.7');
  });

  it('never answers an entry that is not an IP address', () => {
    expect(clientAddress(PROXY, '203.0.113.9, <script>', 1)).toBe(PROXY);
    expect(clientAddress(PROXY, 'unknown', ['10.0.0.0/8'])).toBe(PROXY);
    expect(clientAddress(PROXY, '', 1)).toBe(PROXY);
  });

  it('reports IPv4 peers without the IPv4-mapped IPv6 prefix, and keeps IPv6 as it is', () => {
    expect(clientAddress('::ffff:198.51.100.7', null, false)).toBe('198.51.100.7');
    expect(clientAddress('::1', '2001:db8::5', ['loopback'])).toBe('2001:db8::5');
  });
});

describe('forwardedHttps', () => {
  it('believes X-Forwarded-Proto only from a trusted peer', () => {
    expect(forwardedHttps(PROXY, 'https', 1)).toBe(true);
    expect(forwardedHttps(PROXY, 'https', false)).toBe(false);
    expect(forwardedHttps('198.51.100.7', 'https', ['10.0.0.0/8'])).toBe(false);
    expect(forwardedHttps(PROXY, 'https', ['10.0.0.0/8'])).toBe(true);
    expect(forwardedHttps(PROXY, 'http', 1)).toBe(false);
  });
});
