/**
 * The current-user object of `GET /api/user` (spec §3, §7), also used by the app shell.
 * While impersonating it describes the impersonated user; `impersonator` is the real one.
 */
import type { Db } from '@/lib/db/client.server.ts';
import { unreadNotificationCount } from '@/lib/notifications/unread.server.ts';
import { isVendorProfileComplete } from '@/lib/auth/principal.server.ts';
import { sms, type SmsBalance } from '@/lib/sms/sms.server.ts';

export interface CurrentUser {
  id: number;
  name: string;
  first_name: string;
  email: string;
  phone: string | null;
  phone_verified_at: string | null;
  vendor_onboarding_completed_at: string | null;
  user_type: 'staff' | 'vendor';
  vendor_id: number | null;
  vendor_profile_complete: boolean;
  avatar_url: string | null;
  abilities: string[];
  sms_balance: SmsBalance;
  unread_notification_count: number;
  /** Set while an administrator is acting as this user. */
  impersonator: { id: number; name: string; email: string } | null;
}

/** `unread`: the count when the caller has read it already (the shell, with its other counts). */
export async function currentUser(db: Db, locals: App.Locals, counted?: { unread: number }): Promise<CurrentUser> {
  const p = locals.principal!;
  const real = locals.realPrincipal!;
  const u = p.user;
  const canSeeBalance = locals.can('twilio:balance');
  const [balance, unread] = await Promise.all([
    canSeeBalance ? sms().balance(db) : Promise.resolve({ balance: 0, currency: 'INR' }),
    counted ? counted.unread : unreadNotificationCount(db, u.id),
  ]);
  return {
    id: u.id,
    name: u.name,
    first_name: u.name.trim().split(/\s+/)[0] || 'Anonymous',
    email: u.email,
    phone: u.phone,
    phone_verified_at: u.phoneVerifiedAt?.toISOString() ?? null,
    vendor_onboarding_completed_at: u.vendorOnboardingCompletedAt?.toISOString() ?? null,
    user_type: u.userType as 'staff' | 'vendor',
    vendor_id: u.vendorId,
    vendor_profile_complete: isVendorProfileComplete(p),
    avatar_url: u.avatarPath ? `/uploads/${u.avatarPath}` : null,
    abilities: p.abilities,
    sms_balance: balance,
    unread_notification_count: unread,
    impersonator: locals.session?.impersonatedUserId ? { id: real.user.id, name: real.user.name, email: real.user.email } : null,
  };
}
