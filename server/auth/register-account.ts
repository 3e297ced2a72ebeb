import {
  authMessages,
  normalizeEmail,
  type RegistrationInput,
  validateRegistration,
} from "../../core/validation/auth";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { welcomeEmail } from "../mail/templates/welcome";
import type { Auth } from "./auth";
import { type AuthResult, authServiceMessage, failure, limitAttempts } from "./auth-result";
import { RATE_LIMITS } from "./rate-limit";

/** Creates the account and signs it in at once (spec §1). */
export async function registerAccount(
  options: {
    auth: Auth;
    db: Database;
    config: Config;
    mailer: Mailer;
    log: Logger;
    clientIp: string;
    headers: Headers;
  } & RegistrationInput,
): Promise<AuthResult> {
  const invalid = validateRegistration(options, options.config.blockedEmailDomains);
  if (invalid) return failure(400, invalid);
  const limited = await limitAttempts({ ...options, action: "sign-up", rule: RATE_LIMITS.signUp });
  if (limited) return limited;
  const email = normalizeEmail(options.email);
  const name = options.fullName.trim();
  try {
    const { headers } = await options.auth.api.signUpEmail({
      body: { name, email, password: options.password },
      headers: options.headers,
      returnHeaders: true,
    });
    const { config } = options;
    void options.mailer
      .send({
        to: email,
        ...welcomeEmail({ storeName: config.storeName, publicUrl: config.publicUrl, name }),
      })
      .catch((error) => options.log.error({ err: error }, "welcome e-mail failed"));
    return { ok: true, headers };
  } catch (error) {
    const refusal = authServiceMessage(error);
    if (refusal) {
      // spec §8: a refusal about the address is worded as an e-mail validation failure
      const aboutEmail =
        /email/i.test(refusal.message) ||
        refusal.code?.includes("EMAIL") ||
        refusal.code?.includes("USER_ALREADY_EXISTS");
      return failure(
        refusal.status,
        aboutEmail ? authMessages.emailValidationFailed(refusal.message) : refusal.message,
      );
    }
    options.log.error({ err: error }, "sign-up failed");
    return failure(500, authMessages.unexpected);
  }
}
