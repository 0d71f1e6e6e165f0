/**
 * Telling a vendor's people about a decision on their store or on one of its records (a product
 * approved or rejected): a notification to each of the vendor's users, written in the decision's
 * transaction. Each who chose mail for the kind (on by default for these) gets it by mail after the
 * commit (src/lib/notifications/mail-worker.server.ts); a mail that fails is logged and tried again,
 * and the notification in the back-office already says it.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { users } from '@/lib/db/schema.ts';
import { notify, type NotificationInput } from '@/lib/notifications/notify.server.ts';

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
