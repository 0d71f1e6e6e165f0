/**
 * Encrypts secrets kept in the database (an SMTP password, a Twilio token) with AES-256-GCM, under
 * a key derived from SESSION_SECRET: a database dump or backup alone does not reveal them. Every
 * app server shares SESSION_SECRET already (sessions and CSRF need it). If it changes, old values
 * no longer open: `open()` answers null and the settings page asks for them again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { config } from '../config.server.ts';

const VERSION = 'v1';
let key: Buffer | undefined;
const keyOf = () => (key ??= Buffer.from(hkdfSync('sha256', config().sessionSecret, 'settings-secret-box', 'aes-256-gcm', 32)));

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function open(sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
