import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, parseConfig, resetConfigForTests } from '../../src/lib/config.server.ts';
import { decrypt, encrypt } from '../../src/lib/security/encryption.server.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

function useKey(key: string | undefined, dataDir = mkdtempSync(join(tmpdir(), 'bo-enc-'))): string {
  process.env = { ...saved, DATA_DIR: dataDir };
  delete process.env.ENCRYPTION_KEY;
  if (key) process.env.ENCRYPTION_KEY = key;
  resetConfigForTests();
  return dataDir;
}

describe('encryption at rest', () => {
  it('round-trips a text, differently each time, without showing it', () => {
    useKey('k'.repeat(40));
    const a = encrypt('JBSWY3DPEHPK3PXP');
    const b = encrypt('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a.startsWith('e1.')).toBe(true);
    expect(decrypt(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(decrypt(encrypt(''))).toBe('');
    expect(decrypt(encrypt('₹ 12,34,567 — खाता'))).toBe('₹ 12,34,567 — खाता');
  });

  it('refuses a changed value, a foreign text, and another key', () => {
    useKey('k'.repeat(40));
    const sealed = encrypt('12345678901234');
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = body!.startsWith('A') ? 'B' + body!.slice(1) : 'A' + body!.slice(1);
    expect(() => decrypt([v, iv, tag, flipped].join('.'))).toThrow();
    expect(() => decrypt('12345678901234')).toThrow();
    expect(() => decrypt(sealed + '.x')).toThrow();
    useKey('z'.repeat(40));
    expect(() => decrypt(sealed)).toThrow();
  });

  it('generates a key into DATA_DIR when ENCRYPTION_KEY is not set, and keeps it', () => {
    const dir = useKey(undefined);
    try {
      const sealed = encrypt('secret');
      const kept = readFileSync(join(dir, 'encryption-key'), 'utf8').trim();
      expect(kept.length).toBeGreaterThanOrEqual(32);
      useKey(undefined, dir);
      expect(decrypt(sealed)).toBe('secret');
      useKey(kept);
      expect(decrypt(sealed)).toBe('secret');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a short ENCRYPTION_KEY at start, naming it', () => {
    expect(() => parseConfig({ ENCRYPTION_KEY: 'short' })).toThrow(ConfigError);
    expect(() => parseConfig({ ENCRYPTION_KEY: 'short' })).toThrow(/ENCRYPTION_KEY: must be at least 32 characters/);
  });
});
