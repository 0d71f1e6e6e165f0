/**
 * Encryption at rest for data the database must not hold in clear (a vendor's bank account
 * number, a TOTP secret): AES-256-GCM with a random 96-bit IV per value, and the GCM tag checked
 * on the way back, so a changed ciphertext is refused rather than misread.
 *
 * The key is ENCRYPTION_KEY (32 bytes as 64 hex characters or base64/base64url); without it one
 * is generated once into DATA_DIR/encryption-key (mode 600), like the session secret, so a
 * single-server install works at once. Every app server must share the same key: set
 * ENCRYPTION_KEY in production. The key is independent of SESSION_SECRET, so rotating sessions
 * does not lose the data.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '@/lib/config.server.ts';

const VERSION = 'v1';
let cachedKey: Buffer | undefined;

function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64url');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes: 64 hex characters or 43 base64url characters.');
  return key;
}

function loadKey(): Buffer {
  if (cachedKey) return cachedKey;
  const fromEnv = process.env.ENCRYPTION_KEY;
  if (fromEnv) return (cachedKey = parseKey(fromEnv));
  const dir = config().dataDir;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'encryption-key');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process of the same install wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return (cachedKey = parseKey(readFileSync(file, 'utf8')));
}

/** Encrypts `plain` (UTF-8) with a fresh IV. */
export function encrypt(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', loadKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts what `encrypt` wrote; throws when the value was changed or the key is not the one it was written with. */
export function decrypt(cipherText: string): string {
  const [version, iv, tag, body] = cipherText.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not an encrypted value.');
  const decipher = createDecipheriv('aes-256-gcm', loadKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Tests switch keys; production never needs this. */
export function resetEncryptionKeyForTests(): void {
  cachedKey = undefined;
}
