/**
 * The mail a test's server wrote to its outbox folder (the default mail provider), read as the
 * person it was sent to would: the newest mail to an address, and the link in it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from './fixtures.ts';

/** The invitation link in the newest mail to `email`, once it has been written. */
export function invitationLink(email: string): string | undefined {
  const dataDir = process.env.E2E_DATA_DIR;
  test.skip(!dataDir, 'The outbox is readable only when the run started the server (E2E_DATA_DIR).');
  const dir = join(dataDir!, 'outbox');
  if (!existsSync(dir)) return undefined;
  const mail = readdirSync(dir)
    .filter((f) => f.includes('-mail-') && f.includes(email))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .at(-1);
  const body = mail?.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return body ? /https?:\/\/\S+\/auth\/invitation\?token=[A-Za-z0-9_-]+/.exec(body)?.[0] : undefined;
}
