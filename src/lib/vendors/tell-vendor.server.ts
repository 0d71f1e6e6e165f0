/**
 * Telling a vendor's people about a decision on their store or on one of its records (a product
 * approved or rejected): a notification to each of the vendor's users, written in the decision's
 * transaction, and a mail to each after the commit. A mail that fails is logged; the decision
 * stands, and the notification in the back-office already says it.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { users } from '@/lib/db/schema.ts';
import { notify, type NotificationInput } from '@/lib/notifications/notify.server.ts';
import { mailer } from '@/lib/mail/mailer.server.ts';
import { publicOrigin } from '@/lib/http/public-origin.server.ts';
import { logger } from '@/lib/log.server.ts';

export interface VendorRecipient {
  id: number;
  email: string;
  name: string;
}

/** The users of `vendorId`: who hears of a decision on the store or its records. */
export async function vendorUsers(db: DbOrTx, vendorId: number): Promise<VendorRecipient[]> {
  return db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.vendorId, vendorId));
}

/** Notifies every user of `vendorId` (in `tx`); answers who, for mailVendorUsers after the commit. */
export async function notifyVendorUsers(tx: DbOrTx, vendorId: number, input: NotificationInput): Promise<VendorRecipient[]> {
  const recipients = await vendorUsers(tx, vendorId);
  await notify(
    tx,
    recipients.map((r) => r.id),
    input,
  );
  return recipients;
}

/** The same news by mail, one message each, with a link to `link` (a back-office path). Call after the commit. */
export async function mailVendorUsers(
  recipients: VendorRecipient[],
  message: { subject: string; body: string; link: string; linkText: string },
): Promise<void> {
  for (const r of recipients) {
    try {
      await mailer().send({
        to: r.email,
        subject: message.subject,
        text: `Hello ${r.name},\n\n${message.subject}.\n${message.body}\n\n${message.linkText}: ${publicOrigin()}${message.link}\n`,
      });
    } catch (err) {
      logger().warn({ err, to: r.id }, 'vendor mail failed');
    }
  }
}
