import { signInSchema } from "../../core/validation/auth";
import { parseInput } from "../app-error";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Auth } from "./auth";
import { authRefusal, limitAttempts, tooManyAttempts } from "./auth-errors";
import { isKnownDevice, rememberDevice } from "./known-device";
import { clearRateLimit, consumeBackoff, RATE_LIMITS, SIGN_IN_BACKOFF } from "./rate-limit";

/**
 * Signs in with e-mail and password. Three limits, checked before the password: guesses at one
 * account from one client, many accounts tried from one client, and guesses at one account from
 * anywhere (a back-off that a browser which signed in to the account before is spared). The
 * length and strength rules are not applied: accounts made under older rules keep working.
 * Returns the session cookies to set; a refusal is thrown as an AppError.
 */
export async function signIn(options: {
  auth: Auth;
  db: Database;
  config: Config;
  clientIp: string;
  headers: Headers;
  email: string;
  password: string;
  /** Unticked: the session cookie ends with the browser. */
  rememberMe: boolean;
  /** The limits' clock, in milliseconds; for tests. */
  now?: number;
}): Promise<Headers> {
  const { email } = parseInput(signInSchema, options);
  const secure = options.config.publicUrl.startsWith("https:");
  const accountKey = `sign-in-account:${email}`;
  // in this order, and each only once the one before let the attempt through
  await limitAttempts({ ...options, action: `sign-in:${email}`, rule: RATE_LIMITS.signInPerIpAndAccount });
  await limitAttempts({ ...options, action: "sign-in", rule: RATE_LIMITS.signInPerIp });
  await limitAccount();
  let headers: Headers;
  try {
    ({ headers } = await options.auth.api.signInEmail({
      body: { email, password: options.password, rememberMe: options.rememberMe },
      headers: options.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    throw authRefusal(error) ?? error;
  }
  await clearRateLimit({ db: options.db, key: accountKey });
  headers.append("Set-Cookie", await rememberDevice({ ...options, email, secure }));
  return headers;

  async function limitAccount() {
    if (await isKnownDevice({ ...options, email, secure })) return;
    const result = await consumeBackoff({
      db: options.db,
      key: accountKey,
      rule: SIGN_IN_BACKOFF,
      now: options.now,
    });
    if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
  }
}
