import { profileSchema } from "../../core/validation/auth";
import { parseInput } from "../app-error";
import type { Database } from "../db/client";
import type { Auth, AuthSession } from "./auth";
import { limitCustomer } from "./auth-errors";
import { RATE_LIMITS } from "./rate-limit";

/**
 * Saves the full name; the e-mail address cannot be changed here. Returns the refreshed session
 * cookie; an invalid name, or one save too many (RATE_LIMITS.profileSave), is thrown as an AppError.
 */
export async function updateProfile(options: {
  auth: Auth;
  db: Database;
  session: Pick<AuthSession, "user">;
  headers: Headers;
  fullName: string;
}): Promise<Headers> {
  const { fullName } = parseInput(profileSchema, options);
  await limitCustomer({
    db: options.db,
    userId: options.session.user.id,
    action: "profile-save",
    rule: RATE_LIMITS.profileSave,
  });
  const { headers } = await options.auth.api.updateUser({
    body: { name: fullName },
    headers: options.headers,
    returnHeaders: true,
  });
  return headers;
}
