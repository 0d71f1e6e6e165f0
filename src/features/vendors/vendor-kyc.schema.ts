/**
 * The KYC and bank step's rules (onboarding) and the staff edit screen's: one schema each,
 * built from src/lib/india/formats.ts, so a PAN or IFSC is checked the same way everywhere.
 * No server imports.
 */
import { z } from 'zod';
import { bankAccountNumber, gstEnrolmentNumber, gstin, ifsc, pan } from '@/lib/india/formats.ts';
import { BUSINESS_TYPES, PAYOUT_CYCLES } from './vendor-status.ts';

const text = (label: string, max: number) =>
  z.string(`Enter the ${label}.`).trim().min(1, `Enter the ${label}.`).max(max, `The ${label} can be at most ${max} characters.`);

const businessType = z.enum(BUSINESS_TYPES.map((b) => b.value) as [string, ...string[]], 'Choose the type of business.');

/**
 * What the vendor submits. Registered for GST: the GSTIN (its PAN and state must agree with the
 * store's). Not registered: the GST enrolment number, and the store sells only within its own state.
 */
export const kycSchema = z
  .strictObject({
    legal_name: text('legal name of the business', 200),
    business_type: businessType,
    pan,
    gst_registered: z.enum(['yes', 'no'], 'Say whether the business is registered for GST.'),
    gstin: z.string().optional(),
    gst_enrolment_number: z.string().optional(),
    account_holder_name: text('account holder’s name', 120),
    bank_account: bankAccountNumber,
    bank_account_confirm: z.string('Type the account number again.').transform((v) => v.replace(/[\s-]+/g, '')),
    ifsc,
  })
  .superRefine((v, ctx) => {
    if (v.bank_account !== v.bank_account_confirm) {
      ctx.addIssue({ code: 'custom', path: ['bank_account_confirm'], message: 'The two account numbers are not the same. Type it again.' });
    }
    if (v.gst_registered === 'yes') {
      const r = gstin.safeParse(v.gstin ?? '');
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['gstin'], message: r.error.issues[0]!.message });
    } else {
      const r = gstEnrolmentNumber.safeParse(v.gst_enrolment_number ?? '');
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['gst_enrolment_number'], message: r.error.issues[0]!.message });
    }
  })
  .transform((v) => ({
    ...v,
    gstin: v.gst_registered === 'yes' ? gstin.parse(v.gstin) : null,
    gst_enrolment_number: v.gst_registered === 'no' ? gstEnrolmentNumber.parse(v.gst_enrolment_number) : null,
  }));
export type KycInput = z.infer<typeof kycSchema>;

/** A blank form field is "not sent" (the value stays as it is). */
const blankIsUnsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A staff edit of a vendor: the store's details, its business details and the commercial terms. What is not sent stays. */
export const vendorUpdateSchema = z.strictObject({
  version: z.coerce.number('The form is out of date. Reload the page.').int().positive('The form is out of date. Reload the page.'),
  store_name: blankIsUnsent(text('store name', 120)),
  legal_name: blankIsUnsent(text('legal name', 200)),
  business_type: blankIsUnsent(businessType),
  gstin: blankIsUnsent(gstin),
  pan: blankIsUnsent(pan),
  address_line: blankIsUnsent(text('address', 200)),
  state: blankIsUnsent(z.string().trim().max(80)),
  city: blankIsUnsent(z.string().trim().max(80)),
  city_id: blankIsUnsent(z.coerce.number('Choose the city from the list.').int().positive('Choose the city from the list.')),
  pincode: blankIsUnsent(z.string().trim().max(10)),
  /** Percent with at most 2 decimals, 0–100; blank (or null) is the store default. */
  commission_rate: z
    .union([z.literal(''), z.null(), z.coerce.number('Enter the commission as a percent, e.g. 12.5.')])
    .optional()
    .refine((v) => v === undefined || v === '' || v === null || (v >= 0 && v <= 100), 'The commission is a percent from 0 to 100.')
    .refine((v) => v === undefined || v === '' || v === null || Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals, e.g. 12.75.'),
  payout_cycle: blankIsUnsent(z.enum(PAYOUT_CYCLES.map((p) => p.value) as [string, ...string[]], 'Choose weekly, fortnightly or monthly.')),
});
export type VendorUpdateInput = z.infer<typeof vendorUpdateSchema>;

export const transitionSchema = z.strictObject({
  action: z.enum(['approve', 'reject', 'suspend', 'reinstate'], 'Choose approve, reject, suspend or reinstate.'),
  reason: z.string().trim().max(1000, 'At most 1000 characters.').optional(),
});
