import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { session } from "../db/schema";

/**
 * Deletes sessions past their expiry. better-auth deletes an expired session only when its cookie
 * comes back; one whose browser never returns would otherwise stay in the table for good.
 */
export async function deleteExpiredSessions(options: { db: Database; now?: Date }): Promise<number> {
  const deleted = await options.db
    .delete(session)
    .where(lt(session.expiresAt, options.now ?? new Date()))
    .returning({ id: session.id });
  return deleted.length;
}
