import { authMessages } from "../../core/auth";
import { type PasswordChangeInput, passwordChangeSchema } from "../../core/validation/auth";
import { AppError, parseInput } from "../app-error";
import type { AuthSession } from "./auth";
import { authRefusal, limitAttempts, limitPasswordGuesses, passwordGuessKey } from "./auth-errors";
import { type PasswordFormServices, refuseWeakPassword } from "./password-policy";
import { clearRateLimit, RATE_LIMITS } from "./rate-limit";
import { deleteResetTokens } from "./reset-tokens";

/**
 * Checks the current password, sets the new one, ends every other session of the account and
 * deletes its outstanding reset links. Returns this browser's fresh session cookie; a refusal is
 * thrown as an AppError.
 *
 * In this order, each only once the one before let the attempt through: the form; the strength of
 * the new password (counted first, per client and per account, refuseWeakPassword); the guess at
 * the current password, per client and per account from anywhere (a stolen session must not be a
 * way to guess the password from many addresses); better-auth's check of the current password.
 */
export async function changePassword(
  options: PasswordFormServices & {
    headers: Headers;
    /** The signed-in user's session: its name and e-mail make weak words. */
    session: Pick<AuthSession, "user">;
    /** The limits' clock, in milliseconds; for tests. */
    now?: number;
  } & PasswordChangeInput,
): Promise<Headers> {
  parseInput(passwordChangeSchema, options);
  const { user } = options.session;
  await refuseWeakPassword({
    ...options,
    storeName: options.config.storeName,
    password: options.newPassword,
    email: user.email,
    name: user.name,
    userId: user.id,
  });
  await limitAttempts({ ...options, action: "change-password", rule: RATE_LIMITS.passwordChange });
  await limitPasswordGuesses({ db: options.db, userId: user.id, now: options.now });
  let headers: Headers;
  try {
    ({ headers } = await options.auth.api.changePassword({
      body: {
        currentPassword: options.currentPassword,
        newPassword: options.newPassword,
        revokeOtherSessions: true,
      },
      headers: options.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    const refusal = authRefusal(error);
    if (refusal?.code === "invalid_password") {
      throw new AppError("invalid_password", authMessages.currentPasswordIncorrect);
    }
    throw refusal ?? error;
  }
  await clearRateLimit({ db: options.db, key: passwordGuessKey(user.id) });
  // a link mailed before the change would set a password again: whoever asked for it no longer can
  await deleteResetTokens({ db: options.db, userId: user.id });
  return headers;
}
