import { authMessages } from "../../core/auth";
import {
  forgotPasswordSchema,
  type PasswordResetInput,
  passwordResetSchema,
} from "../../core/validation/auth";
import { AppError, parseInput } from "../app-error";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Auth } from "./auth";
import { authRefusal, limitAttempts } from "./auth-errors";
import { type PasswordFormServices, refuseWeakPassword } from "./password-policy";
import { RATE_LIMITS } from "./rate-limit";
import { deleteResetTokens, resetTokenIdentifier } from "./reset-tokens";

/**
 * Sends the reset e-mail when the account exists. The answer is the same either way, and it is
 * given before the address is even looked up: better-auth's look-up, token and e-mail run in the
 * background (auth.background), because a known address took it 25-55 ms longer than an unknown
 * one (measured on PGlite and PostgreSQL), enough for a script to tell who has an account. A new
 * link makes the account's older ones invalid (auth.ts, sendResetPassword).
 */
export async function requestPasswordReset(options: {
  auth: Auth;
  db: Database;
  log: Logger;
  clientIp: string;
  email: string;
}): Promise<void> {
  const { email } = parseInput(forgotPasswordSchema, options);
  await limitAttempts({ ...options, action: "password-reset", rule: RATE_LIMITS.passwordReset });
  options.auth.background.track(
    options.auth.api.requestPasswordReset({ body: { email } }).catch((error) => {
      // a malformed address is refused by better-auth: nothing to send, nothing to say
      if (!authRefusal(error)) options.log.error({ err: error }, "password reset request failed");
    }),
  );
}

/** The account a reset token was mailed to, while the token is valid; better-auth's own look-up. */
async function findTokenOwner(auth: Auth, token: string) {
  if (!token) return null;
  const { internalAdapter } = await auth.$context;
  const verification = await internalAdapter.findVerificationValue(resetTokenIdentifier(token));
  if (!verification || verification.expiresAt < new Date()) return null;
  return internalAdapter.findUserById(verification.value);
}

/**
 * Sets a new password from an e-mailed token; the token works once, every session ends and the
 * account's other reset links stop working. A weak password is refused before the reset attempt
 * counts (its check is counted on its own, refuseWeakPassword) and leaves the link usable.
 */
export async function resetPassword(
  options: PasswordFormServices & { token: string } & PasswordResetInput,
): Promise<void> {
  parseInput(passwordResetSchema, options);
  const invalidLink = () => new AppError("invalid_reset_link", authMessages.invalidResetLink);
  const owner = await findTokenOwner(options.auth, options.token);
  if (!owner) {
    await limitAttempts({ ...options, action: "password-reset-confirm", rule: RATE_LIMITS.passwordReset });
    throw invalidLink();
  }
  // the strength rule knows the account's name and e-mail
  await refuseWeakPassword({
    ...options,
    storeName: options.config.storeName,
    email: owner.email,
    name: owner.name,
    userId: owner.id,
  });
  await limitAttempts({ ...options, action: "password-reset-confirm", rule: RATE_LIMITS.passwordReset });
  try {
    await options.auth.api.resetPassword({ body: { newPassword: options.password, token: options.token } });
  } catch (error) {
    const refusal = authRefusal(error);
    throw refusal?.code === "invalid_token" ? invalidLink() : (refusal ?? error);
  }
  await deleteResetTokens({ db: options.db, userId: owner.id });
}
