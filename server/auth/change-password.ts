import { authMessages, type PasswordChangeInput, passwordChangeSchema } from "../../core/validation/auth";
import { AppError, parseInput } from "../app-error";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Auth, AuthSession } from "./auth";
import { authRefusal, invalidInput, limitAttempts } from "./auth-errors";
import { passwordStrengthProblem } from "./password-policy";
import { RATE_LIMITS } from "./rate-limit";

/**
 * Checks the current password, sets the new one and ends every other session of the account.
 * Returns this browser's fresh session cookie; a refusal is thrown as an AppError.
 */
export async function changePassword(
  options: {
    auth: Auth;
    db: Database;
    config: Config;
    clientIp: string;
    headers: Headers;
    /** The signed-in user's session (the route requires one): its name and e-mail make weak words. */
    session: Pick<AuthSession, "user"> | null;
  } & PasswordChangeInput,
): Promise<Headers> {
  parseInput(passwordChangeSchema, options);
  // before the limit, which is there against guessing the current password: a weak new one
  // proves nothing about it
  const weak = await passwordStrengthProblem({
    password: options.newPassword,
    email: options.session?.user.email,
    name: options.session?.user.name,
    storeName: options.config.storeName,
  });
  if (weak) throw invalidInput(weak);
  await limitAttempts({ ...options, action: "change-password", rule: RATE_LIMITS.passwordChange });
  try {
    const { headers } = await options.auth.api.changePassword({
      body: {
        currentPassword: options.currentPassword,
        newPassword: options.newPassword,
        revokeOtherSessions: true,
      },
      headers: options.headers,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    const refusal = authRefusal(error);
    if (refusal?.code === "invalid_password") {
      throw new AppError("invalid_password", authMessages.currentPasswordIncorrect);
    }
    throw refusal ?? error;
  }
}
