import { authMessages, type PasswordChangeInput, validatePasswordChange } from "../../core/validation/auth";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Auth } from "./auth";
import { type AuthResult, authServiceMessage, failure, limitAttempts } from "./auth-result";
import { RATE_LIMITS } from "./rate-limit";

/** Checks the current password, sets the new one and ends every other session of the account. */
export async function changePassword(
  options: {
    auth: Auth;
    db: Database;
    log: Logger;
    clientIp: string;
    headers: Headers;
  } & PasswordChangeInput,
): Promise<AuthResult> {
  const invalid = validatePasswordChange(options);
  if (invalid) return failure(400, invalid);
  const limited = await limitAttempts({
    ...options,
    action: "change-password",
    rule: RATE_LIMITS.passwordChange,
  });
  if (limited) return limited;
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
    return { ok: true, headers };
  } catch (error) {
    const refusal = authServiceMessage(error);
    if (refusal?.code === "INVALID_PASSWORD") return failure(400, authMessages.currentPasswordIncorrect);
    if (refusal) return failure(refusal.status, refusal.message);
    options.log.error({ err: error }, "password change failed");
    return failure(500, authMessages.unexpected);
  }
}
