/** Encryption at rest (AES-256-GCM): round trip, a fresh IV each time, and a changed value or key refused. */
import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { decrypt, encrypt, resetEncryptionKeyForTests } from '../../src/lib/security/encryption.server.ts';

const KEY = randomBytes(32).toString('hex');

afterEach(() => {
  delete process.env.ENCRYPTION_KEY;
  resetEncryptionKeyForTests();
});

describe('encrypt / decrypt', () => {
  it('round-trips, and never writes the same ciphertext twice', () => {
    process.env.ENCRYPTION_KEY = KEY;
    const a = encrypt('50100123456789');
    const b = encrypt('50100123456789');
    expect(a).not.toBe(b);
    expect(a).not.toContain('50100123456789');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decrypt(a)).toBe('50100123456789');
    expect(decrypt(encrypt('नमस्ते ✓'))).toBe('नमस्ते ✓');
  });

  it('refuses a changed ciphertext', () => {
    process.env.ENCRYPTION_KEY = KEY;
    const [v, iv, tag, body] = encrypt('50100123456789').split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decrypt([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => decrypt('not encrypted')).toThrow('Not an encrypted value.');
  });

  it('refuses another key', () => {
    process.env.ENCRYPTION_KEY = KEY;
    const sealed = encrypt('50100123456789');
    resetEncryptionKeyForTests();
    process.env.ENCRYPTION_KEY = randomBytes(32).toString('base64url');
    expect(() => decrypt(sealed)).toThrow();
  });

  it('refuses a key of the wrong length', () => {
    process.env.ENCRYPTION_KEY = 'abcd';
    expect(() => encrypt('x')).toThrow(/32 bytes/);
  });
});
