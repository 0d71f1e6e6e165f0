/**
 * What the stock screens and their API take: an adjustment, a new low-stock threshold, and a
 * variant's first level in another warehouse. One schema each, for the page's own forms (text) and
 * the JSON API (numbers) alike. No server imports.
 */
import { z } from 'zod';
import { recordId, version } from '../../lib/http/integers.ts';

/** Reasons a person gives for changing stock by hand (the ledger's kinds for adjustments). */
export const ADJUSTMENT_REASONS = [
  { value: 'received', label: 'Received' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'correction', label: 'Correction' },
  { value: 'returned', label: 'Returned' },
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]['value'];

/** The largest quantity one call may move (an int4 column must never overflow). */
export const MAX_STOCK_QUANTITY = 1_000_000;
/** The highest low-stock threshold (a level holds at most a thousand million units). */
export const MAX_THRESHOLD = 1_000_000;
export const MAX_NOTE_LENGTH = 500;

const DELTA_MESSAGE = `Enter a change other than 0, at most ${MAX_STOCK_QUANTITY.toLocaleString('en-IN')} either way (−5 removes five units).`;
const THRESHOLD_MESSAGE = `Enter a whole number from 0 to ${MAX_THRESHOLD.toLocaleString('en-IN')}.`;

/** A form's text or an API client's number; "+10" and "−3" (the minus sign people type) read as numbers. */
const wholeNumber = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim().replace(/^\u2212/, '-') : v), z.coerce.number({ error: message }).int(message));

export const adjustmentSchema = z.strictObject({
  version: version(),
  reason: z.enum(
    ADJUSTMENT_REASONS.map((r) => r.value),
    { error: 'Choose a reason: received, damaged, correction or returned.' },
  ),
  delta: wholeNumber(DELTA_MESSAGE).refine((n) => n !== 0 && Math.abs(n) <= MAX_STOCK_QUANTITY, DELTA_MESSAGE),
  note: z
    .string({ error: 'The note must be text.' })
    .trim()
    .max(MAX_NOTE_LENGTH, `Keep the note to ${MAX_NOTE_LENGTH} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

export const thresholdSchema = z.strictObject({
  version: version(),
  low_stock_threshold: wholeNumber(THRESHOLD_MESSAGE).refine((n) => n >= 0 && n <= MAX_THRESHOLD, THRESHOLD_MESSAGE),
});
export type ThresholdInput = z.infer<typeof thresholdSchema>;

export const startStockingSchema = z.strictObject({
  variant_id: recordId('Choose the variant to stock.'),
  warehouse_id: recordId('Choose a warehouse.'),
});
export type StartStockingInput = z.infer<typeof startStockingSchema>;

/** A level's history: newest first, a page at a time. */
export const MOVEMENTS_PER_PAGE = 20;
