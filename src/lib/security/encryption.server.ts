/**
 * Encryption at rest for values a database dump must not reveal: TOTP secrets (two-factor sign-in)
 * and vendors' bank account numbers.
 *
 * AES-256-GCM (authenticated: a changed byte fails to decrypt rather than yielding garbage), a fresh
 * random 96-bit IV per value, under a 256-bit key derived (HKDF-SHA-256) from `ENCRYPTION_KEY`, or,
 * when that is not set, from a key generated once into `DATA_DIR/encryption-key` (the same mechanism
 * as the session secret: src/lib/config.server.ts). With several app servers, set `ENCRYPTION_KEY`
 * to the same value on each. Losing the key loses the values: keep it with the database's backups,
 * but not inside them.
 *
 * The stored text is `e1.<iv>.<tag>.<ciphertext>` (base64url), so a later key or algorithm can be
 * told apart by its prefix.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { config } from '../config.server.ts';

const VERSION = 'e1';
let cachedKey: { source: string; key: Buffer } | undefined;

function key(): Buffer {
  const source = config().encryptionKey;
  if (cachedKey?.source !== source) {
    cachedKey = { source, key: Buffer.from(hkdfSync('sha256', source, 'marketplace-back-office', 'encryption-at-rest:aes-256-gcm', 32)) };
  }
  return cachedKey.key;
}

/** Encrypts a text; every call gives a different result for the same text. */
export function encrypt(text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts what `encrypt` gave. Throws when the text was changed, is not ours, or the key differs. */
export function decrypt(text: string): string {
  const [version, iv, tag, body, extra] = text.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || extra !== undefined) throw new Error('Not an encrypted value.');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
