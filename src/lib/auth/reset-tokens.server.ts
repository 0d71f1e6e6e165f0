/**
 * Single-use links that set a password: a forgotten password's reset (60 minutes) and a new user's
 * invitation (7 days). One set of rules for both (decision 018): the token is random, stored only
 * as its SHA-256, works once (claimed atomically), only for its own purpose and before it expires;
 * and every live link of an account ends when its password changes, by a link or by the owner.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { passwordResetTokens } from '@/lib/db/schema.ts';
import { randomToken, sha256 } from '@/lib/security/tokens.server.ts';

export type LinkPurpose = 'reset' | 'invite';

/** How long a link of each purpose works. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

/** Stores a new link's hash and answers the token to mail (never stored). */
export async function issuePasswordLink(db: DbOrTx, userId: number, purpose: LinkPurpose): Promise<string> {
  const token = randomToken(32);
  await db.insert(passwordResetTokens).values({ tokenHash: sha256(token), userId, purpose, expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[purpose]) });
  return token;
}

const live = (token: string, purpose: LinkPurpose) =>
  and(
    eq(passwordResetTokens.tokenHash, sha256(token)),
    eq(passwordResetTokens.purpose, purpose),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

/** Checks a link without using it (a page shows its form only for a live link). */
export async function findLivePasswordLink(db: DbOrTx, token: string, purpose: LinkPurpose) {
  const [row] = await db.select().from(passwordResetTokens).where(live(token, purpose)).limit(1);
  return row;
}

/** Uses a link: the update claims it atomically, so two submissions can't both succeed. Undefined when not live. */
export async function claimPasswordLink(db: DbOrTx, token: string, purpose: LinkPurpose) {
  const [claimed] = await db.update(passwordResetTokens).set({ usedAt: new Date() }).where(live(token, purpose)).returning();
  return claimed;
}

/** Marks every live link of the user (of one purpose, or all) as used; answers how many there were. */
export async function revokeResetTokens(db: DbOrTx, userId: number, purpose?: LinkPurpose): Promise<number> {
  const ended = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        purpose ? eq(passwordResetTokens.purpose, purpose) : undefined,
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return ended.length;
}
