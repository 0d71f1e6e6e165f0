/**
 * The vendors area's own tables (Drizzle): each status change, the KYC details a vendor submits
 * for approval, and their documents. The vendors table itself is shared (src/lib/db/schema.ts).
 */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users, vendors } from '../../lib/db/schema.ts';

/** Every status transition of a vendor: who, when, from what to what, and why. */
export const vendorStatusEvents = pgTable(
  'vendor_status_events',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** Required for reject and suspend; shown to the vendor. */
    reason: text('reason'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_status_events_vendor_idx').on(t.vendorId, t.at)],
);

/** A vendor's KYC and bank details (one row per vendor), written by onboarding and by staff. */
export const vendorKyc = pgTable('vendor_kyc', {
  vendorId: integer('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  pan: text('pan'),
  /** Registered for GST: the GSTIN is vendors.gstin. Not registered: the enrolment number, and intra-state sales only. */
  gstRegistered: boolean('gst_registered').notNull().default(true),
  gstEnrolmentNumber: text('gst_enrolment_number'),
  /** The account number, encrypted (src/lib/security/encryption.server.ts); never stored in clear. */
  bankAccountCipher: text('bank_account_cipher'),
  bankAccountLast4: text('bank_account_last4'),
  ifsc: text('ifsc'),
  accountHolderName: text('account_holder_name'),
  /** "Submit for approval"; null until then. */
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** KYC documents: stored under DATA_DIR/kyc (never under the public uploads), one per kind. */
export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** 'pan_card' | 'cancelled_cheque' | 'gst_certificate' */
    kind: text('kind').notNull(),
    /** Relative to DATA_DIR/kyc. */
    storagePath: text('storage_path').notNull(),
    /** From the bytes: application/pdf, image/jpeg or image/png. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vendor_documents_vendor_kind_idx').on(t.vendorId, t.kind)],
);
