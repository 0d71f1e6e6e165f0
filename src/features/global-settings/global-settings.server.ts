/**
 * Global settings on the server: one row (`settings.key = 'global'`) holding the values, a version
 * for optimistic locking, and the secrets sealed (secret-box). The browser gets `<secret>_set`
 * booleans, never a secret. A save writes the activity log (secrets as "[hidden]") and notifies
 * every Super Admin, in one transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import { settings } from '@/lib/db/schema.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { conflict, invalid } from '@/lib/http/errors.ts';
import { open, seal } from '@/lib/security/secret-box.server.ts';
import { notifyRole } from '@/lib/notifications/notify.server.ts';
import { forgetDeliverySettings } from '@/lib/settings/delivery-settings.server.ts';
import { DEFAULT_UNPAID_ORDER_EXPIRY_MINUTES } from './payment-settings.server.ts';
import { SECRET_FIELDS, type GlobalSettingsInput, type SecretField } from './global-settings.form.ts';

const KEY = 'global';

/** The delivery charge is kept in paise (`delivery_charge_paise`); the form shows it in rupees. */
type StoredValues = Omit<GlobalSettingsInput, SecretField | `${SecretField}_remove` | 'delivery_charge'> & { delivery_charge_paise: number };
interface Stored {
  version: number;
  values: StoredValues;
  /** Sealed secrets. */
  secrets: Partial<Record<SecretField, string>>;
  updated_at: string;
}

export const DEFAULT_SETTINGS: StoredValues = {
  store_name: 'Marketplace Back-office',
  support_email: 'support@example.com',
  support_phone: '1800-123-4567',
  currency: 'INR',
  default_commission_percent: 10,
  order_number_prefix: 'ORD-',
  low_stock_threshold: 5,
  default_return_window_days: 7,
  minimum_payout_rupees: 500,
  delivery_charge_paise: 0,
  review_product_changes: false,
  sms_provider: 'default',
  twilio_account_sid: '',
  twilio_from: '',
  mail_provider: 'default',
  smtp_host: '',
  smtp_port: '',
  smtp_security: 'starttls',
  smtp_username: '',
  mail_from: '',
  refund_provider: 'manual',
  razorpay_key_id: '',
  unpaid_order_expiry_minutes: DEFAULT_UNPAID_ORDER_EXPIRY_MINUTES,
};

async function readStored(db: DbOrTx, lock = false): Promise<Stored> {
  const query = db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  const v = (row?.value ?? {}) as Partial<Stored>;
  return {
    version: Number(v.version ?? 1),
    values: { ...DEFAULT_SETTINGS, ...(v.values ?? {}) },
    secrets: v.secrets ?? {},
    updated_at: (row?.updatedAt ?? new Date(0)).toISOString(),
  };
}

/** What the API and the page show: values, whether each secret is saved, the version. */
export type GlobalSettingsView = Omit<StoredValues, 'delivery_charge_paise'> &
  Record<`${SecretField}_set`, boolean> & { id: 1; version: number; updated_at: string; delivery_charge: string };

function view(stored: Stored): GlobalSettingsView {
  const secretsSet = Object.fromEntries(SECRET_FIELDS.map((f) => [`${f}_set`, Boolean(open(stored.secrets[f]))])) as Record<`${SecretField}_set`, boolean>;
  // The delivery charge as the form shows and takes it: rupees as text (a JSON number sent back is paise).
  const { delivery_charge_paise: deliveryCharge, ...values } = stored.values;
  return {
    id: 1,
    ...values,
    delivery_charge: (Number(deliveryCharge ?? 0) / 100).toFixed(2),
    ...secretsSet,
    version: stored.version,
    updated_at: stored.updated_at,
  };
}

export async function getGlobalSettings(db: DbOrTx): Promise<GlobalSettingsView> {
  return view(await readStored(db));
}

export async function saveGlobalSettings(db: Db, actor: Actor, version: number, input: GlobalSettingsInput): Promise<GlobalSettingsView> {
  const saved = await db.transaction(async (tx) => {
    const before = await readStored(tx, true);
    if (before.version !== version) {
      throw conflict('The settings were changed by someone else after you opened them. Reload to see their changes; what you typed is kept until you do.');
    }
    const {
      twilio_auth_token,
      twilio_auth_token_remove,
      smtp_password,
      smtp_password_remove,
      razorpay_webhook_secret,
      razorpay_webhook_secret_remove,
      razorpay_key_secret,
      razorpay_key_secret_remove,
      delivery_charge,
      ...rest
    } = input;
    const values: StoredValues = { ...rest, delivery_charge_paise: delivery_charge };
    const given: Record<SecretField, { value: string; remove: boolean }> = {
      twilio_auth_token: { value: twilio_auth_token, remove: twilio_auth_token_remove === 'true' },
      smtp_password: { value: smtp_password, remove: smtp_password_remove === 'true' },
      razorpay_webhook_secret: { value: razorpay_webhook_secret, remove: razorpay_webhook_secret_remove === 'true' },
      razorpay_key_secret: { value: razorpay_key_secret, remove: razorpay_key_secret_remove === 'true' },
    };
    const secrets = { ...before.secrets };
    for (const field of SECRET_FIELDS) {
      if (given[field].value) secrets[field] = seal(given[field].value);
      else if (given[field].remove) delete secrets[field];
    }
    const hasSecret = (f: SecretField) => Boolean(open(secrets[f]));
    const errors: Record<string, string[]> = {};
    if (values.sms_provider === 'twilio' && !hasSecret('twilio_auth_token')) errors.twilio_auth_token = ['Enter the auth token to send SMS through Twilio.'];
    if (values.mail_provider === 'smtp' && values.smtp_username && !hasSecret('smtp_password'))
      errors.smtp_password = ['Enter the password for this SMTP username.'];
    if (values.refund_provider === 'razorpay' && !hasSecret('razorpay_key_secret'))
      errors.razorpay_key_secret = ['Enter the key secret to refund through Razorpay.'];
    if (Object.keys(errors).length) throw invalid(errors);

    const after: Stored = { version: before.version + 1, values, secrets, updated_at: new Date().toISOString() };
    await tx
      .insert(settings)
      .values({ key: KEY, value: after, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedAt: sql`now()` } });

    // The log says a secret changed, never what it is.
    const secretState = (s: Stored) => Object.fromEntries(SECRET_FIELDS.map((f) => [f, s.secrets[f] ? '[hidden]' : null]));
    const changedSecrets = SECRET_FIELDS.filter((f) => before.secrets[f] !== secrets[f]);
    const changes = Object.fromEntries(
      Object.entries(values)
        .filter(([k, v]) => JSON.stringify(before.values[k as keyof StoredValues]) !== JSON.stringify(v))
        .map(([k, v]) => [k, [before.values[k as keyof StoredValues] ?? null, v] as [unknown, unknown]]),
    );
    for (const f of changedSecrets) changes[f] = [secretState(before)[f], secrets[f] ? '[hidden, changed]' : null];
    await logActivity(tx, actor, { area: 'global-settings', action: 'update', recordId: KEY, changes });

    if (Object.keys(changes).length) {
      const names = Object.keys(changes).map((k) => k.replace(/_/g, ' '));
      await notifyRole(tx, 'Super Admin', {
        type: 'settings.changed',
        title: 'Global settings were changed',
        body: `Changed: ${names.slice(0, 6).join(', ')}${names.length > 6 ? ` and ${names.length - 6} more` : ''}.`,
        link: '/global-settings',
      });
    }
    return after;
  });
  forgetDeliverySettings();
  return view(saved);
}
