import { authMessages, type RegistrationInput, registrationSchema } from "../../core/validation/auth";
import { parseForm } from "../../core/validation/form-schema";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { welcomeEmail } from "../mail/templates/welcome";
import type { Auth } from "./auth";
import { type AuthResult, authServiceMessage, failure, limitAttempts } from "./auth-result";
import { rememberDevice } from "./known-device";
import { passwordStrengthProblem } from "./password-policy";
import { RATE_LIMITS } from "./rate-limit";

/**
 * Creates the account and signs it in at once (docs/SPEC.md#product). Per client address at most
 * RATE_LIMITS.signUp attempts that pass the form's checks, so the "already exists" answer the spec
 * asks for cannot be used to test many addresses; and that answer takes as long as a new account.
 */
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
  const form = parseForm(registrationSchema(options.config.blockedEmailDomains), options);
  if (!form.ok) return failure(400, form.message);
  const { email, fullName: name } = form.value;
  // A weak password says nothing about who has an account, so trying a few does not count
  // towards the sign-up limit. The estimator costs up to a few hundred milliseconds of CPU for a
  // crafted password, so it has a generous limit of its own.
  const checking = await limitAttempts({
    ...options,
    action: "password-check",
    rule: RATE_LIMITS.passwordCheck,
  });
  if (checking) return checking;
  const weak = await passwordStrengthProblem({
    password: options.password,
    email,
    name,
    storeName: options.config.storeName,
  });
  if (weak) return failure(400, weak);
  const limited = await limitAttempts({ ...options, action: "sign-up", rule: RATE_LIMITS.signUp });
  if (limited) return limited;
  try {
    const { headers } = await options.auth.api.signUpEmail({
      body: { name, email, password: options.password },
      headers: options.headers,
      returnHeaders: true,
    });
    const { config } = options;
    // this browser made the account: the sign-in back-off will not hold it back (known-device.ts)
    headers.append(
      "Set-Cookie",
      await rememberDevice({ ...options, email, secure: config.publicUrl.startsWith("https:") }),
    );
    options.auth.background.track(
      options.mailer
        .send({
          to: email,
          ...welcomeEmail({ storeName: config.storeName, publicUrl: config.publicUrl, name }),
        })
        .catch((error) => options.log.error({ err: error }, "welcome e-mail failed")),
    );
    return { ok: true, headers };
  } catch (error) {
    const refusal = authServiceMessage(error);
    if (refusal?.code?.startsWith("USER_ALREADY_EXISTS")) {
      // better-auth refuses before hashing the password, about 100 ms sooner than it creates an
      // account: hash it anyway so that the answer's timing does not tell the two apart
      await (await options.auth.$context).password.hash(options.password);
    }
    if (refusal) {
      // a refusal about the address is worded as an e-mail validation failure (docs/SPEC.md#messages)
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
