/**
 * Mails the notifications their recipients chose to get by mail (notify() marks them
 * `mail_status = 'pending'` in the notifying transaction). Every server runs this worker; a batch is
 * claimed with `FOR UPDATE SKIP LOCKED`, so with several servers each mail is sent by exactly one of
 * them, and only after the notification's transaction committed (a rolled-back change mails
 * nobody). It is woken by each committed notification (the realtime hub, on every server) and looks
 * again every minute for anything left (a server that stopped mid-batch, a provider that failed).
 *
 * A failed send is tried again on the next rounds, up to MAX_ATTEMPTS, then marked 'failed' and
 * logged: the notification itself is in the back-office either way.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client.server.ts';
import { notifications, users } from '@/lib/db/schema.ts';
import { mailer } from '@/lib/mail/mailer.server.ts';
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

/** One batch in one transaction: the claimed rows stay locked until they are marked. Answers how many it claimed. */
async function sendBatch(w: Worker): Promise<number> {
  return w.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        attempts: notifications.mailAttempts,
        email: users.email,
        name: users.name,
        status: users.status,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.mailStatus, 'pending'))
      .orderBy(asc(notifications.id))
      .limit(BATCH)
      .for('update', { of: notifications, skipLocked: true });
    const sent: number[] = [];
    const failed: number[] = [];
    const retry: number[] = [];
    for (const row of rows) {
      if (row.status !== 'active') {
        // A deactivated account gets no more mail.
        failed.push(row.id);
        continue;
      }
      try {
        await mailer().send({ to: row.email, subject: row.title, text: mailText(row) });
        sent.push(row.id);
      } catch (err) {
        w.log.warn({ err, notification: row.id }, 'notification mail failed');
        (row.attempts + 1 >= MAX_ATTEMPTS ? failed : retry).push(row.id);
      }
    }
    const mark = async (ids: number[], status: 'sent' | 'failed' | 'pending') => {
      if (ids.length)
        await tx
          .update(notifications)
          .set({ mailStatus: status, mailAttempts: sql`${notifications.mailAttempts} + 1` })
          .where(and(inArray(notifications.id, ids), eq(notifications.mailStatus, 'pending')));
    };
    await mark(sent, 'sent');
    await mark(failed, 'failed');
    await mark(retry, 'pending');
    // Rows to try again stay pending for the next sweep, not this round's next batch.
    return rows.length - retry.length;
  });
}

function mailText(row: { name: string; title: string; body: string | null; link: string | null }): string {
  const lines = [`Hello ${row.name},`, '', `${row.title}.`];
  if (row.body) lines.push(row.body);
  if (row.link) lines.push('', `Open it in the back-office: ${publicOrigin()}${row.link}`);
  lines.push('', 'You get this mail because of your notification preferences; change them on your profile page.', `${publicOrigin()}/profile`);
  return `${lines.join('\n')}\n`;
}
