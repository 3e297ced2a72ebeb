import { authMessages } from "../../core/auth";
import { type RegistrationInput, registrationSchema } from "../../core/validation/auth";
import { AppError, parseInput } from "../app-error";
import type { Logger } from "../logger";
import { enqueueEmail } from "../mail/enqueue-email";
import type { MailQueue } from "../mail/mail-queue";
import { welcomeEmail } from "../mail/templates/welcome";
import type { Auth } from "./auth";
import { authRefusal, limitAttempts } from "./auth-errors";
import { rememberDevice } from "./known-device";
import { type PasswordFormServices, refuseWeakPassword } from "./password-policy";
import { RATE_LIMITS } from "./rate-limit";

/**
 * Creates the account and signs it in at once (docs/SPEC.md#product). Per client address at most
 * RATE_LIMITS.signUp attempts that pass the form's checks, so the "already exists" answer the spec
 * asks for cannot be used to test many addresses; and that answer takes as long as a new account.
 * Returns the session cookies to set; a refusal is thrown as an AppError.
 */
export async function registerAccount(
  options: PasswordFormServices & {
    mailQueue: MailQueue;
    log: Logger;
    headers: Headers;
  } & RegistrationInput,
): Promise<Headers> {
  const { email, fullName: name } = parseInput(
    registrationSchema(options.config.blockedEmailDomains),
    options,
  );
  // A weak password says nothing about who has an account, so trying a few does not count
  // towards the sign-up limit; the estimator's checks have a generous limit of their own.
  await refuseWeakPassword({ ...options, storeName: options.config.storeName, email, name });
  await limitAttempts({ ...options, action: "sign-up", rule: RATE_LIMITS.signUp });
  let headers: Headers;
  try {
    ({ headers } = await options.auth.api.signUpEmail({
      body: { name, email, password: options.password },
      headers: options.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    throw await refusalOf(error, options);
  }
  const { config } = options;
  // this browser made the account: the sign-in back-off will not hold it back (known-device.ts)
  headers.append(
    "Set-Cookie",
    await rememberDevice({ ...options, email, secure: config.publicUrl.startsWith("https:") }),
  );
  // better-auth committed the account in its own transaction: the welcome is queued right after,
  // before the answer, and delivered in the background. Failing to queue it does not undo the account.
  try {
    await enqueueEmail(options.db, {
      kind: "welcome",
      message: {
        to: email,
        ...welcomeEmail({
          storeName: config.storeName,
          publicUrl: config.publicUrl,
          seller: config.seller,
          name,
        }),
      },
    });
    options.mailQueue.wake();
  } catch (error) {
    options.log.error({ err: error }, "welcome e-mail could not be queued");
  }
  return headers;
}

/** better-auth's refusal worded as the spec asks; an unexpected error as it is. */
async function refusalOf(error: unknown, options: { auth: Auth; password: string }): Promise<unknown> {
  const refusal = authRefusal(error);
  if (!refusal) return error;
  const alreadyExists = refusal.code.startsWith("user_already_exists");
  if (alreadyExists) {
    // better-auth refuses before hashing the password, about 100 ms sooner than it creates an
    // account: hash it anyway so that the answer's timing does not tell the two apart
    await (await options.auth.$context).password.hash(options.password);
  }
  // a refusal about the address is worded as an e-mail validation failure (docs/SPEC.md#messages)
  const aboutEmail = /email/i.test(refusal.userMessage) || refusal.code.includes("email") || alreadyExists;
  if (!aboutEmail) return refusal;
  return new AppError(refusal.code, authMessages.emailValidationFailed(refusal.userMessage), refusal.status, {
    cause: error,
  });
}
