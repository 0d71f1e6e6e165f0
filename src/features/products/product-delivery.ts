/**
 * Delivery details (add step 3), shared by the page's form and PUT /api/products/{id}/delivery (no
 * server imports): the parcel a product ships in, the vendor's warehouses it ships from and the
 * days it takes to hand over to the courier (docs/products.md, "Delivery details").
 */
import { z } from 'zod';
import { recordId, version } from '@/lib/http/integers.ts';
import { PINCODE_PATTERN } from '@/lib/india/pincode-list.ts';

/** 100 kg: past this a parcel is freight, not a courier's. */
export const MAX_WEIGHT_GRAMS = 100_000;
/** 3 m a side: the longest a courier's parcel is. */
export const MAX_SIDE_MM = 3_000;
export const MAX_HANDLING_DAYS = 30;
/** More than a vendor has warehouses; bounds the list a request may send. */
export const MAX_SHIPS_FROM = 50;

const wholeNumber = (min: number, max: number, message: string) => z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
const grams = `Enter a whole number of grams from 1 to ${MAX_WEIGHT_GRAMS.toLocaleString('en-IN')}.`;
const mm = `Enter a whole number of millimetres from 1 to ${MAX_SIDE_MM.toLocaleString('en-IN')}.`;
const SHIPS_FROM_MESSAGE = 'Choose at least one warehouse the product ships from.';

/** Blank text is "not given", so a form's empty box gets the field's own message. */
const present = (message: string) => z.custom<unknown>((v) => v !== undefined && v !== null && !(typeof v === 'string' && !v.trim()), message);

export const productDeliverySchema = z.strictObject({
  version: version(),
  weight_grams: present('Enter the packed weight in grams.').pipe(wholeNumber(1, MAX_WEIGHT_GRAMS, grams)),
  length_mm: present('Enter the package length in mm.').pipe(wholeNumber(1, MAX_SIDE_MM, mm)),
  width_mm: present('Enter the package width in mm.').pipe(wholeNumber(1, MAX_SIDE_MM, mm)),
  height_mm: present('Enter the package height in mm.').pipe(wholeNumber(1, MAX_SIDE_MM, mm)),
  handling_days: present('Enter the handling time in days.').pipe(
    wholeNumber(0, MAX_HANDLING_DAYS, `Enter a whole number of days from 0 to ${MAX_HANDLING_DAYS}.`),
  ),
  /** JSON: an array of ids; a form: its checked boxes (`warehouse_ids[]`), or ids comma-separated. */
  warehouse_ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim()) : v === undefined ? [] : v),
    z
      .array(recordId('Choose warehouses from the list.'), { error: SHIPS_FROM_MESSAGE })
      .min(1, SHIPS_FROM_MESSAGE)
      .max(MAX_SHIPS_FROM, `At most ${MAX_SHIPS_FROM} warehouses.`)
      .transform((ids) => [...new Set(ids)]),
  ),
});

export type ProductDeliveryInput = z.infer<typeof productDeliverySchema>;

export const PINCODE_MESSAGE = 'Enter a 6-digit pincode, e.g. 560001.';

/** GET /api/products/{id}/serviceability?pincode=560001 */
export const serviceabilityQuery = z.strictObject({
  pincode: z.string({ error: PINCODE_MESSAGE }).trim().regex(PINCODE_PATTERN, PINCODE_MESSAGE),
});

export interface ServiceabilityAnswer {
  pincode: string;
  /** The pincode is in the Pincodes list. */
  known: boolean;
  serviceable: boolean;
  zones: { id: number; name: string; partner: string; days_min: number; days_max: number }[];
  /** One sentence for the page. */
  message: string;
}

/** What the page says about a pincode. */
export function serviceabilityMessage(answer: Omit<ServiceabilityAnswer, 'message'>): string {
  if (!answer.known) return `${answer.pincode} is not in the pincode list, so no delivery zone covers it.`;
  if (!answer.serviceable) return `No active delivery zone covers ${answer.pincode} yet.`;
  const zones = answer.zones.map((z) => `${z.name} (${z.partner}, ${z.days_min}–${z.days_max} days)`);
  return `Delivers to ${answer.pincode}: ${zones.join('; ')}.`;
}
