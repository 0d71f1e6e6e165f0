/**
 * Vendor onboarding rules: store setup, phone verification, finishing onboarding, and later
 * edits of the store details. The pages (no JavaScript) and the JSON API both call these.
 * Each change and its activity-log entry are written in one transaction.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import { users, vendors } from '@/lib/db/schema.ts';
import { phoneVerifications } from './vendor-onboarding.tables.ts';
import type { Principal, UserRow, VendorRow } from '@/lib/auth/principal.server.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { hitLimit } from '@/lib/auth/rate-limit.server.ts';
import { sms } from '@/lib/sms/sms.server.ts';
import { config } from '@/lib/config.server.ts';
import { hmac, safeEqual } from '@/lib/security/tokens.server.ts';
import { HttpError, conflict, forbidden, invalid } from '@/lib/http/errors.ts';
import { slugify } from '@/lib/text/slug.ts';
import { cities, pincodeIs, pincodes, states } from '@/features/geography/geography.tables.ts';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_SEND_WINDOW_MINUTES,
  OTP_SENDS_PER_WINDOW,
  OTP_TTL_MINUTES,
  type OnboardingStatus,
  type StoreDetails,
  type StoreSetupInput,
} from './vendor-onboarding.schema.ts';

/** The store fields the activity log records. */
const STORE_FIELDS = ['storeName', 'slug', 'gstin', 'pan', 'phone', 'addressLine', 'city', 'state', 'pincode', 'storeSetupCompletedAt'] as const;

function pick<T extends object, K extends keyof T>(row: T | null | undefined, keys: readonly K[]): Partial<Record<K, unknown>> | null {
  if (!row) return null;
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Partial<Record<K, unknown>>;
}

export function storeDetailsOf(v: VendorRow): StoreDetails {
  return {
    id: v.id,
    store_name: v.storeName,
    slug: v.slug,
    gstin: v.gstin,
    pan: v.pan,
    phone: v.phone,
    address_line: v.addressLine,
    city: v.city,
    city_id: v.cityId,
    state: v.state,
    pincode: v.pincode,
    status: v.status,
    store_setup_completed_at: v.storeSetupCompletedAt?.toISOString() ?? null,
    version: v.version,
  };
}

/** The path of the first unfinished onboarding step, or /dashboard when all are done. */
export function nextOnboardingPath(p: Pick<Principal, 'user' | 'vendor'>): string {
  if (!p.vendor?.storeSetupCompletedAt) return '/vendor/store-setup';
  if (!p.user.phoneVerifiedAt) return '/vendor/mobile-verification';
  // KYC not submitted (or rejected: fix and submit again), or waiting for the decision: the status page.
  if (!p.user.vendorOnboardingCompletedAt || ['draft', 'pending', 'rejected'].includes(p.vendor.status)) return '/vendor/onboarding';
  return '/dashboard';
}

export function onboardingStatusOf(p: Pick<Principal, 'user' | 'vendor'>): OnboardingStatus {
  return {
    store_setup_completed_at: p.vendor?.storeSetupCompletedAt?.toISOString() ?? null,
    phone: p.user.phone,
    phone_verified_at: p.user.phoneVerifiedAt?.toISOString() ?? null,
    vendor_onboarding_completed_at: p.user.vendorOnboardingCompletedAt?.toISOString() ?? null,
    status: p.vendor?.status ?? null,
    next: nextOnboardingPath(p),
  };
}

export interface ResolvedAddress {
  stateId: number;
  cityId: number;
  city: string;
}

/**
 * The store address as the geography tables know it: the state by name, the city by id or by
 * its name within that state (never a free-typed place), and a pincode that exists and lies in
 * that state. 422 naming each field that is wrong.
 */
export async function resolveAddress(
  db: DbOrTx,
  input: { state: string; city?: string | null; cityId?: number | null; pincode: string },
): Promise<ResolvedAddress> {
  const errors: Record<string, string[]> = {};
  const [state] = await db.select({ id: states.id, name: states.name }).from(states).where(eq(states.name, input.state)).limit(1);
  if (!state) errors.state = ['Choose a state or union territory from the list.'];
  let city: { id: number; name: string; stateId: number } | undefined;
  if (input.cityId) {
    [city] = await db.select({ id: cities.id, name: cities.name, stateId: cities.stateId }).from(cities).where(eq(cities.id, input.cityId)).limit(1);
  } else if (input.city?.trim()) {
    [city] = await db
      .select({ id: cities.id, name: cities.name, stateId: cities.stateId })
      .from(cities)
      .where(and(sql`lower(${cities.name}) = lower(${input.city.trim()})`, state ? eq(cities.stateId, state.id) : undefined))
      .limit(1);
  }
  if (!city && input.cityId) errors.city_id = [`Choose the city from the list${state ? ` of ${state.name}'s cities` : ''}.`];
  else if (!city) errors.city = [`Choose the city from the list${state ? ` of ${state.name}'s cities` : ''}; “${(input.city ?? '').slice(0, 40)}” is not one.`];
  else if (state && city.stateId !== state.id && input.cityId) errors.city_id = [`${city.name} is not in ${state.name}. Choose one of ${state.name}'s cities.`];
  else if (state && city.stateId !== state.id) errors.city = [`This city is not in ${state.name}. Choose the city again.`];
  const [pin] = await db
    .select({ stateId: pincodes.stateId, stateName: states.name })
    .from(pincodes)
    .innerJoin(states, eq(states.id, pincodes.stateId))
    .where(pincodeIs(input.pincode))
    .limit(1);
  if (!pin) errors.pincode = [`No pincode ${input.pincode} exists. Check the digits.`];
  else if (state && pin.stateId !== state.id) errors.pincode = [`Pincode ${input.pincode} is in ${pin.stateName}, not in ${state.name}.`];
  if (Object.keys(errors).length) throw invalid(errors);
  return { stateId: state!.id, cityId: city!.id, city: city!.name };
}

/** A choice of city, under its state's name. */
export interface CityGroup {
  label: string;
  options: { value: string; label: string }[];
}

/**
 * Every active city, grouped by state (the store form's city `<select>`, one `<optgroup>` per
 * state): the no-JavaScript store setup offers the city as a pick from the geography tables in one
 * control, with no script and no round-trip when the state changes (docs/areas.md, vendors).
 */
export async function cityChoicesByState(db: DbOrTx): Promise<CityGroup[]> {
  const rows = await db
    .select({ id: cities.id, name: cities.name, state: states.name })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(cities.status, 'active'), eq(states.status, 'active')))
    .orderBy(states.name, cities.name);
  const groups: CityGroup[] = [];
  for (const r of rows) {
    if (groups.at(-1)?.label !== r.state) groups.push({ label: r.state, options: [] });
    groups.at(-1)!.options.push({ value: String(r.id), label: r.name });
  }
  return groups;
}

/** The store's columns, the city and state as the geography tables know them (resolveAddress: 422 otherwise). */
async function storeColumns(db: DbOrTx, input: StoreSetupInput) {
  const place = await resolveAddress(db, { state: input.state, cityId: input.city_id, pincode: input.pincode });
  return {
    cityId: place.cityId,
    stateId: place.stateId,
    storeName: input.store_name,
    gstin: input.gstin,
    pan: input.pan,
    phone: input.phone,
    addressLine: input.address_line,
    city: place.city,
    state: input.state,
    pincode: input.pincode,
  };
}

/** `base`, or `base-2`, `base-3`… when another store already uses it. */
/** A store's address on the marketplace stays short: at most 60 characters before the suffix. */
const STORE_SLUG_MAX = 60;

async function uniqueSlug(db: DbOrTx, name: string, vendorId: number): Promise<string> {
  const base = slugify(name, STORE_SLUG_MAX) || `store-${vendorId}`;
  const taken = new Set(
    (
      await db
        .select({ slug: vendors.slug })
        .from(vendors)
        .where(and(ne(vendors.id, vendorId), sql`(${vendors.slug} = ${base} or ${vendors.slug} like ${base + '-%'})`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Locks and returns the vendor row of a vendor user, creating it if the account has none yet. */
async function lockVendorOf(tx: DbOrTx, actor: Actor, userId: number): Promise<VendorRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!user || user.userType !== 'vendor') throw forbidden('Only vendor accounts have a store.');
  if (user.vendorId) {
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, user.vendorId)).for('update').limit(1);
    if (vendor) return vendor;
  }
  const [vendor] = await tx.insert(vendors).values({}).returning();
  await tx
    .update(users)
    .set({ vendorId: vendor!.id, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await logActivity(tx, actor, { area: 'vendors', action: 'create', recordId: vendor!.id, changes: { userId: [null, userId] } });
  return vendor!;
}

/**
 * First-time store setup. Afterwards the vendor may use the rest of the product
 * (the middleware reads vendors.storeSetupCompletedAt); later changes go through updateStoreDetails.
 */
export async function completeStoreSetup(db: Db, actor: Actor, userId: number, input: StoreSetupInput): Promise<VendorRow> {
  return db.transaction(async (tx) => {
    const before = await lockVendorOf(tx, actor, userId);
    if (before.storeSetupCompletedAt) {
      throw conflict('Store setup is already done. Change the details on the Store details page.');
    }
    const [after] = await tx
      .update(vendors)
      .set({
        ...(await storeColumns(tx, input)),
        slug: await uniqueSlug(tx, input.store_name, before.id),
        storeSetupCompletedAt: new Date(),
        updatedAt: new Date(),
        version: sql`${vendors.version} + 1`,
      })
      .where(eq(vendors.id, before.id))
      .returning();
    await logActivity(tx, actor, {
      area: 'vendors',
      action: 'store-setup',
      recordId: before.id,
      recordName: after!.storeName,
      before: pick(before, STORE_FIELDS),
      after: pick(after!, STORE_FIELDS),
    });
    return after!;
  });
}

export const STALE_STORE_MESSAGE =
  'Someone changed these store details after you loaded them, so your changes were not saved. Load the latest version and make your changes again.';

/**
 * Edits by a vendor whose setup is done. `version` is the one the form was loaded with:
 * if the row changed since, nothing is written and the answer is 409.
 * The slug stays as it was set at store setup, so links to the store keep working.
 */
export async function updateStoreDetails(db: Db, actor: Actor, vendorId: number, input: StoreSetupInput, version: number): Promise<VendorRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
    if (!before) throw new HttpError(404, 'This store does not exist.');
    if (!before.storeSetupCompletedAt) throw conflict('Finish the store setup first.');
    const [after] = await tx
      .update(vendors)
      .set({ ...(await storeColumns(tx, input)), updatedAt: new Date(), version: sql`${vendors.version} + 1` })
      .where(and(eq(vendors.id, vendorId), eq(vendors.version, version)))
      .returning();
    if (!after) throw conflict(STALE_STORE_MESSAGE);
    await logActivity(tx, actor, {
      area: 'vendors',
      action: 'update',
      recordId: vendorId,
      recordName: after.storeName,
      before: pick(before, STORE_FIELDS),
      after: pick(after, STORE_FIELDS),
    });
    return after;
  });
}

export async function findVendor(db: DbOrTx, vendorId: number): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return row;
}

// ── Phone verification ────────────────────────────────────────────────────────

/** A 6-digit code has only a million values: the hash is keyed with the server secret so a leaked table cannot be brute-forced offline. */
function codeHash(userId: number, phone: string, code: string): string {
  return hmac(config().sessionSecret, `phone-otp:${userId}:${phone}:${code}`);
}

function refuseWhileImpersonating(actor: Actor): void {
  if (actor.impersonatedUserId) {
    throw forbidden('The vendor has to verify their own mobile number. Leave impersonation first.');
  }
}

export interface PendingVerification {
  phone: string;
  expiresAt: Date;
  attemptsLeft: number;
}

/** The code waiting to be entered, if it can still be used. */
export async function pendingVerification(db: DbOrTx, userId: number): Promise<PendingVerification | null> {
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId)).limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= OTP_MAX_ATTEMPTS) return null;
  return { phone: row.phone, expiresAt: row.expiresAt, attemptsLeft: OTP_MAX_ATTEMPTS - row.attempts };
}

function tooMany(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(429, `Too many codes were sent. You can ask for a new code in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/**
 * Sends a fresh code by SMS, replacing any earlier one. At most OTP_SENDS_PER_WINDOW sends per
 * user and per number in each window, so nobody can use the form to flood a phone.
 */
export async function sendPhoneCode(db: Db, actor: Actor, userId: number, phone: string): Promise<PendingVerification> {
  refuseWhileImpersonating(actor);
  const window = OTP_SEND_WINDOW_MINUTES * 60;
  const [byUser, byPhone] = [await hitLimit(db, `phone-code:user:${userId}`, window), await hitLimit(db, `phone-code:phone:${phone}`, window)];
  const blocked = Math.max(
    byUser.count > OTP_SENDS_PER_WINDOW ? byUser.retryAfterSeconds : 0,
    byPhone.count > OTP_SENDS_PER_WINDOW ? byPhone.retryAfterSeconds : 0,
  );
  if (blocked > 0) throw tooMany(blocked);

  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const hash = codeHash(userId, phone, code);
  const expiresAt = new Date(Date.now() + OTP_TTL_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .insert(phoneVerifications)
      .values({ userId, phone, codeHash: hash, attempts: 0, expiresAt })
      .onConflictDoUpdate({ target: phoneVerifications.userId, set: { phone, codeHash: hash, attempts: 0, expiresAt } });
    await logActivity(tx, actor, { area: 'users', action: 'phone-code-sent', recordId: userId, changes: { phone: [null, phone] } });
  });
  try {
    // Sent after the commit: a slow SMS gateway must not hold a database transaction open.
    await sms().send(db, phone, `${code} is your Marketplace verification code. It expires in ${OTP_TTL_MINUTES} minutes. Do not share it with anyone.`);
  } catch {
    await db.delete(phoneVerifications).where(and(eq(phoneVerifications.userId, userId), eq(phoneVerifications.codeHash, hash)));
    throw new HttpError(502, 'The SMS could not be sent. Try again in a few minutes.');
  }
  return { phone, expiresAt, attemptsLeft: OTP_MAX_ATTEMPTS };
}

/**
 * Checks a code. Each try spends one attempt before the comparison (one atomic UPDATE), so
 * parallel guesses cannot exceed OTP_MAX_ATTEMPTS. On success the user's phone is the verified one.
 */
export async function verifyPhoneCode(db: Db, actor: Actor, userId: number, code: string): Promise<UserRow> {
  refuseWhileImpersonating(actor);
  const [row] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(and(eq(phoneVerifications.userId, userId), lt(phoneVerifications.attempts, OTP_MAX_ATTEMPTS), gt(phoneVerifications.expiresAt, new Date())))
    .returning();
  if (!row) {
    const [existing] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId)).limit(1);
    const message = !existing
      ? 'No code is waiting. Send a code first.'
      : existing.attempts >= OTP_MAX_ATTEMPTS
        ? 'Too many wrong codes. Send a new code.'
        : 'This code has expired. Send a new code.';
    throw invalid({ code: [message] }, message);
  }

  if (!safeEqual(row.codeHash, codeHash(userId, row.phone, code))) {
    const left = OTP_MAX_ATTEMPTS - row.attempts;
    await logActivity(db, actor, { area: 'users', action: 'phone-code-failed', recordId: userId, changes: { attempts: [row.attempts - 1, row.attempts] } });
    const message =
      left > 0
        ? `That code is not right. ${left} attempt${left === 1 ? '' : 's'} left.`
        : 'That code is not right, and that was the last attempt. Send a new code.';
    throw invalid({ code: [message] }, message);
  }

  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    const [after] = await tx
      .update(users)
      .set({ phone: row.phone, phoneVerifiedAt: new Date(), updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
      .returning();
    await logActivity(tx, actor, {
      area: 'users',
      action: 'phone-verified',
      recordId: userId,
      before: pick(before, ['phone', 'phoneVerifiedAt'] as const),
      after: pick(after!, ['phone', 'phoneVerifiedAt'] as const),
    });
    return after!;
  });
}

// ── Finishing ────────────────────────────────────────────────────────────────

/**
 * "Submit for approval": once the store is set up and the phone verified, `submitForApproval`
 * (the vendors feature's, composed by src/app/vendors/onboarding.server.ts: it checks the KYC,
 * bank details and documents) moves the vendor from draft (or rejected) to pending, and the
 * user's onboarding is done. Doing it again while pending or after the decision changes nothing.
 */
export async function completeOnboarding(db: Db, actor: Actor, userId: number, submitForApproval: (vendorId: number) => Promise<unknown>): Promise<UserRow> {
  const [row] = await db
    .select({ user: users, vendor: vendors })
    .from(users)
    .leftJoin(vendors, eq(users.vendorId, vendors.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.user.userType !== 'vendor') throw forbidden('Only vendor accounts have onboarding.');
  const errors: Record<string, string[]> = {};
  if (!row.vendor?.storeSetupCompletedAt) errors.store = ['Finish the store setup first.'];
  if (!row.user.phoneVerifiedAt) errors.phone = ['Verify your mobile number first.'];
  if (Object.keys(errors).length) throw invalid(errors, Object.values(errors)[0]![0]);
  if (['draft', 'rejected'].includes(row.vendor!.status)) await submitForApproval(row.vendor!.id);
  if (row.user.vendorOnboardingCompletedAt) return row.user;
  return db.transaction(async (tx) => {
    const [after] = await tx
      .update(users)
      .set({ vendorOnboardingCompletedAt: new Date(), updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(and(eq(users.id, userId), isNull(users.vendorOnboardingCompletedAt)))
      .returning();
    if (!after) return row.user;
    await logActivity(tx, actor, {
      area: 'users',
      action: 'onboarding-completed',
      recordId: userId,
      before: { vendorOnboardingCompletedAt: null },
      after: { vendorOnboardingCompletedAt: after.vendorOnboardingCompletedAt },
    });
    return after;
  });
}

/** Where a vendor lands right after signing in: the first unfinished onboarding step, or null for the usual place. */
export async function onboardingLanding(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ user: users, vendor: vendors })
    .from(users)
    .leftJoin(vendors, eq(users.vendorId, vendors.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.user.userType !== 'vendor') return null;
  const next = nextOnboardingPath(row);
  return next === '/dashboard' ? null : next;
}
