/**
 * Storefront API keys (issue 17 §1, docs/orders.md "Storefront API"): staff create them on the
 * "Storefront API keys" screen of global settings; the key is shown once and stored as its SHA-256
 * hash. A key carries scopes (read-catalogue, write-orders) and a per-minute limit; every use is
 * logged with the key's name. Revoked keys are refused at once (no cache).
 */
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { HttpError, notFound } from '@/lib/http/errors.ts';
import { logActivity, type Actor } from '@/lib/activity/activity.server.ts';
import { hitLimit } from '@/lib/auth/rate-limit.server.ts';
import { randomToken, sha256 } from '@/lib/security/tokens.server.ts';
import { storefrontApiKeys } from './orders.tables.ts';
import type { ApiKeyInput, StorefrontScope } from './order.schema.ts';

export const KEY_PREFIX = 'sk_live_';

export interface StorefrontKey {
  id: number;
  name: string;
  scopes: string[];
}

const serializeKey = (k: typeof storefrontApiKeys.$inferSelect) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  rate_limit_per_minute: k.rateLimitPerMinute,
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
  created_at: k.createdAt.toISOString(),
  status: k.revokedAt ? 'revoked' : 'active',
  version: k.version,
});
export type StorefrontKeyRecord = ReturnType<typeof serializeKey>;

export async function listStorefrontKeys(db: DbOrTx): Promise<StorefrontKeyRecord[]> {
  const rows = await db.select().from(storefrontApiKeys).orderBy(desc(storefrontApiKeys.createdAt), desc(storefrontApiKeys.id));
  return rows.map(serializeKey);
}

/** Creates a key; the only time its secret exists outside the caller is this answer. */
export async function createStorefrontKey(
  db: DbOrTx,
  actor: Actor,
  createdBy: number,
  input: ApiKeyInput,
): Promise<{ key: StorefrontKeyRecord; secret: string }> {
  const secret = `${KEY_PREFIX}${randomToken(24)}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storefrontApiKeys)
      .values({
        name: input.name,
        prefix: secret.slice(0, KEY_PREFIX.length + 6),
        keyHash: sha256(secret),
        scopes: [...new Set(input.scopes)].sort(),
        rateLimitPerMinute: input.rate_limit_per_minute,
        createdBy,
      })
      .returning();
    await logActivity(tx, actor, {
      area: 'storefront-api-keys',
      action: 'created',
      recordId: row!.id,
      recordName: row!.name,
      after: { name: row!.name, scopes: row!.scopes, rate_limit_per_minute: row!.rateLimitPerMinute, prefix: row!.prefix },
    });
    return { key: serializeKey(row!), secret };
  });
}

export async function revokeStorefrontKey(db: DbOrTx, actor: Actor, id: number): Promise<StorefrontKeyRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(storefrontApiKeys)
      .set({ revokedAt: new Date(), updatedAt: new Date(), version: sql`${storefrontApiKeys.version} + 1` })
      .where(and(eq(storefrontApiKeys.id, id), isNull(storefrontApiKeys.revokedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: storefrontApiKeys.id }).from(storefrontApiKeys).where(eq(storefrontApiKeys.id, id)).limit(1);
      if (!exists) throw notFound('That API key does not exist.');
      throw new HttpError(409, 'That API key is already revoked.');
    }
    await logActivity(tx, actor, {
      area: 'storefront-api-keys',
      action: 'revoked',
      recordId: row.id,
      recordName: row.name,
      changes: { status: ['active', 'revoked'] },
    });
    return serializeKey(row);
  });
}

/** The key a request presents: `Authorization: Bearer sk_live_…` or `X-Api-Key: sk_live_…`. */
export function presentedKey(request: Request): string | null {
  const auth = request.headers.get('authorization');
  if (auth) {
    const m = /^Bearer\s+(\S{1,200})$/i.exec(auth.trim());
    return m ? m[1]! : null;
  }
  const header = request.headers.get('x-api-key');
  return header && header.length <= 200 ? header.trim() : null;
}

/**
 * Checks a storefront request's key: 401 without a valid, unrevoked key; 403 without the scope;
 * 429 past its limit (with Retry-After). Returns the key for the endpoint and the log.
 */
export async function authenticateStorefront(db: DbOrTx, request: Request, scope: StorefrontScope): Promise<StorefrontKey> {
  const secret = presentedKey(request);
  if (!secret || !secret.startsWith(KEY_PREFIX)) {
    throw new HttpError(401, 'Send a storefront API key: Authorization: Bearer sk_live_…');
  }
  const [key] = await db
    .select()
    .from(storefrontApiKeys)
    .where(eq(storefrontApiKeys.keyHash, sha256(secret)))
    .limit(1);
  if (!key) throw new HttpError(401, 'That API key is not valid.');
  if (key.revokedAt) throw new HttpError(401, 'That API key has been revoked.');
  if (!key.scopes.includes(scope)) throw new HttpError(403, `This API key lacks the ${scope} scope.`);
  const hit = await hitLimit(db, `storefront-key:${key.id}`, 60);
  if (hit.count > key.rateLimitPerMinute) {
    throw new HttpError(
      429,
      `Too many requests for this API key: at most ${key.rateLimitPerMinute} a minute. Try again in ${hit.retryAfterSeconds} s.`,
      undefined,
      {
        'retry-after': String(hit.retryAfterSeconds),
      },
    );
  }
  // "Last used" to the minute: one write a minute per key, not one per request.
  await db
    .update(storefrontApiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(storefrontApiKeys.id, key.id), or(isNull(storefrontApiKeys.lastUsedAt), lt(storefrontApiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  return { id: key.id, name: key.name, scopes: key.scopes };
}
