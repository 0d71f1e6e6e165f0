/**
 * Global settings (spec: /global-settings, permission global-settings:create): one record for the
 * whole marketplace, edited with the shared form kit. Shared by the server and the island, so it
 * imports nothing server-side. Secrets (the Twilio token, the SMTP password) are write-only:
 * the form shows whether one is saved, never its value (global-settings.server.ts).
 */
import { z } from 'zod';
import type { AreaField, FormDeclaration } from '@/lib/areas/area.ts';
import { formBoolean, percent } from '@/lib/areas/field-schemas.ts';
import { paiseSchema } from '@/lib/money/paise.schema.ts';

export const CURRENCIES = [
  { value: 'INR', label: 'Indian rupee (₹, INR)' },
  { value: 'USD', label: 'US dollar ($, USD)' },
  { value: 'EUR', label: 'Euro (€, EUR)' },
  { value: 'GBP', label: 'Pound sterling (£, GBP)' },
  { value: 'AED', label: 'UAE dirham (AED)' },
  { value: 'SGD', label: 'Singapore dollar (SGD)' },
] as const;

export const SMS_PROVIDERS = [
  { value: 'default', label: 'Server default (Twilio from the environment, or the outbox folder)' },
  { value: 'twilio', label: 'Twilio' },
] as const;

export const MAIL_PROVIDERS = [
  { value: 'default', label: 'Server default (SMTP_URL from the environment, or the outbox folder)' },
  { value: 'smtp', label: 'SMTP server' },
] as const;

export const SMTP_SECURITY = [
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'tls', label: 'TLS (usually port 465)' },
  { value: 'none', label: 'None (a relay on a private network only)' },
] as const;

/** Who carries refunds out (decision 043): a person (recorded for them to do), or Razorpay's refund API. */
export const REFUND_PROVIDERS = [
  { value: 'manual', label: 'A person (each refund is listed under Payments with what to do)' },
  { value: 'razorpay', label: 'Razorpay (refunds prepaid payments through its API)' },
] as const;

/** The fields that hold secrets: stored encrypted, never sent to the browser. */
export const SECRET_FIELDS = ['twilio_auth_token', 'smtp_password', 'razorpay_webhook_secret', 'razorpay_key_secret'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const optionalText = (max: number) => text(max).optional().default('');
const removeFlag = z.enum(['true', 'false']).optional();

export const globalSettingsSchema = z
  .strictObject({
    store_name: text(120).min(1, 'Enter the store name.'),
    support_email: text(254).pipe(z.email({ error: 'Enter an email address such as support@example.com.' })),
    support_phone: text(20).regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'Enter a phone number: digits, spaces or hyphens, e.g. +91 80 4000 1234 or 1800-123-4567.'),
    currency: z.enum(CURRENCIES.map((c) => c.value) as [string, ...string[]], { error: 'Choose a currency from the list.' }).default('INR'),
    default_commission_percent: percent.default(10),
    order_number_prefix: text(10).regex(/^[A-Z0-9][A-Z0-9-]{0,9}$/, 'Use capital letters, digits and hyphens, starting with a letter or digit (e.g. ORD-).'),
    low_stock_threshold: z.coerce
      .number({ error: 'Enter a whole number.' })
      .int('Enter a whole number.')
      .min(0, 'At least 0.')
      .max(100000, 'At most 100000.')
      .default(5),
    default_return_window_days: z.coerce
      .number({ error: 'Enter a whole number of days.' })
      .int('Enter a whole number of days.')
      .min(0, 'At least 0.')
      .max(365, 'At most 365.')
      .default(7),
    minimum_payout_rupees: z.coerce
      .number({ error: 'Enter a whole number of rupees.' })
      .int('Enter a whole number of rupees.')
      .min(1, 'At least ₹ 1.')
      .max(10_000_000, 'At most ₹ 1,00,00,000.')
      .default(500),
    /** Rupees from the form, paise from the API; stored as `delivery_charge_paise`. */
    delivery_charge: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 0 : v),
      paiseSchema('Enter the delivery charge in rupees, e.g. 49.00 (0 for free delivery).'),
    ),
    review_product_changes: formBoolean('Choose whether product changes need review.').default(false),
    sms_provider: z.enum(['default', 'twilio'], { error: 'Choose an SMS provider.' }).default('default'),
    twilio_account_sid: optionalText(34).refine(
      (v) => v === '' || /^AC[0-9a-fA-F]{32}$/.test(v),
      'A Twilio Account SID is AC followed by 32 hexadecimal characters.',
    ),
    twilio_auth_token: optionalText(128),
    twilio_auth_token_remove: removeFlag,
    twilio_from: optionalText(16).refine((v) => v === '' || /^\+[1-9][0-9]{7,14}$/.test(v), 'Use the international format, e.g. +919876543210.'),
    mail_provider: z.enum(['default', 'smtp'], { error: 'Choose a mail provider.' }).default('default'),
    smtp_host: optionalText(253).refine((v) => v === '' || /^[a-zA-Z0-9.-]+$/.test(v), 'Enter a host name such as smtp.example.com.'),
    smtp_port: z
      .union([z.literal(''), z.coerce.number().int('Enter a port number.').min(1, 'Ports go from 1 to 65535.').max(65535, 'Ports go from 1 to 65535.')])
      .optional()
      .default(''),
    smtp_security: z.enum(['starttls', 'tls', 'none'], { error: 'Choose how the connection is secured.' }).default('starttls'),
    smtp_username: optionalText(254),
    smtp_password: optionalText(256),
    smtp_password_remove: removeFlag,
    mail_from: optionalText(254).refine(
      (v) => v === '' || /^([^<>]{1,100} )?<?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(v),
      'Enter an address such as no-reply@example.com or Store <no-reply@example.com>.',
    ),
    razorpay_webhook_secret: optionalText(256),
    razorpay_webhook_secret_remove: removeFlag,
    refund_provider: z.enum(['manual', 'razorpay'], { error: 'Choose who carries refunds out.' }).default('manual'),
    razorpay_key_id: optionalText(64).refine(
      (v) => v === '' || /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/.test(v),
      'A Razorpay key id reads rzp_live_… or rzp_test_….',
    ),
    razorpay_key_secret: optionalText(256),
    razorpay_key_secret_remove: removeFlag,
    unpaid_order_expiry_minutes: z.coerce
      .number({ error: 'Enter a whole number of minutes.' })
      .int('Enter a whole number of minutes.')
      .min(5, 'At least 5 minutes (a payment by UPI or net banking takes a few).')
      .max(10_080, 'At most 10080 minutes (7 days).')
      .default(30),
  })
  .superRefine((v, ctx) => {
    const need = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (v.sms_provider === 'twilio') {
      if (!v.twilio_account_sid) need('twilio_account_sid', 'Enter the Account SID to send SMS through Twilio.');
      if (!v.twilio_from) need('twilio_from', 'Enter the number SMS are sent from.');
    }
    if (v.mail_provider === 'smtp') {
      if (!v.smtp_host) need('smtp_host', 'Enter the SMTP server to send mail through it.');
      if (v.smtp_port === '') need('smtp_port', 'Enter the SMTP port (587 for STARTTLS, 465 for TLS).');
      if (!v.mail_from) need('mail_from', 'Enter the address mail is sent from.');
    }
    if (v.refund_provider === 'razorpay' && !v.razorpay_key_id) need('razorpay_key_id', 'Enter the key id to refund through Razorpay.');
  });
export type GlobalSettingsInput = z.infer<typeof globalSettingsSchema>;

const twilio = { field: 'sms_provider', equals: 'twilio' };
const smtp = { field: 'mail_provider', equals: 'smtp' };
const razorpayRefunds = { field: 'refund_provider', equals: 'razorpay' };

const fields: AreaField[] = [
  { name: 'store_name', label: 'Store name', input: 'text', section: 'Store', placeholder: 'e.g. Bazaar India' },
  { name: 'support_email', label: 'Support email', input: 'text', inputType: 'email', placeholder: 'support@example.com' },
  { name: 'support_phone', label: 'Support phone', input: 'text', inputType: 'tel', placeholder: '+91 80 4000 1234' },
  { name: 'currency', label: 'Currency', input: 'select', options: CURRENCIES, hint: 'Prices, payouts and reports use it.' },
  {
    name: 'default_commission_percent',
    label: 'Default commission %',
    input: 'text',
    inputType: 'number',
    section: 'Orders and stock',
    hint: 'Used for earnings when neither the vendor nor the category sets one.',
  },
  { name: 'order_number_prefix', label: 'Order number prefix', input: 'text', placeholder: 'ORD-', hint: 'Order numbers read e.g. ORD-100245.' },
  {
    name: 'low_stock_threshold',
    label: 'Low-stock threshold',
    input: 'text',
    inputType: 'number',
    hint: 'A product with this many or fewer in stock is flagged.',
  },
  {
    name: 'default_return_window_days',
    label: 'Default return window (days)',
    input: 'text',
    inputType: 'number',
    hint: 'For products without a return policy. A delivered order’s earnings become payable to the vendor once the window has passed.',
  },
  {
    name: 'minimum_payout_rupees',
    label: 'Minimum Quick Withdraw (₹)',
    input: 'text',
    inputType: 'number',
    hint: 'A vendor may ask for a payout (Quick Withdraw) when their payable balance is at least this much.',
  },
  {
    name: 'delivery_charge',
    label: 'Delivery charge (₹)',
    input: 'text',
    placeholder: '0.00',
    hint: 'Charged once per order, on top of the items (0: free delivery). The marketplace’s own charge: on no vendor’s invoice; promotions may waive it.',
  },
  {
    name: 'review_product_changes',
    label: 'Review product changes',
    input: 'checkbox',
    section: 'Products',
    wide: true,
    hint: 'When on, a vendor’s change to an active product’s name, description, images or category sends it back to review. Price and stock changes never need review.',
  },
  { name: 'sms_provider', label: 'SMS provider', input: 'select', options: SMS_PROVIDERS, section: 'SMS', wide: true },
  { name: 'twilio_account_sid', label: 'Twilio Account SID', input: 'text', showWhen: twilio, placeholder: 'AC…' },
  { name: 'twilio_auth_token', label: 'Twilio auth token', input: 'secret', showWhen: twilio },
  { name: 'twilio_from', label: 'Send from (number)', input: 'text', inputType: 'tel', showWhen: twilio, placeholder: '+919876543210' },
  { name: 'mail_provider', label: 'Mail provider', input: 'select', options: MAIL_PROVIDERS, section: 'Mail', wide: true },
  { name: 'smtp_host', label: 'SMTP host', input: 'text', showWhen: smtp, placeholder: 'smtp.example.com' },
  { name: 'smtp_port', label: 'SMTP port', input: 'text', inputType: 'number', showWhen: smtp, placeholder: '587' },
  { name: 'smtp_security', label: 'Connection security', input: 'select', options: SMTP_SECURITY, showWhen: smtp },
  { name: 'smtp_username', label: 'SMTP username', input: 'text', showWhen: smtp },
  { name: 'smtp_password', label: 'SMTP password', input: 'secret', showWhen: smtp },
  { name: 'mail_from', label: 'Send mail from', input: 'text', showWhen: smtp, placeholder: 'Store <no-reply@example.com>' },
  {
    name: 'razorpay_webhook_secret',
    label: 'Razorpay webhook secret',
    input: 'secret',
    section: 'Payments',
    wide: true,
    hint: 'The secret set on the webhook in Razorpay’s dashboard, pointing at /api/webhooks/razorpay. Prepaid orders are confirmed by its payment.captured events.',
  },
  { name: 'refund_provider', label: 'Refunds carried out by', input: 'select', options: REFUND_PROVIDERS, wide: true },
  { name: 'razorpay_key_id', label: 'Razorpay key id', input: 'text', showWhen: razorpayRefunds, placeholder: 'rzp_live_…' },
  { name: 'razorpay_key_secret', label: 'Razorpay key secret', input: 'secret', showWhen: razorpayRefunds },
  {
    name: 'unpaid_order_expiry_minutes',
    label: 'Unpaid prepaid orders expire after (minutes)',
    input: 'text',
    inputType: 'number',
    hint: 'A prepaid order whose payment the gateway has not captured by then is cancelled and its stock released. A payment captured later is recorded and listed as a refund to make.',
  },
];

export const globalSettingsForm: FormDeclaration = {
  key: 'global-settings',
  label: 'Global Settings',
  singular: 'Settings',
  titleField: 'store_name',
  schema: globalSettingsSchema as unknown as z.ZodObject,
  fields,
  paths: { list: '/global-settings' },
  submit: { url: '/api/global-settings', method: 'PUT' },
};
