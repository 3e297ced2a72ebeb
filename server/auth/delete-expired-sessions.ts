import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { session, verification } from "../db/schema";

/**
 * Deletes sessions and verification tokens (password-reset links) past their expiry. better-auth
 * deletes an expired session only when its cookie comes back, and a reset token only when its link
 * is used: one whose browser never returns would otherwise stay in the table for good.
 */
export async function deleteExpiredSessions(options: {
  db: Database;
  now?: Date;
}): Promise<{ sessions: number; tokens: number }> {
  const now = options.now ?? new Date();
  const sessions = await options.db
    .delete(session)
    .where(lt(session.expiresAt, now))
    .returning({ id: session.id });
  const tokens = await options.db
    .delete(verification)
    .where(lt(verification.expiresAt, now))
    .returning({ id: verification.id });
  return { sessions: sessions.length, tokens: tokens.length };
}
