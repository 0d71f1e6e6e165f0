/**
 * SMS goes through a provider: Twilio when TWILIO_* is set, otherwise the outbox folder.
 * The top bar's SMS credit comes from the provider: Twilio's account balance, or for the
 * outbox the credit kept in settings (`sms.balance`), which each message spends.
 */
import { eq, sql } from 'drizzle-orm';
import { config } from '@/lib/config.server.ts';
import { deliverySettings } from '@/lib/settings/delivery-settings.server.ts';
import { writeOutboxFile } from '@/lib/mail/mailer.server.ts';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { settings } from '@/lib/db/schema.ts';

export interface SmsBalance {
  balance: number;
  currency: string;
}

export interface SmsProvider {
  name: string;
  send(db: DbOrTx, to: string, body: string): Promise<void>;
  balance(db: DbOrTx): Promise<SmsBalance>;
}

const OUTBOX_COST_PER_SMS = 0.25;

class OutboxSmsProvider implements SmsProvider {
  name = 'outbox';
  async send(db: DbOrTx, to: string, body: string): Promise<void> {
    writeOutboxFile('sms', to, 'txt', `To: ${to}\nDate: ${new Date().toISOString()}\n\n${body}\n`);
    await db.execute(
      sql`update settings set value = jsonb_set(value, '{balance}', to_jsonb(round(greatest(0, (value->>'balance')::numeric - ${OUTBOX_COST_PER_SMS}), 2))), updated_at = now() where key = 'sms.balance'`,
    );
  }
  async balance(db: DbOrTx): Promise<SmsBalance> {
    const [row] = await db.select().from(settings).where(eq(settings.key, 'sms.balance')).limit(1);
    const v = (row?.value ?? {}) as Partial<SmsBalance>;
    return { balance: Number(v.balance ?? 0), currency: String(v.currency ?? 'INR') };
  }
}

interface TwilioAccount {
  sid: string;
  token: string;
  from: string;
}

class TwilioSmsProvider implements SmsProvider {
  name = 'twilio';
  private cache: { at: number; value: SmsBalance } | undefined;
  constructor(private account: TwilioAccount) {}
  private get auth() {
    return 'Basic ' + Buffer.from(`${this.account.sid}:${this.account.token}`).toString('base64');
  }
  async send(_db: DbOrTx, to: string, body: string): Promise<void> {
    const res = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${this.account.sid}/Messages.json`, {
      method: 'POST',
      headers: { authorization: this.auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: to, From: this.account.from, Body: body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`Twilio answered ${res.status}`);
  }
  async balance(): Promise<SmsBalance> {
    if (this.cache && Date.now() - this.cache.at < 300_000) return this.cache.value;
    try {
      const res = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${this.account.sid}/Balance.json`, {
        headers: { authorization: this.auth },
        signal: AbortSignal.timeout(3_000),
      });
      const body = (await res.json()) as { balance?: string; currency?: string };
      const value = { balance: Number(body.balance ?? 0), currency: String(body.currency ?? 'USD') };
      this.cache = { at: Date.now(), value };
      return value;
    } catch {
      return this.cache?.value ?? { balance: 0, currency: 'USD' };
    }
  }
}

let outbox: OutboxSmsProvider | undefined;
let twilio: { key: string; provider: TwilioSmsProvider } | undefined;

/** Twilio as set in Global Settings, else TWILIO_* from the environment, else the outbox folder. */
export async function currentSmsProvider(): Promise<SmsProvider> {
  const s = await deliverySettings();
  const c = config();
  const account: TwilioAccount | null =
    s.sms_provider === 'twilio' && s.twilio_account_sid && s.twilio_auth_token
      ? { sid: s.twilio_account_sid, token: s.twilio_auth_token, from: s.twilio_from }
      : c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN
        ? { sid: c.TWILIO_ACCOUNT_SID, token: c.TWILIO_AUTH_TOKEN, from: c.TWILIO_FROM ?? '' }
        : null;
  if (!account) return (outbox ??= new OutboxSmsProvider());
  const key = JSON.stringify(account);
  if (twilio?.key !== key) twilio = { key, provider: new TwilioSmsProvider(account) };
  return twilio.provider;
}

export function sms(): SmsProvider {
  return {
    name: 'current',
    send: async (db, to, body) => (await currentSmsProvider()).send(db, to, body),
    balance: async (db) => (await currentSmsProvider()).balance(db),
  };
}
