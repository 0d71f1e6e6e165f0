/**
 * Mail goes through a provider: the SMTP server set in Global Settings, or SMTP_URL from the
 * environment, otherwise an outbox folder (DATA_DIR/outbox) of .eml files a person can read.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { deliverySettings } from '@/lib/settings/delivery-settings.server.ts';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { config } from '@/lib/config.server.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailProvider {
  name: string;
  send(mail: Mail): Promise<void>;
}

export function outboxDir(): string {
  return join(config().dataDir, 'outbox');
}

export function outboxFileName(kind: 'mail' | 'sms', to: string, ext: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const safeTo = to.replace(/[^a-zA-Z0-9@.+-]/g, '_').slice(0, 80);
  return `${stamp}-${kind}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.${ext}`;
}

/**
 * Puts a message in the outbox folder whole: written under a hidden name, then renamed, so a person
 * (or a program) watching the folder never opens a half-written file.
 */
export function writeOutboxFile(kind: 'mail' | 'sms', to: string, ext: string, content: string | Buffer): void {
  const dir = outboxDir();
  mkdirSync(dir, { recursive: true });
  const partial = join(dir, `.writing-${randomUUID()}`);
  writeFileSync(partial, content);
  renameSync(partial, join(dir, outboxFileName(kind, to, ext)));
}

class OutboxMailProvider implements MailProvider {
  name = 'outbox';
  private transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: config().MAIL_FROM, ...mail });
    writeOutboxFile('mail', mail.to, 'eml', info.message as Buffer);
  }
}

class SmtpMailProvider implements MailProvider {
  name = 'smtp';
  private transport: ReturnType<typeof nodemailer.createTransport>;
  constructor(
    options: string | SMTPTransport.Options,
    private from: string,
  ) {
    this.transport = nodemailer.createTransport(options);
  }
  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

let outbox: OutboxMailProvider | undefined;
let fromEnvironment: SmtpMailProvider | undefined;
let fromSettings: { key: string; provider: SmtpMailProvider } | undefined;

/**
 * The provider for this message: the SMTP server chosen in Global Settings, else SMTP_URL from
 * the environment, else the outbox folder. Settings are read through a short cache (see
 * src/lib/settings/delivery-settings.server.ts), so a change reaches every app server within seconds.
 */
export async function currentMailProvider(): Promise<MailProvider> {
  const s = await deliverySettings();
  if (s.mail_provider === 'smtp' && s.smtp_host && s.smtp_port) {
    const options: SMTPTransport.Options = {
      host: s.smtp_host,
      port: Number(s.smtp_port),
      secure: s.smtp_security === 'tls',
      requireTLS: s.smtp_security === 'starttls',
      ignoreTLS: s.smtp_security === 'none',
      auth: s.smtp_username ? { user: s.smtp_username, pass: s.smtp_password ?? '' } : undefined,
    };
    const key = JSON.stringify([options, s.mail_from]);
    if (fromSettings?.key !== key) fromSettings = { key, provider: new SmtpMailProvider(options, s.mail_from || config().MAIL_FROM) };
    return fromSettings.provider;
  }
  if (config().SMTP_URL) return (fromEnvironment ??= new SmtpMailProvider(config().SMTP_URL!, config().MAIL_FROM));
  return (outbox ??= new OutboxMailProvider());
}

export function mailer(): MailProvider {
  return { name: 'current', send: async (mail) => (await currentMailProvider()).send(mail) };
}
