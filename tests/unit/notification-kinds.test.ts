/**
 * Every notification type the product sends belongs to a kind a person can choose about on /profile
 * (src/lib/notifications/kinds.ts), offered to the accounts that receive it; and the preferences'
 * schema takes only kinds.
 */
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, kindOfType, kindsFor, notificationPreferencesSchema } from '../../src/lib/notifications/kinds.ts';

const SENT: [type: string, kind: string, to: 'staff' | 'vendor' | 'all'][] = [
  ['security.new-device', 'security', 'all'],
  ['security.password-changed', 'security', 'all'],
  ['security.impersonation', 'security', 'all'],
  ['settings.changed', 'settings', 'staff'],
  ['vendor.pending', 'approvals', 'staff'],
  ['product.pending', 'approvals', 'staff'],
  ['vendor.submit', 'store', 'vendor'],
  ['vendor.approve', 'store', 'vendor'],
  ['vendor.reject', 'store', 'vendor'],
  ['vendor.suspend', 'store', 'vendor'],
  ['vendor.reinstate', 'store', 'vendor'],
  ['product.approve', 'products', 'vendor'],
  ['product.reject', 'products', 'vendor'],
  ['import.finished', 'imports', 'all'],
  ['import.failed', 'imports', 'all'],
  ['payout.paid', 'payouts', 'vendor'],
  ['payout.rejected', 'payouts', 'vendor'],
  ['payout.failed', 'payouts', 'vendor'],
  ['payout.returned', 'payouts', 'vendor'],
  ['orders.placed', 'orders', 'all'],
  ['orders.cancel', 'orders', 'all'],
  ['orders.paid_after_cancel', 'orders', 'staff'],
];

describe('notification kinds', () => {
  it.each(SENT)('%s is a “%s” notification, offered to its recipients', (type, kind, to) => {
    expect(kindOfType(type)).toBe(kind);
    for (const userType of to === 'all' ? ['staff', 'vendor'] : [to]) expect(kindsFor(userType).map((k) => k.key)).toContain(kind);
  });

  it('an unknown type counts as account security (never dropped from the choices)', () => {
    expect(kindOfType('something.new')).toBe('security');
  });

  it('keys are unique, and only decisions on a vendor’s store, products and payouts are mailed by default', () => {
    const keys = NOTIFICATION_KINDS.map((k) => k.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(NOTIFICATION_KINDS.filter((k) => k.mailByDefault).map((k) => k.key)).toEqual(['store', 'products', 'payouts']);
  });

  it('the preferences schema takes a list of kinds, nothing else', () => {
    expect(notificationPreferencesSchema.parse({})).toEqual({ mail: [] });
    expect(notificationPreferencesSchema.parse({ mail: ['store', 'security'] })).toEqual({ mail: ['store', 'security'] });
    for (const bad of [{ mail: 'store' }, { mail: ['nope'] }, { mail: ['store'], other: 1 }, { mail: Array(20).fill('store') }]) {
      expect(notificationPreferencesSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
