/**
 * Vendor onboarding forms: one schema per form, shared by the no-JavaScript pages,
 * the JSON API and any island. Field names are the API's snake_case names.
 * No server imports.
 */
import { z } from 'zod';
import { gstin, gstinAgreement, indianMobile, pan, pincode } from '@/lib/india/formats.ts';
import { INDIAN_STATE_NAMES } from '@/lib/india/states.ts';
import { recordId, version } from '@/lib/http/integers.ts';

export const STORE_NAME_MAX = 120;

/** The store setup steps, in order; the step indicator and redirects follow it. */
export const ONBOARDING_STEPS = [
  { key: 'store', label: 'Store setup', path: '/vendor/store-setup' },
  { key: 'phone', label: 'Mobile verification', path: '/vendor/mobile-verification' },
  { key: 'finish', label: 'KYC and approval', path: '/vendor/onboarding' },
] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number]['key'];

/** Phone verification limits (also shown to the vendor). */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SENDS_PER_WINDOW = 3;
export const OTP_SEND_WINDOW_MINUTES = 10;

const text = (label: string, max: number) =>
  z.string(`Enter the ${label}.`).trim().min(1, `Enter the ${label}.`).max(max, `The ${label} can be at most ${max} characters.`);

const storeFields = {
  store_name: text('store name', STORE_NAME_MAX),
  gstin,
  pan,
  phone: indianMobile,
  address_line: text('address', 200),
  /**
   * The city is picked from the geography tables (its id), never typed: the server checks that it
   * lies in the chosen state (resolveAddress).
   */
  city_id: recordId('Choose the city from the list.'),
  state: z.enum(INDIAN_STATE_NAMES, 'Choose a state or union territory.'),
  pincode,
};

/**
 * Cross-field rules of a GST registration: it embeds the holder's PAN, and it belongs to the
 * state where the business is registered, so the store address must be in that state.
 * The rule itself is src/lib/india/formats.ts's, shared with the staff edit screen.
 */
function gstinMatches(value: { gstin: string; pan: string; state: string }, ctx: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(gstinAgreement(value))) ctx.addIssue({ code: 'custom', path: [field], message });
}

/** The store form's fields in the order they appear on screen. */
export const STORE_FORM_FIELDS = ['store_name', 'gstin', 'pan', 'phone', 'address_line', 'state', 'city_id', 'pincode'] as const;
export type StoreFormValues = Partial<Record<(typeof STORE_FORM_FIELDS)[number], string | null>>;

export const storeSetupSchema = z.strictObject(storeFields).superRefine(gstinMatches);
export type StoreSetupInput = z.infer<typeof storeSetupSchema>;

/** Later edits carry the version they were made from (optimistic concurrency). */
export const storeDetailsSchema = z
  .strictObject({
    ...storeFields,
    version: version('The form is out of date. Reload the page.'),
  })
  .superRefine(gstinMatches);
export type StoreDetailsInput = z.infer<typeof storeDetailsSchema>;

export const sendPhoneCodeSchema = z.strictObject({ phone: indianMobile });

export const verifyPhoneCodeSchema = z.strictObject({
  code: z
    .string('Enter the 6-digit code from the SMS.')
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS.')),
});

/**
 * The mobile-verification page's forms (no JavaScript): one sends a code, the other checks it; the
 * hidden `intent` says which. Each part is the JSON endpoint's own schema.
 */
export const phoneVerificationPageSchema = z.discriminatedUnion(
  'intent',
  [sendPhoneCodeSchema.extend({ intent: z.literal('send') }), verifyPhoneCodeSchema.extend({ intent: z.literal('verify') })],
  { error: 'This form is out of date. Reload the page and try again.' },
);

export const completeOnboardingSchema = z.strictObject({});

/** What the API answers for a vendor's store. */
export interface StoreDetails {
  id: number;
  store_name: string | null;
  slug: string | null;
  gstin: string | null;
  pan: string | null;
  phone: string | null;
  address_line: string | null;
  city: string | null;
  city_id: number | null;
  state: string | null;
  pincode: string | null;
  status: string;
  store_setup_completed_at: string | null;
  version: number;
}

export interface OnboardingStatus {
  store_setup_completed_at: string | null;
  phone: string | null;
  phone_verified_at: string | null;
  vendor_onboarding_completed_at: string | null;
  /** The store's status: draft, pending (waiting for approval), active, rejected or suspended. */
  status: string | null;
  /** Where the vendor should go next. */
  next: string;
}
