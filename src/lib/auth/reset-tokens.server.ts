/**
 * Password-reset links that are still usable. A link is a way into the account, so every one of
 * them ends when the password changes, by a reset or by the owner (decision 018).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { passwordResetTokens } from '@/lib/db/schema.ts';

/** Marks every live reset link of the user as used; answers how many there were. */
export async function revokeResetTokens(db: DbOrTx, userId: number): Promise<number> {
  const ended = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return ended.length;
}
