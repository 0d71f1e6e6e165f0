/**
 * Global Settings' money defaults (src/features/global-settings), read where the ledger needs them:
 * the store's default commission (when neither a rule, the vendor nor the category sets one) and
 * the return window of products without a return policy, the Quick Withdraw minimum and the
 * delivery charge of an order. Read in the caller's transaction,
 * uncached: one primary-key row, read once per order placed, and a change applies to the next order
 * on every server.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.server.ts';
import { settings } from '../db/schema.ts';
import { percentToBasisPoints } from '../money/gst.ts';

/** The defaults of a store whose settings were never saved (global-settings.server.ts DEFAULT_SETTINGS). */
const DEFAULT_COMMISSION_PERCENT = 10;
const DEFAULT_RETURN_WINDOW_DAYS = 7;
const DEFAULT_MINIMUM_PAYOUT_RUPEES = 500;

export interface MoneySettings {
  defaultCommissionBp: number;
  defaultReturnWindowDays: number;
  /** Quick Withdraw's least amount (paise). */
  minimumPayoutPaise: number;
  /** The delivery charge, once per order (paise; 0: free delivery). */
  deliveryChargePaise: number;
}

export async function moneySettings(db: DbOrTx): Promise<MoneySettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'global')).limit(1);
  const values = (
    row?.value as
      | {
          values?: {
            default_commission_percent?: unknown;
            default_return_window_days?: unknown;
            minimum_payout_rupees?: unknown;
            delivery_charge_paise?: unknown;
          };
        }
      | undefined
  )?.values;
  const percent = Number(values?.default_commission_percent ?? DEFAULT_COMMISSION_PERCENT);
  const days = Number(values?.default_return_window_days ?? DEFAULT_RETURN_WINDOW_DAYS);
  const minimum = Number(values?.minimum_payout_rupees ?? DEFAULT_MINIMUM_PAYOUT_RUPEES);
  const delivery = Number(values?.delivery_charge_paise ?? 0);
  return {
    defaultCommissionBp:
      Number.isFinite(percent) && percent >= 0 && percent <= 100 ? percentToBasisPoints(percent) : percentToBasisPoints(DEFAULT_COMMISSION_PERCENT),
    defaultReturnWindowDays: Number.isInteger(days) && days >= 0 && days <= 365 ? days : DEFAULT_RETURN_WINDOW_DAYS,
    minimumPayoutPaise: (Number.isInteger(minimum) && minimum >= 1 ? minimum : DEFAULT_MINIMUM_PAYOUT_RUPEES) * 100,
    deliveryChargePaise: Number.isSafeInteger(delivery) && delivery >= 0 ? delivery : 0,
  };
}
