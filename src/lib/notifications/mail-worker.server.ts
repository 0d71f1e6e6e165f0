/**
 * Mails the notifications their recipients chose to get by mail (notify() marks them
 * `mail_status = 'pending'` in the notifying transaction). Every server runs this worker; a batch is
 * claimed with `FOR UPDATE SKIP LOCKED`, so with several servers each mail is sent by one of them,
 * and only after the notification's transaction committed (a rolled-back change mails nobody). It is
 * woken by each committed notification (the realtime hub, on every server) and looks again every
 * minute for anything left (a provider that failed, a claim left by a server that stopped
 * mid-send: claimed again after 5 minutes, so such a mail may go twice rather than never).
 *
 * A failed send is tried again on the next rounds, up to MAX_ATTEMPTS, then marked 'failed' and
 * logged: the notification itself is in the back-office either way.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client.server.ts';
import { notifications, users } from '@/lib/db/schema.ts';
import { currentMailProvider } from '@/lib/mail/mailer.server.ts';
import { publicOrigin } from '@/lib/http/public-origin.server.ts';

const BATCH = 20;
const MAX_ATTEMPTS = 3;
const SWEEP_MS = 60_000;

interface Worker {
  db: Db;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  running: Promise<void> | undefined;
  again: boolean;
  stopping: boolean;
  sweep: ReturnType<typeof setInterval>;
}

let worker: Worker | undefined;

export function startMailWorker(db: Db, log: Worker['log']): void {
  if (worker) return;
  const sweep = setInterval(() => wakeMailWorker(), SWEEP_MS);
  sweep.unref();
  worker = { db, log, running: undefined, again: false, stopping: false, sweep };
  wakeMailWorker();
}

/** Runs a round now (or right after the one under way). */
export function wakeMailWorker(): void {
  const w = worker;
  if (!w || w.stopping) return;
  if (w.running) {
    w.again = true;
    return;
  }
  w.running = (async () => {
    try {
      do {
        w.again = false;
        while (!w.stopping && (await sendBatch(w)) === BATCH);
      } while (w.again && !w.stopping);
    } catch (err) {
      w.log.error({ err }, 'notification mail round failed');
    } finally {
      w.running = undefined;
    }
  })();
}

/** Lets the batch under way finish (its mails sent and marked), then stops. */
export async function stopMailWorker(): Promise<void> {
  const w = worker;
  if (!w) return;
  w.stopping = true;
  clearInterval(w.sweep);
  await w.running;
  worker = undefined;
}

/** A claim older than this is taken to belong to a server that stopped mid-send: claimed again. */
const STALE_CLAIM = "interval '5 minutes'";

/**
 * One batch: claimed in one short statement (`FOR UPDATE SKIP LOCKED`: another server skips these
 * rows), sent with no transaction open (a slow mail server holds no lock, and the embedded
 * database, one connection, stays free for requests), then each marked. Answers how many it claimed.
 */
async function sendBatch(w: Worker): Promise<number> {
  const claimed = rowsOf<{
    id: number;
    title: string;
    body: string | null;
    link: string | null;
    attempts: number;
    email: string;
    name: string;
    status: string;
  }>(
    await w.db.execute(sql`
      with claimed as (
        update ${notifications} n
           set mail_status = 'sending', mail_claimed_at = now(), mail_attempts = n.mail_attempts + 1
         where n.id in (
           select q.id from ${notifications} q
            where q.mail_status = 'pending' or (q.mail_status = 'sending' and q.mail_claimed_at < now() - ${sql.raw(STALE_CLAIM)})
            order by q.id
            limit ${BATCH}
            for update skip locked)
        returning n.id, n.user_id, n.title, n.body, n.link, n.mail_attempts)
      select c.id, c.title, c.body, c.link, c.mail_attempts as attempts, u.email, u.name, u.status
        from claimed c join ${users} u on u.id = c.user_id
       order by c.id`),
  );
  if (!claimed.length) return 0;
  // The provider is read before sending (its settings come from the database).
  const provider = await currentMailProvider();
  const sent: number[] = [];
  const failed: number[] = [];
  const retry: number[] = [];
  for (const row of claimed) {
    if (w.stopping) {
      retry.push(row.id);
      continue;
    }
    if (row.status !== 'active') {
      // A deactivated account gets no more mail.
      failed.push(row.id);
      continue;
    }
    try {
      await provider.send({ to: row.email, subject: row.title, text: mailText(row) });
      sent.push(row.id);
    } catch (err) {
      w.log.warn({ err, notification: row.id }, 'notification mail failed');
      (Number(row.attempts) >= MAX_ATTEMPTS ? failed : retry).push(Number(row.id));
    }
  }
  const mark = async (ids: number[], status: 'sent' | 'failed' | 'pending') => {
    if (ids.length)
      await w.db
        .update(notifications)
        .set({ mailStatus: status, mailClaimedAt: null })
        .where(and(inArray(notifications.id, ids), eq(notifications.mailStatus, 'sending')));
  };
  await mark(sent, 'sent');
  await mark(failed, 'failed');
  await mark(retry, 'pending');
  // Rows to try again wait for the next sweep, not this round's next batch.
  return retry.length ? 0 : claimed.length;
}

function mailText(row: { name: string; title: string; body: string | null; link: string | null }): string {
  const lines = [`Hello ${row.name},`, '', `${row.title}.`];
  if (row.body) lines.push(row.body);
  if (row.link) lines.push('', `Open it in the back-office: ${publicOrigin()}${row.link}`);
  lines.push('', '--', 'You get this mail because of your notification preferences.', `Change them on your profile: ${publicOrigin()}/profile`);
  return `${lines.join('\n')}\n`;
}
