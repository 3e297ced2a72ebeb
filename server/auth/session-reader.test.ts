import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as loginAction } from "../../app/routes/auth/login";
import { callRoute, redirectOf } from "../../tests/setup/route-call";
import { registerTestCustomer, signUpTestAdmin } from "../../tests/setup/test-commerce";
import { cookieFrom, formRequest, setupTestServices } from "../../tests/setup/test-services";
import { session } from "../db/auth-schema";

const t = setupTestServices();
const DAY_MS = 24 * 60 * 60 * 1000;

/** better-auth's own answer, with the cookies it would set. */
async function betterAuthSession(cookie: string) {
  const { headers, response } = await t.services.auth.api.getSession({
    headers: new Headers({ cookie }),
    returnHeaders: true,
  });
  return { session: response, setCookies: headers.getSetCookie() };
}

const tokenOf = (cookie: string) =>
  decodeURIComponent(/nocturn\.session_token=([^;]+)/.exec(cookie)?.[1] ?? "").split(".")[0] ?? "";

/** The cookie header with its session cookie's value (`token.signature`) rewritten. */
function withSessionValue(cookie: string, rewrite: (token: string, signature: string) => string) {
  return cookie.replace(/nocturn\.session_token=([^;]+)/, (_match, value: string) => {
    const signed = decodeURIComponent(value);
    const dot = signed.lastIndexOf(".");
    return `nocturn.session_token=${encodeURIComponent(rewrite(signed.slice(0, dot), signed.slice(dot + 1)))}`;
  });
}

async function setExpiry(cookie: string, expiresAt: Date) {
  await t.services.db
    .update(session)
    .set({ expiresAt })
    .where(eq(session.token, tokenOf(cookie)));
}

describe("readSession: better-auth's session check without its endpoint", () => {
  it("returns what getSession returns for a customer's and an administrator's session, and setting no cookie", async () => {
    const customer = await registerTestCustomer(t.services);
    const admin = await signUpTestAdmin(t.services);
    for (const cookie of [customer.cookie, admin.cookie]) {
      const read = await t.services.auth.readSession(cookie);
      const expected = await betterAuthSession(cookie);
      expect(expected.setCookies).toEqual([]);
      expect(read).toEqual(expected.session);
      expect(read?.user.email).toBeTruthy();
    }
    expect((await t.services.auth.readSession(admin.cookie))?.user.role).toBe("admin");
  });

  it("leaves a bad signature, an unknown session and an expired one to better-auth, which signs them out", async () => {
    const { cookie } = await registerTestCustomer(t.services);
    // another token under the same signature, and the same token under another signature
    const tampered = withSessionValue(cookie, (token, signature) => `${token}x.${signature}`);
    const forged = withSessionValue(
      cookie,
      (token, signature) => `${token}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`,
    );
    for (const bad of [tampered, forged]) {
      expect(bad).not.toBe(cookie);
      expect(await t.services.auth.readSession(bad)).toBeUndefined();
      expect((await betterAuthSession(bad)).session).toBeNull();
    }

    await setExpiry(cookie, new Date(Date.now() - 1000));
    expect(await t.services.auth.readSession(cookie)).toBeUndefined();
    const expired = await betterAuthSession(cookie);
    expect(expired.session).toBeNull();
    expect(expired.setCookies.join()).toMatch(/nocturn\.session_token=;/);
    // better-auth deleted the expired session: now it is unknown
    expect(
      await t.services.db
        .select()
        .from(session)
        .where(eq(session.token, tokenOf(cookie))),
    ).toEqual([]);
    expect(await t.services.auth.readSession(cookie)).toBeUndefined();
  });

  it("leaves a session due for its daily renewal to better-auth, which renews it and sets its cookie again", async () => {
    const { cookie } = await registerTestCustomer(t.services);
    // 30-day sessions renewed once a day: a session made a day and a minute ago is due
    await setExpiry(cookie, new Date(Date.now() + 29 * DAY_MS - 60_000));
    expect(await t.services.auth.readSession(cookie)).toBeUndefined();
    const renewed = await betterAuthSession(cookie);
    expect(renewed.setCookies.join()).toMatch(/nocturn\.session_token=[^;]+/);
    expect(renewed.session?.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    // renewed, it is read without better-auth again, the same as better-auth reads it
    const read = await t.services.auth.readSession(cookie);
    expect(read).toEqual((await betterAuthSession(cookie)).session);
  });

  it("reads a session signed in without 'remember me' as better-auth does, which never renews it", async () => {
    const customer = await registerTestCustomer(t.services);
    const signIn = redirectOf(
      await callRoute(
        loginAction,
        formRequest("/login", { email: customer.email, password: customer.password, redirectTo: "/" }),
        { services: t.services },
      ),
    );
    const forgetful = cookieFrom(signIn.headers);
    expect(forgetful).toMatch(/nocturn\.dont_remember=/);
    await setExpiry(forgetful, new Date(Date.now() + 29 * DAY_MS - 60_000));
    const expected = await betterAuthSession(forgetful);
    expect(expected.setCookies).toEqual([]);
    expect(expected.session?.user.email).toBe(customer.email);
    expect(await t.services.auth.readSession(forgetful)).toEqual(expected.session);

    // a "don't remember me" cookie without a valid signature is better-auth's to read (it renews)
    const forged = forgetful.replace(/nocturn\.dont_remember=[^;]+/, "nocturn.dont_remember=true.x");
    expect(await t.services.auth.readSession(forged)).toBeUndefined();
    expect((await betterAuthSession(forged)).setCookies.join()).toMatch(/nocturn\.session_token=[^;]+/);
  });

  it("leaves duplicated cookies and headers without a session to better-auth", async () => {
    const customer = await registerTestCustomer(t.services);
    const other = await registerTestCustomer(t.services);
    expect(await t.services.auth.readSession(`${customer.cookie}; ${other.cookie}`)).toBeUndefined();
    expect(await t.services.auth.readSession(undefined)).toBeUndefined();
    expect(await t.services.auth.readSession("theme=dark")).toBeUndefined();
  });
});
