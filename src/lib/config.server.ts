/**
 * Configuration comes from the environment only, and is checked once at start.
 * A bad value stops the process with a message that names the variable.
 */
import { z } from 'zod';
import proxyAddr from 'proxy-addr';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/**
 * Which reverse proxies may tell us the client's address (X-Forwarded-For) and scheme
 * (X-Forwarded-Proto):
 *   false / 0 / no        none (the default): the socket's peer is the client;
 *   true / yes / 1 / N    the N hops nearest the server are proxies (true is 1: one proxy in front);
 *   a list of addresses   loopback, linklocal, uniquelocal, IPs and CIDRs (10.0.0.0/8, ::1/128):
 *                         the client is the nearest address that is none of them.
 * Never "trust everything": the leftmost X-Forwarded-For entry is whatever the client wrote.
 */
export type TrustProxy = false | number | string[];
const trustProxy = z
  .string()
  .trim()
  .transform((raw, ctx): TrustProxy => {
    const lower = raw.toLowerCase();
    if (['false', 'no', '0'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(lower)) return Math.min(Number(lower), 32);
    const list = raw
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    try {
      // proxy-addr's own parser: throws on anything that is not a known name, an IP or a CIDR.
      proxyAddr.compile(list);
      return list;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses (loopback, uniquelocal, 10.0.0.0/8, …)',
      });
      return z.NEVER;
    }
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The key data is encrypted with at rest (TOTP secrets, bank accounts): src/lib/security/encryption.server.ts. */
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The address people use to reach the back-office (https://admin.example.com): links in mail are
   * built from it. Unset, they use the address the server listens on (HOST and PORT), never a
   * request's Host header.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  /** Where the server listens (read by the Node adapter too). */
  HOST: z.string().trim().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sessions end after this much inactivity… */
  SESSION_IDLE_MINUTES: positiveInt.default(120),
  /** …and after this long, whatever the activity. */
  SESSION_MAX_HOURS: positiveInt.default(12),
  /** A session's last-seen time is written at most this often (a write per signed-in person per interval). */
  SESSION_TOUCH_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /**
   * How long a process may reuse who a session belongs to (user, roles, permissions) without asking
   * the database; 0 = ask every time. Bounds how late a change made by another app server is seen.
   */
  PERMISSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: positiveInt.default(5),
  LOGIN_MAX_ATTEMPTS_PER_IP: positiveInt.default(30),
  LOGIN_WINDOW_SECONDS: positiveInt.default(900),
  /** Reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed: see `trustProxy` above. */
  TRUST_PROXY: trustProxy.default(false),
  MAX_BODY_BYTES: positiveInt.default(1_048_576),
  MAX_UPLOAD_BYTES: positiveInt.default(2_097_152),
  /** A bulk import file (CSV or XLSX), streamed to disk under DATA_DIR/uploads/imports: its own limit, far above other uploads'. */
  MAX_IMPORT_BYTES: positiveInt.default(104_857_600),
  /**
   * A running import job whose server has not said it is alive for this long is taken over by another
   * server (or this one after a restart) and resumed after its last committed batch.
   */
  IMPORT_STALL_SECONDS: positiveInt.max(3600).default(60),
  /**
   * Addresses (IPs or CIDRs, comma-separated) the import may fetch images from although they are not
   * public internet addresses (an internal image host). Empty: only public addresses are fetched.
   */
  IMPORT_IMAGE_ALLOWED_IPS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'must list IP addresses or CIDR ranges, comma-separated' }))),
  /**
   * Realtime event streams (/api/events): a comment line this often keeps proxies from closing an
   * idle stream, and each stream's session is checked as often (an expired one closes it).
   */
  REALTIME_HEARTBEAT_SECONDS: positiveInt.max(300).default(20),
  /**
   * How often each server looks whether a payout cycle (weekly on Mondays, fortnightly on the 1st and
   * 16th, monthly on the 1st, IST) has a new date to make payouts for; one server does it (docs/money.md).
   */
  PAYOUT_SCHEDULE_SECONDS: positiveInt.max(86_400).default(300),
  /**
   * How often each server looks for prepaid orders not paid within Global settings' window, to cancel
   * them (their stock goes back); one server cancels each (docs/orders.md "Payments", decision 059).
   * 0: this server never looks (another does; the test servers, except the expiry's own tests).
   */
  UNPAID_EXPIRY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /**
   * Tests only: a file holding an ISO instant the server takes as "now" for money (placing, moves,
   * what is payable): src/lib/time/clock.server.ts. Never set in production.
   */
  TEST_CLOCK_FILE: z.string().min(1).optional(),
  MAIL_FROM: z.string().default('Marketplace Back-office <no-reply@localhost>'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
});

export type AppConfig = z.infer<typeof envSchema> & {
  dataDir: string;
  sessionSecret: string;
  encryptionKey: string;
  driver: 'pglite' | 'postgres';
  demoData: boolean;
};

export class ConfigError extends Error {}

/** Parses an environment; throws ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Omit<AppConfig, 'sessionSecret' | 'encryptionKey'> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = result.data;
  const driver = c.DATABASE_URL ? 'postgres' : 'pglite';
  // Embedded databases are seeded by default; a real PostgreSQL only when asked.
  const demoData = c.DEMO_DATA ?? driver === 'pglite';
  return { ...c, dataDir: resolve(c.DATA_DIR), driver, demoData };
}

/**
 * A secret is generated once and kept in DATA_DIR when not given, so restarts keep sessions valid
 * (`session-secret`) and encrypted values readable (`encryption-key`).
 */
function loadOrCreateSecret(dataDir: string, name = 'session-secret'): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

let cached: AppConfig | undefined;

export function config(): AppConfig {
  if (cached) return cached;
  const base = parseConfig(process.env);
  cached = {
    ...base,
    sessionSecret: base.SESSION_SECRET ?? loadOrCreateSecret(base.dataDir),
    encryptionKey: base.ENCRYPTION_KEY ?? loadOrCreateSecret(base.dataDir, 'encryption-key'),
  };
  return cached;
}

/** Tests start servers with their own environment; this lets a process re-read it. */
export function resetConfigForTests(): void {
  cached = undefined;
}
