import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { verification } from "../db/schema";

/**
 * better-auth keeps a reset link's token in `verification` as `reset-password:<token>`, with the
 * account's user id as its value (requestPasswordReset in better-auth's password routes). The
 * identifier is stored as it is because auth.ts sets no `verification.storeIdentifier`; hashing
 * identifiers there would hide this prefix.
 */
const RESET_TOKEN_PREFIX = "reset-password:";

/** The identifier better-auth stores for a reset link's token. */
export const resetTokenIdentifier = (token: string) => `${RESET_TOKEN_PREFIX}${token}`;

/**
 * Deletes the account's outstanding reset links: all of them (the password was just set, by a
 * reset or in Settings), or with `olderThanToken` those made before that token (a newer link was just
 * requested: only the last one mailed works). Comparing creation times rather than keeping "every
 * other one" means two requests made at once cannot delete each other's links.
 */
export async function deleteResetTokens(options: {
  db: Database;
  userId: string;
  olderThanToken?: string;
}): Promise<void> {
  const { db, userId, olderThanToken } = options;
  const newer = olderThanToken
    ? lt(
        verification.createdAt,
        sql`(select ${verification.createdAt} from ${verification} where ${verification.identifier} = ${resetTokenIdentifier(olderThanToken)})`,
      )
    : undefined;
  await db
    .delete(verification)
    .where(
      and(eq(verification.value, userId), like(verification.identifier, `${RESET_TOKEN_PREFIX}%`), newer),
    );
}
