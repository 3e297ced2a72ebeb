import {
  authMessages,
  normalizeEmail,
  type PasswordResetInput,
  validatePasswordReset,
} from "../../core/validation/auth";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Auth } from "./auth";
import { type AuthResult, authServiceMessage, failure, limitAttempts } from "./auth-result";
import { RATE_LIMITS } from "./rate-limit";

/**
 * Sends the reset e-mail when the account exists. The answer is the same either way, so the form
 * cannot be used to find out who has an account.
 */
export async function requestPasswordReset(options: {
  auth: Auth;
  db: Database;
  log: Logger;
  clientIp: string;
  email: string;
}): Promise<AuthResult> {
  if (!options.email.trim()) return failure(400, authMessages.emailRequired);
  const limited = await limitAttempts({
    ...options,
    action: "password-reset",
    rule: RATE_LIMITS.passwordReset,
  });
  if (limited) return limited;
  try {
    await options.auth.api.requestPasswordReset({ body: { email: normalizeEmail(options.email) } });
  } catch (error) {
    // a malformed address is refused by better-auth; say nothing more than for any other address
    if (!authServiceMessage(error)) options.log.error({ err: error }, "password reset request failed");
  }
  return { ok: true, headers: new Headers() };
}

/** Sets a new password from an e-mailed token; the token works once, and every session ends. */
export async function resetPassword(
  options: { auth: Auth; db: Database; log: Logger; clientIp: string; token: string } & PasswordResetInput,
): Promise<AuthResult> {
  const invalid = validatePasswordReset(options);
  if (invalid) return failure(400, invalid);
  const limited = await limitAttempts({
    ...options,
    action: "password-reset-confirm",
    rule: RATE_LIMITS.passwordReset,
  });
  if (limited) return limited;
  try {
    await options.auth.api.resetPassword({ body: { newPassword: options.password, token: options.token } });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    const refusal = authServiceMessage(error);
    if (refusal?.code === "INVALID_TOKEN") return failure(400, authMessages.invalidResetLink);
    if (refusal) return failure(refusal.status, refusal.message);
    options.log.error({ err: error }, "password reset failed");
    return failure(500, authMessages.unexpected);
  }
}
