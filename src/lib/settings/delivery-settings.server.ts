/**
 * How mail and SMS are sent, as chosen in Global Settings (src/features/global-settings), with the
 * secrets opened. Read through a 15-second cache: a provider is looked up for every message, and
 * a change made on one app server reaches the others within that time (the saving server forgets
 * its copy at once).
 */
import { eq } from 'drizzle-orm';
import { db } from '@/lib/boot.server.ts';
import { settings } from '@/lib/db/schema.ts';
import { open } from '@/lib/security/secret-box.server.ts';

export interface DeliverySettings {
  sms_provider: 'default' | 'twilio';
  twilio_account_sid: string;
  twilio_auth_token?: string;
  twilio_from: string;
  mail_provider: 'default' | 'smtp';
  smtp_host: string;
  smtp_port: number | '';
  smtp_security: 'starttls' | 'tls' | 'none';
  smtp_username: string;
  smtp_password?: string;
  mail_from: string;
}

const TTL_MS = 15_000;
let cached: { at: number; value: DeliverySettings } | undefined;

export async function deliverySettings(): Promise<DeliverySettings> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const [row] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, 'global')).limit(1);
  const stored = (row?.value ?? {}) as { values?: Partial<DeliverySettings>; secrets?: Record<string, string> };
  const v = stored.values ?? {};
  const value: DeliverySettings = {
    sms_provider: v.sms_provider === 'twilio' ? 'twilio' : 'default',
    twilio_account_sid: v.twilio_account_sid ?? '',
    twilio_auth_token: open(stored.secrets?.twilio_auth_token) ?? undefined,
    twilio_from: v.twilio_from ?? '',
    mail_provider: v.mail_provider === 'smtp' ? 'smtp' : 'default',
    smtp_host: v.smtp_host ?? '',
    smtp_port: v.smtp_port ?? '',
    smtp_security: v.smtp_security ?? 'starttls',
    smtp_username: v.smtp_username ?? '',
    smtp_password: open(stored.secrets?.smtp_password) ?? undefined,
    mail_from: v.mail_from ?? '',
  };
  cached = { at: Date.now(), value };
  return value;
}

/** After a save on this server: the next message uses the new settings. */
export function forgetDeliverySettings(): void {
  cached = undefined;
}
