/**
 * The ledger's entry types as people read them (the list's Type column, statements, reversal notes).
 * Relative imports only: the demo seed loads it under Node (scripts/node-loaded-files.mjs).
 */
import type { EntryType } from './earnings.tables.ts';

export const ENTRY_TYPE_OPTIONS: readonly { value: EntryType; label: string }[] = [
  { value: 'sale', label: 'Sale' },
  { value: 'platform_discount', label: 'Discount paid by the platform' },
  { value: 'commission', label: 'Commission' },
  { value: 'commission_gst', label: 'GST on commission' },
  { value: 'tcs', label: 'TCS withheld' },
  { value: 'tds', label: 'TDS withheld' },
  { value: 'refund_reversal', label: 'Refund reversal' },
  { value: 'shipping_fee', label: 'Shipping fee' },
  { value: 'adjustment', label: 'Adjustment' },
  { value: 'payout', label: 'Payout' },
];

export const entryTypeLabel = (type: string): string => ENTRY_TYPE_OPTIONS.find((t) => t.value === type)?.label ?? type;
