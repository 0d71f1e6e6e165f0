/**
 * The kinds of notification a person can choose about (their preferences on /profile): every
 * notification is shown in the back-office (the bell and /notifications); each kind may also be
 * mailed. `mailByDefault` is what applies until the person chooses. Shared by the server and the
 * profile page; no server imports.
 *
 * A notification's `type` (dotted, e.g. `vendor.approve`) belongs to one kind (`kindOfType`). A new
 * notification type joins an existing kind by its prefix, or adds a kind here.
 */
import { z } from 'zod';

export interface NotificationKind {
  key: string;
  label: string;
  description: string;
  /** Who receives this kind: the preferences form shows only the kinds an account can get. */
  audience: 'staff' | 'vendor' | 'all';
  mailByDefault: boolean;
}

export const NOTIFICATION_KINDS = [
  {
    key: 'security',
    label: 'Account security',
    description: 'A sign-in from a new device, a password change, an administrator acting as you.',
    audience: 'all',
    mailByDefault: false,
  },
  {
    key: 'approvals',
    label: 'Waiting for approval',
    description: 'A vendor or a product submitted for review.',
    audience: 'staff',
    mailByDefault: false,
  },
  {
    key: 'settings',
    label: 'Global settings',
    description: 'A change to the global settings.',
    audience: 'staff',
    mailByDefault: false,
  },
  {
    key: 'store',
    label: 'Your store',
    description: 'Your store approved, not approved, suspended or active again.',
    audience: 'vendor',
    mailByDefault: true,
  },
  {
    key: 'products',
    label: 'Your products',
    description: 'A product approved or not approved.',
    audience: 'vendor',
    mailByDefault: true,
  },
  {
    key: 'payouts',
    label: 'Your payouts',
    description: 'A payout paid (with the bank reference), not approved, failed or returned.',
    audience: 'vendor',
    mailByDefault: true,
  },
  {
    key: 'orders',
    label: 'Orders',
    description: 'A new order, an order cancelled or returned, a payment that came after an order was cancelled.',
    audience: 'all',
    mailByDefault: false,
  },
  {
    key: 'imports',
    label: 'Bulk imports',
    description: 'A product import finished or failed.',
    audience: 'all',
    mailByDefault: false,
  },
] as const satisfies readonly NotificationKind[];

export type NotificationKindKey = (typeof NOTIFICATION_KINDS)[number]['key'];

const KIND_KEYS = NOTIFICATION_KINDS.map((k) => k.key) as [NotificationKindKey, ...NotificationKindKey[]];

/** Types whose kind is not their prefix's. */
const BY_TYPE: Record<string, NotificationKindKey> = {
  'vendor.pending': 'approvals',
  'product.pending': 'approvals',
};
const BY_PREFIX: Record<string, NotificationKindKey> = {
  security: 'security',
  settings: 'settings',
  vendor: 'store',
  product: 'products',
  import: 'imports',
  payout: 'payouts',
  orders: 'orders',
};

/** The kind a notification type belongs to (an unknown type is a security notice: never silently dropped from mail choices). */
export function kindOfType(type: string): NotificationKindKey {
  return BY_TYPE[type] ?? BY_PREFIX[type.split('.')[0]!] ?? 'security';
}

/** The kinds an account of this type can receive. */
export function kindsFor(userType: 'staff' | 'vendor' | string): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((k) => k.audience === 'all' || k.audience === userType);
}

/**
 * The preferences form and `PUT /api/user/notification-preferences`: the kinds to mail (every other
 * kind is shown in the back-office only). A form sends `mail[]` checkboxes; JSON sends `mail: [...]`.
 */
export const notificationPreferencesSchema = z
  .object({
    mail: z
      .array(z.enum(KIND_KEYS, { error: `Choose among: ${KIND_KEYS.join(', ')}.` }))
      .max(KIND_KEYS.length)
      .default([]),
  })
  .strict();

export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;
