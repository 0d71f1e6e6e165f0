/**
 * The vendors area's rules on the server: status transitions (with their event, activity entry,
 * notification and mail), KYC and bank details (the account number encrypted), KYC documents
 * (outside the public uploads, fetched through short-lived signed links), the address checked
 * against the geography tables, and staff edits.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '@/lib/db/client.server.ts';
import { users, vendors } from '@/lib/db/schema.ts';
import type { VendorRow } from '@/lib/auth/principal.server.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { notifyRole, notifyVendor } from '@/lib/notifications/notify.server.ts';
import { publish } from '@/lib/realtime/publish.server.ts';
import { config } from '@/lib/config.server.ts';
import { safeEqual, randomToken } from '@/lib/security/tokens.server.ts';
import { decrypt, encrypt } from '@/lib/security/encryption.server.ts';
import { HttpError, conflict, invalid, notFound } from '@/lib/http/errors.ts';
import { gstinAgreement } from '@/lib/india/formats.ts';
import { findStateByName } from '@/lib/india/states.ts';
import { vendorDocuments, vendorKyc, vendorStatusEvents } from './vendors.tables.ts';
import { DOCUMENT_KINDS, TRANSITIONS, statusLabel, type DocumentKind, type VendorTransition } from './vendor-status.ts';
import type { KycInput } from './vendor-kyc.schema.ts';

// ── Status transitions ───────────────────────────────────────────────────────

const REFUSALS: Record<VendorTransition, (from: string) => string> = {
  submit: (from) => `This store is ${statusLabel(from).toLowerCase()}: there is nothing to submit.`,
  approve: (from) =>
    from === 'draft'
      ? 'This vendor has not submitted onboarding yet: there is nothing to approve.'
      : `Only a vendor waiting for approval can be approved; this one is ${statusLabel(from).toLowerCase()}.`,
  reject: (from) => `Only a vendor waiting for approval can be rejected; this one is ${statusLabel(from).toLowerCase()}.`,
  suspend: (from) => `Only an active vendor can be suspended; this one is ${statusLabel(from).toLowerCase()}.`,
  reinstate: (from) => `Only a suspended vendor can be reinstated; this one is ${statusLabel(from).toLowerCase()}.`,
};

const MESSAGES: Record<VendorTransition, { title: string; body: (reason: string | null) => string }> = {
  submit: { title: 'Your store was submitted for approval', body: () => 'We will review your details and documents and tell you the decision.' },
  approve: { title: 'Your store is approved', body: () => 'You can now publish products and accept orders.' },
  reject: { title: 'Your store was not approved', body: (r) => `Reason: ${r}\nFix your details and submit them again from the onboarding page.` },
  suspend: {
    title: 'Your store is suspended',
    body: (r) => `Reason: ${r}\nYou can still sign in and see your data, but you can't publish products or accept orders.`,
  },
  reinstate: { title: 'Your store is active again', body: () => 'You can publish products and accept orders again.' },
};

export interface StatusEvent {
  from: string;
  to: string;
  reason: string | null;
  actor_name: string | null;
  at: string;
}

/**
 * Moves a vendor along one transition: refuses (409) one the status doesn't allow, requires a
 * reason for reject and suspend (422), then in one transaction updates the status, records the
 * event and the activity entry, and notifies the vendor's users (mailed after the commit, per their preferences).
 */
export async function transitionVendor(db: Db, actor: Actor, vendorId: number, action: VendorTransition, reason?: string | null): Promise<VendorRow> {
  const rule = TRANSITIONS[action];
  const why = reason?.trim() || null;
  const after = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update').limit(1);
    if (!before) throw notFound('This vendor does not exist.');
    if (!(rule.from as readonly string[]).includes(before.status)) throw conflict(REFUSALS[action](before.status));
    if (rule.needsReason && !why) throw invalid({ reason: [`Give a reason: the vendor sees it.`] });
    const [after] = await tx
      .update(vendors)
      .set({ status: rule.to, updatedAt: new Date(), version: sql`${vendors.version} + 1` })
      .where(eq(vendors.id, vendorId))
      .returning();
    await tx.insert(vendorStatusEvents).values({ vendorId, fromStatus: before.status, toStatus: rule.to, reason: why, actorUserId: actor.realUserId });
    await logActivity(tx, actor, {
      area: 'vendors',
      action,
      recordId: vendorId,
      recordName: after!.storeName,
      changes: { status: [before.status, rule.to], ...(why ? { reason: [null, why] } : {}) },
    });
    // The approval queue may have changed: the reviewers' sidebar badges update live.
    if (before.status === 'pending' || rule.to === 'pending') await publish(tx, 'approvals.changed', { area: 'vendors' });
    if (action === 'submit') {
      // The reviewers hear of it too (the sidebar badge counts the queue for every holder of vendors:approve).
      await notifyRole(tx, 'Super Admin', {
        type: 'vendor.pending',
        title: 'A vendor is waiting for approval',
        body: `${after!.storeName ?? 'A store'} submitted onboarding.`,
        link: `/vendors/${vendorId}/edit`,
      });
    }
    // The vendor's people: a notification each, mailed to those who chose mail for "Your store"
    // (on unless they turned it off), after the commit (src/lib/notifications/mail-worker.server.ts).
    const m = MESSAGES[action];
    await notifyVendor(tx, vendorId, { type: `vendor.${action}`, title: m.title, body: m.body(why), link: '/vendor/onboarding' });
    return after!;
  });
  return after;
}

export async function statusEvents(db: DbOrTx, vendorId: number): Promise<StatusEvent[]> {
  const rows = await db
    .select({
      from: vendorStatusEvents.fromStatus,
      to: vendorStatusEvents.toStatus,
      reason: vendorStatusEvents.reason,
      at: vendorStatusEvents.at,
      actor: users.name,
    })
    .from(vendorStatusEvents)
    .leftJoin(users, eq(users.id, vendorStatusEvents.actorUserId))
    .where(eq(vendorStatusEvents.vendorId, vendorId))
    .orderBy(sql`${vendorStatusEvents.at} desc, ${vendorStatusEvents.id} desc`);
  return rows.map((r) => ({ from: r.from, to: r.to, reason: r.reason, actor_name: r.actor, at: r.at.toISOString() }));
}

/** The reason of the latest rejection or suspension, shown to the vendor. */
export async function latestReason(db: DbOrTx, vendorId: number): Promise<string | null> {
  const [row] = await db
    .select({ reason: vendorStatusEvents.reason })
    .from(vendorStatusEvents)
    .where(eq(vendorStatusEvents.vendorId, vendorId))
    .orderBy(sql`${vendorStatusEvents.at} desc, ${vendorStatusEvents.id} desc`)
    .limit(1);
  return row?.reason ?? null;
}

/**
 * Vendors from before issue 14, run at every start (idempotent, cheap when there is nothing to do):
 * 'approved' is now 'active', a store whose setup is not finished is 'draft', and the state and
 * city ids are filled from the names. Keep at merge: drizzle-kit can't express it.
 */
export async function backfillVendorStatuses(db: DbOrTx): Promise<void> {
  await db.update(vendors).set({ status: 'active' }).where(eq(vendors.status, 'approved'));
  await db
    .update(vendors)
    .set({ status: 'draft' })
    .where(and(eq(vendors.status, 'pending'), isNull(vendors.storeSetupCompletedAt)));
  // Stores set up before the address was tied to the geography tables: their state and city ids, by name.
  await db.execute(sql`update vendors v set state_id = s.id from states s where v.state_id is null and v.state is not null and s.name = v.state`);
  await db.execute(
    sql`update vendors v set city_id = (select c.id from cities c where c.state_id = v.state_id and lower(c.name) = lower(v.city) order by c.id limit 1)
        where v.city_id is null and v.state_id is not null and v.city is not null`,
  );
}

// ── KYC and bank details ─────────────────────────────────────────────────────

export const maskAccount = (last4: string | null) => (last4 ? `•••• •••• ${last4}` : null);

export interface KycView {
  legal_name: string | null;
  business_type: string | null;
  pan: string | null;
  gst_registered: boolean;
  gstin: string | null;
  gst_enrolment_number: string | null;
  account_holder_name: string | null;
  /** The whole number only for vendors:view-kyc; otherwise masked. */
  bank_account: string | null;
  bank_account_masked: string | null;
  ifsc: string | null;
  submitted_at: string | null;
  documents: { id: number; kind: string; label: string; content_type: string; size: number; uploaded_at: string; url?: string }[];
}

export async function kycOf(db: DbOrTx, vendor: VendorRow, opts: { reveal: boolean }): Promise<KycView> {
  const [k] = await db.select().from(vendorKyc).where(eq(vendorKyc.vendorId, vendor.id)).limit(1);
  const docs = await db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendor.id)).orderBy(vendorDocuments.kind);
  let account: string | null = null;
  if (opts.reveal && k?.bankAccountCipher) {
    try {
      account = decrypt(k.bankAccountCipher);
    } catch {
      account = null;
    }
  }
  return {
    legal_name: vendor.legalName,
    business_type: vendor.businessType,
    pan: k?.pan ?? vendor.pan,
    gst_registered: k?.gstRegistered ?? true,
    gstin: vendor.gstin,
    gst_enrolment_number: k?.gstEnrolmentNumber ?? null,
    account_holder_name: k?.accountHolderName ?? null,
    bank_account: account,
    bank_account_masked: maskAccount(k?.bankAccountLast4 ?? null),
    ifsc: k?.ifsc ?? null,
    submitted_at: k?.submittedAt?.toISOString() ?? null,
    documents: docs.map((d) => ({
      id: d.id,
      kind: d.kind,
      label: DOCUMENT_KINDS.find((k) => k.value === d.kind)?.label ?? d.kind,
      content_type: d.contentType,
      size: d.size,
      uploaded_at: d.uploadedAt.toISOString(),
      ...(opts.reveal ? { url: signedDocumentUrl(vendor.id, d.id) } : {}),
    })),
  };
}

/** Saves the vendor's KYC step (not yet submitted). The GSTIN must agree with the store's PAN and state. */
export async function saveKyc(db: Db, actor: Actor, vendorId: number, input: KycInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [v] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update').limit(1);
    if (!v) throw notFound('This store does not exist.');
    if (!['draft', 'rejected'].includes(v.status)) throw conflict('Your details are with the marketplace for review; they can be changed after the decision.');
    if (input.gstin) {
      const agreement = gstinAgreement({ gstin: input.gstin, pan: input.pan, state: v.state });
      if (Object.keys(agreement).length) {
        throw invalid(Object.fromEntries(Object.entries(agreement).map(([f, m]) => [f === 'state' ? 'gstin' : f, [m]])));
      }
    } else if (input.gst_enrolment_number && v.state && findStateByName(v.state)) {
      const st = findStateByName(v.state)!;
      if (!(st.gstCodes as readonly string[]).includes(input.gst_enrolment_number.slice(0, 2))) {
        throw invalid({ gst_enrolment_number: [`The enrolment number must start with ${st.gstCodes[0]}, the code of ${st.name}, where the store is.`] });
      }
    }
    const values = {
      pan: input.pan,
      gstRegistered: input.gst_registered === 'yes',
      gstEnrolmentNumber: input.gst_enrolment_number,
      bankAccountCipher: encrypt(input.bank_account),
      bankAccountLast4: input.bank_account.slice(-4),
      ifsc: input.ifsc,
      accountHolderName: input.account_holder_name,
      updatedAt: new Date(),
    };
    await tx
      .insert(vendorKyc)
      .values({ vendorId, ...values })
      .onConflictDoUpdate({ target: vendorKyc.vendorId, set: values });
    await tx
      .update(vendors)
      .set({
        legalName: input.legal_name,
        businessType: input.business_type,
        pan: input.pan,
        ...(input.gstin ? { gstin: input.gstin } : {}),
        updatedAt: new Date(),
        version: sql`${vendors.version} + 1`,
      })
      .where(eq(vendors.id, vendorId));
    await logActivity(tx, actor, {
      area: 'vendors',
      action: 'kyc-saved',
      recordId: vendorId,
      recordName: v.storeName,
      changes: {
        pan: [v.pan, input.pan],
        gstin: [v.gstin, input.gstin ?? v.gstin],
        bankAccount: [null, maskAccount(input.bank_account.slice(-4))],
        ifsc: [null, input.ifsc],
      },
    });
  });
}

/** What is still missing before the vendor can submit, as field → message. */
export async function missingForSubmit(db: DbOrTx, vendorId: number): Promise<Record<string, string[]>> {
  const [v] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  const [k] = await db.select().from(vendorKyc).where(eq(vendorKyc.vendorId, vendorId)).limit(1);
  const docs = new Set(
    (await db.select({ kind: vendorDocuments.kind }).from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendorId))).map((d) => d.kind),
  );
  const errors: Record<string, string[]> = {};
  if (!v?.storeSetupCompletedAt) errors.store = ['Finish the store setup first.'];
  if (!k?.bankAccountCipher) errors.kyc = ['Save your business, PAN, GST and bank details first.'];
  for (const d of DOCUMENT_KINDS) {
    // A seller without GST registration has no GST certificate.
    if (d.value === 'gst_certificate' && k && !k.gstRegistered) continue;
    if (!docs.has(d.value)) errors[d.value] = [`Upload the ${d.label}.`];
  }
  return errors;
}

/** "Submit for approval": draft or rejected → pending, once everything is there. */
export async function submitForApproval(db: Db, actor: Actor, vendorId: number): Promise<VendorRow> {
  const missing = await missingForSubmit(db, vendorId);
  if (Object.keys(missing).length) throw invalid(missing, Object.values(missing)[0]![0]);
  await db.update(vendorKyc).set({ submittedAt: new Date() }).where(eq(vendorKyc.vendorId, vendorId));
  return transitionVendor(db, actor, vendorId, 'submit');
}

// ── Documents ────────────────────────────────────────────────────────────────

/** 4 MB: a phone photo or a scanned PDF fits, and a no-JavaScript form's CSRF field is still read (twice MAX_UPLOAD_BYTES). */
export const DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;
export const DOCUMENT_RULES = 'PDF, JPEG or PNG, at most 4 MB.';

/** The type from the first bytes: PDF, JPEG or PNG, or null. */
export function detectDocumentType(b: Uint8Array): { mime: string; ext: string } | null {
  if (b.length >= 5 && String.fromCharCode(...b.slice(0, 5)) === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  return null;
}

const kycDir = () => join(config().dataDir, 'kyc');

/** Stores one document (replacing the vendor's earlier one of that kind) under DATA_DIR/kyc. */
export async function saveDocument(db: Db, actor: Actor, vendorId: number, kind: string, file: File): Promise<void> {
  if (!DOCUMENT_KINDS.some((d) => d.value === kind)) throw invalid({ kind: ['Choose PAN card, cancelled cheque or GST certificate.'] });
  const field = kind as DocumentKind;
  if (!file || typeof file === 'string' || file.size === 0) throw invalid({ [field]: ['Choose a file to upload.'] });
  if (file.size > DOCUMENT_MAX_BYTES)
    throw new HttpError(413, `The file is too large. ${DOCUMENT_RULES}`, { [field]: [`The file is too large. ${DOCUMENT_RULES}`] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectDocumentType(bytes);
  if (!type) throw invalid({ [field]: [`This file is not a PDF, JPEG or PNG. ${DOCUMENT_RULES}`] });
  const relative = `${vendorId}/${kind}-${randomToken(12)}.${type.ext}`;
  const target = join(kycDir(), relative);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(`${target}.part`, bytes, { mode: 0o600 });
  renameSync(`${target}.part`, target);
  await db.transaction(async (tx) => {
    const [v] = await tx.select({ status: vendors.status, name: vendors.storeName }).from(vendors).where(eq(vendors.id, vendorId)).for('update').limit(1);
    if (!v) throw notFound('This store does not exist.');
    if (!['draft', 'rejected'].includes(v.status)) throw conflict('Your details are with the marketplace for review; they can be changed after the decision.');
    const values = {
      storagePath: relative,
      contentType: type.mime,
      size: bytes.length,
      originalName: (file.name || kind).slice(0, 200),
      uploadedAt: new Date(),
    };
    await tx
      .insert(vendorDocuments)
      .values({ vendorId, kind, ...values })
      .onConflictDoUpdate({ target: [vendorDocuments.vendorId, vendorDocuments.kind], set: values });
    await logActivity(tx, actor, {
      area: 'vendors',
      action: 'document-uploaded',
      recordId: vendorId,
      recordName: v.name,
      changes: { [kind]: [null, `${type.mime}, ${bytes.length} bytes`] },
    });
  });
}

/** How long a document link works. */
export const DOCUMENT_LINK_SECONDS = 5 * 60;

const linkSignature = (vendorId: number, docId: number, expires: number) =>
  createHmac('sha256', config().sessionSecret).update(`kyc-document:${vendorId}:${docId}:${expires}`).digest('base64url');

/** A link to one document that works for DOCUMENT_LINK_SECONDS, and only for staff holding vendors:view-kyc. */
export function signedDocumentUrl(vendorId: number, docId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DOCUMENT_LINK_SECONDS;
  return `/api/vendors/${vendorId}/documents/${docId}?expires=${expires}&sig=${linkSignature(vendorId, docId, expires)}`;
}

/** The document's bytes if it exists (404) and the link is genuine and not expired (403 otherwise). */
export async function readSignedDocument(db: DbOrTx, vendorId: number, docId: number, expires: string | null, sig: string | null) {
  const [doc] = await db
    .select()
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.id, docId), eq(vendorDocuments.vendorId, vendorId)))
    .limit(1);
  if (!doc) throw notFound('This document does not exist.');
  const exp = Number(expires);
  if (!expires || !sig || !Number.isInteger(exp) || !safeEqual(sig, linkSignature(vendorId, docId, exp))) {
    throw new HttpError(403, 'This document link is not valid. Open the document from the vendor page again.');
  }
  if (exp * 1000 < Date.now()) throw new HttpError(403, 'This document link has expired. Open the document from the vendor page again.');
  return { doc, bytes: readFileSync(join(kycDir(), doc.storagePath)) };
}

// ── Staff: one vendor, and its edit ──────────────────────────────────────────

export interface VendorDetails {
  id: number;
  store_name: string | null;
  legal_name: string | null;
  business_type: string | null;
  slug: string | null;
  gstin: string | null;
  pan: string | null;
  phone: string | null;
  address_line: string | null;
  city: string | null;
  city_id: number | null;
  state: string | null;
  state_id: number | null;
  pincode: string | null;
  status: string;
  commission_rate: number | null;
  payout_cycle: string;
  store_setup_completed_at: string | null;
  owner: { id: number; name: string; email: string; phone: string | null; phone_verified: boolean } | null;
  kyc: KycView;
  events: StatusEvent[];
  created_at: string;
  updated_at: string;
  version: number;
}

export async function vendorDetails(db: DbOrTx, vendorId: number, opts: { reveal: boolean }): Promise<VendorDetails> {
  const [v] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  if (!v) throw notFound('This vendor does not exist.');
  const [owner] = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, verified: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.vendorId, vendorId))
    .orderBy(users.id)
    .limit(1);
  return {
    id: v.id,
    store_name: v.storeName,
    legal_name: v.legalName,
    business_type: v.businessType,
    slug: v.slug,
    gstin: v.gstin,
    pan: v.pan,
    phone: v.phone,
    address_line: v.addressLine,
    city: v.city,
    city_id: v.cityId,
    state: v.state,
    state_id: v.stateId,
    pincode: v.pincode,
    status: v.status,
    commission_rate: v.commissionRate === null ? null : Number(v.commissionRate),
    payout_cycle: v.payoutCycle,
    store_setup_completed_at: v.storeSetupCompletedAt?.toISOString() ?? null,
    owner: owner ? { id: owner.id, name: owner.name, email: owner.email, phone: owner.phone, phone_verified: Boolean(owner.verified) } : null,
    kyc: await kycOf(db, v, opts),
    events: await statusEvents(db, vendorId),
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
    version: v.version,
  };
}

const EDITED_FIELDS = [
  'storeName',
  'legalName',
  'businessType',
  'gstin',
  'pan',
  'addressLine',
  'city',
  'cityId',
  'state',
  'stateId',
  'pincode',
  'commissionRate',
  'payoutCycle',
] as const;

/**
 * A staff edit: what is sent changes (the rest stays); the GSTIN must still agree with the PAN and
 * the state, and the address with the geography tables. `version` as loaded (409 when stale).
 */
/** Checks a store address against the geography tables (the onboarding feature's resolveAddress, passed in by the page or API). */
export type AddressResolver = (
  db: DbOrTx,
  input: { state: string; city?: string | null; cityId?: number | null; pincode: string },
) => Promise<{ stateId: number; cityId: number; city: string }>;

export async function updateVendor(
  db: Db,
  actor: Actor,
  vendorId: number,
  input: import('./vendor-kyc.schema.ts').VendorUpdateInput,
  resolveAddress: AddressResolver,
): Promise<VendorRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update').limit(1);
    if (!before) throw notFound('This vendor does not exist.');
    const next = {
      storeName: input.store_name ?? before.storeName,
      legalName: input.legal_name ?? before.legalName,
      businessType: input.business_type ?? before.businessType,
      gstin: input.gstin ?? before.gstin,
      pan: input.pan ?? before.pan,
      addressLine: input.address_line ?? before.addressLine,
      state: input.state ?? before.state,
      city: input.city ?? before.city,
      cityId: input.city_id ?? (input.city !== undefined || input.state !== undefined ? null : before.cityId),
      pincode: input.pincode ?? before.pincode,
      stateId: before.stateId,
      commissionRate:
        input.commission_rate === undefined
          ? before.commissionRate
          : input.commission_rate === '' || input.commission_rate === null
            ? null
            : input.commission_rate.toFixed(2),
      payoutCycle: input.payout_cycle ?? before.payoutCycle,
    };
    const errors: Record<string, string[]> = {};
    if (next.gstin) {
      for (const [field, message] of Object.entries(gstinAgreement({ gstin: next.gstin, pan: next.pan, state: next.state }))) errors[field] = [message];
    }
    const addressTouched = ['state', 'city', 'city_id', 'pincode'].some((f) => input[f as keyof typeof input] !== undefined);
    if (addressTouched) {
      if (!next.state) errors.state = ['Choose a state or union territory.'];
      if (!next.pincode || !/^[1-9]\d{5}$/.test(next.pincode)) errors.pincode = ['A pincode has exactly 6 digits and does not start with 0.'];
      if (!Object.keys(errors).length) {
        const place = await resolveAddress(tx, { state: next.state!, city: next.city, cityId: next.cityId, pincode: next.pincode! });
        Object.assign(next, { cityId: place.cityId, stateId: place.stateId, city: place.city });
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const [after] = await tx
      .update(vendors)
      .set({ ...next, updatedAt: new Date(), version: sql`${vendors.version} + 1` })
      .where(and(eq(vendors.id, vendorId), eq(vendors.version, input.version)))
      .returning();
    if (!after)
      throw conflict('Someone changed this vendor after you loaded it, so your changes were not saved. Load the latest version and make your changes again.');
    const pick = (r: VendorRow) => Object.fromEntries(EDITED_FIELDS.map((k) => [k, r[k]]));
    await logActivity(tx, actor, {
      area: 'vendors',
      action: 'update',
      recordId: vendorId,
      recordName: after.storeName,
      before: pick(before),
      after: pick(after),
    });
    return after;
  });
}

/** How many vendors wait for approval (the sidebar badge and the list's tab), as a value another statement can carry. */
export const pendingVendorCountSql = (): SQL<number> => sql<number>`(select count(*)::int from ${vendors} where ${vendors.status} = 'pending')`.mapWith(Number);

export async function pendingVendorCount(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${pendingVendorCountSql()} as n`));
  return Number(row?.n ?? 0);
}
