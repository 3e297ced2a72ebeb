import { authMessages, signInSchema } from "../../core/validation/auth";
import { parseForm } from "../../core/validation/form-schema";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { Auth } from "./auth";
import { type AuthResult, authServiceMessage, failure, limitAttempts } from "./auth-result";
import { isKnownDevice, rememberDevice } from "./known-device";
import { clearRateLimit, consumeBackoff, RATE_LIMITS, SIGN_IN_BACKOFF } from "./rate-limit";

/**
 * Signs in with e-mail and password. Three limits, checked before the password: guesses at one
 * account from one client, many accounts tried from one client, and guesses at one account from
 * anywhere (a back-off that a browser which signed in to the account before is spared). The
 * length and strength rules are not applied: accounts made under older rules keep working.
 */
export async function signIn(options: {
  auth: Auth;
  db: Database;
  config: Config;
  log: Logger;
  clientIp: string;
  headers: Headers;
  email: string;
  password: string;
  /** Unticked: the session cookie ends with the browser. */
  rememberMe: boolean;
  /** The limits' clock, in milliseconds; for tests. */
  now?: number;
}): Promise<AuthResult> {
  const form = parseForm(signInSchema, options);
  if (!form.ok) return failure(400, form.message);
  const { email } = form.value;
  const secure = options.config.publicUrl.startsWith("https:");
  const accountKey = `sign-in-account:${email}`;
  const limited =
    (await limitAttempts({
      ...options,
      action: `sign-in:${email}`,
      rule: RATE_LIMITS.signInPerIpAndAccount,
    })) ??
    (await limitAttempts({ ...options, action: "sign-in", rule: RATE_LIMITS.signInPerIp })) ??
    (await limitAccount());
  if (limited) return limited;
  try {
    const { headers } = await options.auth.api.signInEmail({
      body: { email, password: options.password, rememberMe: options.rememberMe },
      headers: options.headers,
      returnHeaders: true,
    });
    await clearRateLimit({ db: options.db, key: accountKey });
    headers.append("Set-Cookie", await rememberDevice({ ...options, email, secure }));
    return { ok: true, headers };
  } catch (error) {
    const refusal = authServiceMessage(error);
    if (refusal) return failure(refusal.status, refusal.message);
    options.log.error({ err: error }, "sign-in failed");
    return failure(500, authMessages.unexpected);
  }

  async function limitAccount(): Promise<AuthResult | null> {
    if (await isKnownDevice({ ...options, email, secure })) return null;
    const result = await consumeBackoff({
      db: options.db,
      key: accountKey,
      rule: SIGN_IN_BACKOFF,
      now: options.now,
    });
    return result.allowed ? null : failure(429, authMessages.tooManyAttempts(result.retryAfterSeconds));
  }
}
