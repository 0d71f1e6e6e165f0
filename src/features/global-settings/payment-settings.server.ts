/**
 * What the payment webhook and the refund providers need from Global settings (decisions 042–043),
 * secrets opened. Read afresh each time (a webhook or a refund is rare enough). Relative imports
 * only: the demo data, which Node loads directly, pays its orders through the webhook's code.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db/client.server.ts';
import { settings } from '../../lib/db/schema.ts';
import { open } from '../../lib/security/secret-box.server.ts';

export interface PaymentSettings {
  razorpayWebhookSecret: string | null;
  refundProvider: 'manual' | 'razorpay';
  razorpayKeyId: string;
  razorpayKeySecret: string | null;
  /** A prepaid order not paid within this many minutes of placing is cancelled (src/app/payments/unpaid-expiry.server.ts). */
  unpaidOrderExpiryMinutes: number;
}

/** The default of Global settings' "Unpaid prepaid orders expire after (minutes)". */
export const DEFAULT_UNPAID_ORDER_EXPIRY_MINUTES = 30;

export async function paymentSettings(db: DbOrTx): Promise<PaymentSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'global')).limit(1);
  const stored = (row?.value ?? {}) as {
    values?: { refund_provider?: string; razorpay_key_id?: string; unpaid_order_expiry_minutes?: number };
    secrets?: Record<string, string>;
  };
  return {
    razorpayWebhookSecret: open(stored.secrets?.razorpay_webhook_secret) ?? null,
    refundProvider: stored.values?.refund_provider === 'razorpay' ? 'razorpay' : 'manual',
    razorpayKeyId: stored.values?.razorpay_key_id ?? '',
    razorpayKeySecret: open(stored.secrets?.razorpay_key_secret) ?? null,
    unpaidOrderExpiryMinutes: Number(stored.values?.unpaid_order_expiry_minutes) || DEFAULT_UNPAID_ORDER_EXPIRY_MINUTES,
  };
}
