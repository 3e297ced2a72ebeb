import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuthContext } from "better-auth";
import { parseCookies } from "better-auth/cookies";
import { parseSessionOutput, parseUserOutput } from "better-auth/db";
import { eq, sql } from "drizzle-orm";
import { session, user } from "../db/auth-schema";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";

const sessionByToken = preparedPerDatabase((db) =>
  db
    .select({ session, user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("session_by_token"),
);

/** What it reads of better-auth: its cookies, secret, session lifetime and output options. */
interface BetterAuth {
  $context: Promise<Pick<AuthContext, "authCookies" | "secret" | "sessionConfig" | "options">>;
}

/**
 * The signed-in session as better-auth's `getSession` would return it, read with one prepared query,
 * for the cases it answers without writing anything: a validly signed cookie of a session that has
 * not expired and is not yet due for its daily renewal (or never is: signed in without "remember
 * me"). Every other case returns `undefined`, and the caller asks better-auth, which then answers
 * exactly as before (signs out a bad cookie, deletes an expired session, renews one and sets its
 * cookie again).
 *
 * It only ever accepts less than better-auth would: the cookie names, the secret, the session's
 * lifetime and the output's fields all come from better-auth's own context, the signature is
 * checked as better-call checks it (HMAC-SHA256 of the token, base64), and `session-reader.test.ts`
 * checks it against `getSession` case by case. Why: better-auth's check cost about a fifth of a
 * signed-in page's CPU (its endpoint, two WebCrypto HMAC verifications and a relational query built
 * afresh each time; docs/PERFORMANCE.md, "The session check").
 */
export function createSessionReader({ db, auth }: { db: Database; auth: BetterAuth }) {
  return async function readSession(cookieHeader: string | undefined) {
    if (!cookieHeader) return undefined;
    const { authCookies, secret, sessionConfig, options } = await auth.$context;
    // sessions kept in a secondary storage are read (and revoked) there; a cached-session cookie
    // is cleared by better-auth
    if (options.secondaryStorage || cookieHeader.includes(authCookies.sessionData.name)) return undefined;
    const cookies = parseCookies(cookieHeader);
    const token = signedCookie(cookieHeader, cookies, authCookies.sessionToken.name, secret);
    if (!token) return undefined;
    // "don't remember me": a session better-auth never renews; a forged one is better-auth's to ignore
    const dontRemember = signedCookie(cookieHeader, cookies, authCookies.dontRememberToken.name, secret);
    if (dontRemember === undefined) return undefined;

    const [row] = await sessionByToken(db).execute({ token });
    if (!row) return undefined;
    const now = Date.now();
    const expiresAt = row.session.expiresAt.getTime();
    const renewsAt = expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000;
    if (expiresAt <= now || (!dontRemember && renewsAt <= now)) return undefined;
    return {
      session: parseSessionOutput(options, row.session),
      user: parseUserOutput(options, row.user),
    };
  };
}

/**
 * A cookie signed as better-call signs it (`value.base64(HMAC-SHA256)`): its value if the signature
 * holds, written exactly as better-call writes it; `null` without the cookie; `undefined` for a
 * signature that does not hold, or a header carrying the cookie twice (better-call reads the first,
 * `parseCookies` the last: such a header is better-auth's to read).
 */
function signedCookie(
  cookieHeader: string,
  cookies: Map<string, string>,
  name: string,
  secret: string,
): string | null | undefined {
  const first = cookieHeader.indexOf(`${name}=`);
  if (first === -1) return null;
  if (cookieHeader.lastIndexOf(`${name}=`) !== first) return undefined;
  const signed = cookies.get(name);
  if (signed === undefined) return undefined;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return undefined;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : undefined;
}
