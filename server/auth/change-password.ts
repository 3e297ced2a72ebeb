import { authMessages, type PasswordChangeInput, passwordChangeSchema } from "../../core/validation/auth";
import { parseForm } from "../../core/validation/form-schema";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Auth, AuthSession } from "./auth";
import { type AuthResult, authServiceMessage, failure, limitAttempts } from "./auth-result";
import { passwordStrengthProblem } from "./password-policy";
import { RATE_LIMITS } from "./rate-limit";

/** Checks the current password, sets the new one and ends every other session of the account. */
export async function changePassword(
  options: {
    auth: Auth;
    db: Database;
    config: Config;
    log: Logger;
    clientIp: string;
    headers: Headers;
    /** The signed-in user's session (the route requires one): its name and e-mail make weak words. */
    session: Pick<AuthSession, "user"> | null;
  } & PasswordChangeInput,
): Promise<AuthResult> {
  const form = parseForm(passwordChangeSchema, options);
  if (!form.ok) return failure(400, form.message);
  // before the limit, which is there against guessing the current password: a weak new one
  // proves nothing about it
  const weak = await passwordStrengthProblem({
    password: options.newPassword,
    email: options.session?.user.email,
    name: options.session?.user.name,
    storeName: options.config.storeName,
  });
  if (weak) return failure(400, weak);
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
