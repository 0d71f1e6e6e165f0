/**
 * What the storefront API and the back-office's order actions accept (zod). Shared by the server
 * and islands: no server imports.
 */
import { z } from 'zod';
import { requiredText } from '../../lib/areas/field-schemas.ts';
import { gstin, indianMobile, pincode } from '../../lib/india/formats.ts';
import { recordId } from '../../lib/http/integers.ts';
import { TRANSITION_ACTIONS } from './order-status.ts';

/** The most lines one order may carry, and units of one line. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 100;

const email = z.string('Enter an email address.').trim().max(254, 'At most 254 characters.').pipe(z.email('Enter an email address such as asha@example.com.'));

export const customerInputSchema = z.strictObject({
  name: requiredText('Enter the customer’s name.', 120),
  email,
  phone: indianMobile,
});
export type CustomerInput = z.infer<typeof customerInputSchema>;

export const addressInputSchema = z.strictObject({
  name: requiredText('Enter the name to deliver to.', 120),
  phone: indianMobile,
  line1: requiredText('Enter the address.', 200),
  line2: z.string().trim().max(200, 'At most 200 characters.').optional(),
  pincode,
});
export type AddressInput = z.infer<typeof addressInputSchema> & { gstin?: string };

/** The billing address may carry a registered buyer's GSTIN: it is printed on the tax invoice (a B2B sale). */
export const billingAddressInputSchema = addressInputSchema.extend({ gstin: gstin.optional() });

const sku = z
  .string('Give the variant’s SKU.')
  .trim()
  .min(1, 'Give the variant’s SKU.')
  .max(64, 'At most 64 characters.')
  .transform((v) => v.toUpperCase());

export const placeOrderSchema = z.strictObject({
  customer: customerInputSchema,
  shipping_address: addressInputSchema,
  /** The shipping address when left out; send it to give the buyer's GSTIN. */
  billing_address: billingAddressInputSchema.optional(),
  lines: z
    .array(
      z.strictObject({
        sku,
        quantity: z
          .number('Give a whole number of units.')
          .int('Give a whole number of units.')
          .min(1, 'At least 1 unit.')
          .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} units of one item.`),
      }),
      'Give the order’s lines.',
    )
    .min(1, 'Give at least one line.')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines.`),
  payment_method: z.enum(['prepaid', 'cod'], { error: 'Choose prepaid or cod.' }),
  /** A coupon's code, any case (docs/money.md "Discounts"): applied at placing, or the order is refused with errors.coupon_code. */
  coupon_code: z.string().trim().max(40, 'At most 40 characters.').optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const idempotencyKeySchema = z
  .string('Send an Idempotency-Key header: a unique value per order, the same on every retry.')
  .min(8, 'An Idempotency-Key has 8 to 100 characters: letters, digits, - and _.')
  .max(100, 'An Idempotency-Key has 8 to 100 characters: letters, digits, - and _.')
  .regex(/^[A-Za-z0-9_-]+$/, 'An Idempotency-Key has 8 to 100 characters: letters, digits, - and _.');

const reason = z.string().trim().max(500, 'At most 500 characters.').optional();

/** A back-office move of one sub-order: POST /api/orders/:id/sub-orders/:subId/transitions. */
export const transitionSchema = z.strictObject({
  action: z.enum(TRANSITION_ACTIONS, { error: `Choose an action: ${TRANSITION_ACTIONS.join(', ')}.` }),
  /** The sub-order's version as the person saw it (compare-and-set). */
  version: z.coerce.number('Send the sub-order’s version.').int().min(1).max(2_147_483_647),
  reason,
  delivery_partner_id: recordId('Choose the delivery partner.').optional(),
  awb: z
    .string()
    .trim()
    .max(40, 'At most 40 characters.')
    .regex(/^[A-Za-z0-9-]*$/, 'An AWB has letters, digits and hyphens only.')
    .optional(),
});
export type TransitionInput = z.infer<typeof transitionSchema>;

/** The storefront's cancel or return request of a whole order (every sub-order that can take it). */
export const customerRequestSchema = z.strictObject({ reason: requiredText('Say why.', 500) });

export const orderNoteSchema = z.strictObject({ body: requiredText('Write the note.', 2000) });

export const STOREFRONT_SCOPES = [
  { value: 'read-catalogue', label: 'Read catalogue' },
  { value: 'write-orders', label: 'Write orders' },
] as const;
export type StorefrontScope = (typeof STOREFRONT_SCOPES)[number]['value'];

export const apiKeyInputSchema = z.strictObject({
  name: requiredText('Name the key (the storefront that uses it).', 80),
  scopes: z
    .array(z.enum(['read-catalogue', 'write-orders'], { error: 'Choose read-catalogue or write-orders.' }), 'Choose at least one scope.')
    .min(1, 'Choose at least one scope.')
    .max(2),
  rate_limit_per_minute: z.coerce.number().int('A whole number.').min(1, 'At least 1.').max(100_000, 'At most 100,000.').default(600),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;
