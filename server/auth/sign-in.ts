import { authMessages, normalizeEmail, validateSignIn } from "../../core/validation/auth";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Auth } from "./auth";
import { type AuthResult, authServiceMessage, failure, limitAttempts } from "./auth-result";
import { RATE_LIMITS } from "./rate-limit";

export async function signIn(options: {
  auth: Auth;
  db: Database;
  log: Logger;
  clientIp: string;
  headers: Headers;
  email: string;
  password: string;
  /** Unticked: the session cookie ends with the browser. */
  rememberMe: boolean;
}): Promise<AuthResult> {
  const invalid = validateSignIn(options);
  if (invalid) return failure(400, invalid);
  const email = normalizeEmail(options.email);
  // repeated guesses at one account, and many accounts tried, from one client
  const limited =
    (await limitAttempts({ ...options, action: `sign-in:${email}`, rule: RATE_LIMITS.signInPerAccount })) ??
    (await limitAttempts({ ...options, action: "sign-in", rule: RATE_LIMITS.signInPerIp }));
  if (limited) return limited;
  try {
    const { headers } = await options.auth.api.signInEmail({
      body: { email, password: options.password, rememberMe: options.rememberMe },
      headers: options.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    const refusal = authServiceMessage(error);
    if (refusal) return failure(refusal.status, refusal.message);
    options.log.error({ err: error }, "sign-in failed");
    return failure(500, authMessages.unexpected);
  }
}
