import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as settingsAction } from "../../app/routes/account/account-settings";
import { action as loginAction } from "../../app/routes/auth/login";
import { action as registerAction } from "../../app/routes/auth/register";
import { authMessages } from "../../core/auth";
import { callRoute, freshIp, type RouteFunction, settle } from "../../tests/setup/route-call";
import { freshEmail } from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import { cookieFrom, formRequest, setupTestServices } from "../../tests/setup/test-services";
import { rateLimit } from "../db/schema";
import { deleteAccount } from "../privacy/delete-account";
import { changePassword } from "./change-password";
import { isKnownDevice } from "./known-device";
import {
  backoffDelayMs,
  consumeBackoff,
  consumeRateLimit,
  PASSWORD_CONFIRM_BACKOFF,
  pruneRateLimits,
  RATE_LIMITS,
  SIGN_IN_BACKOFF,
} from "./rate-limit";
import { signIn } from "./sign-in";

const t = setupTestServices();
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

const consume = (key: string, rule: { window: number; max: number }, now?: number) =>
  consumeRateLimit({ db: t.services.db, key, rule, now });

/** Posts a form to a route action from `clientIp`; its answer's status, payload and redirect. */
const callAction = async (
  action: RouteFunction,
  pathname: string,
  fields: Record<string, string>,
  clientIp: string,
  cookie?: string,
) =>
  settle<{ error?: string }>(
    await callRoute(action, formRequest(pathname, fields, cookie), { services: t.services, clientIp }),
  );

const WAIT_MESSAGE = /^Too many attempts\. Please wait \d+ seconds? and try again\.$/;

/** A customer registered through the register page from a client of their own. */
async function registerCustomer(label: string, password = "velvet-midnight-77") {
  const email = freshEmail(label);
  const result = await callAction(
    registerAction,
    "/register",
    { fullName: "Rate Limited", email, password, confirmPassword: password },
    freshIp(),
  );
  expect(result.status).toBe(302);
  return { email, password, cookie: cookieFrom(result.headers) };
}

describe("consumeRateLimit", () => {
  const rule = { window: 60, max: 3 };

  it("allows max attempts, then refuses with the seconds left in the window", async () => {
    for (let i = 0; i < 3; i++) expect(await consume("a", rule, T0 + i * 1000)).toEqual({ allowed: true });
    const refused = await consume("a", rule, T0 + 3000);
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    // the window opened at T0, so 57 seconds are left
    expect(refused.retryAfterSeconds).toBe(57);
    const later = await consume("a", rule, T0 + 59_500);
    expect(later).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("keeps retryAfterSeconds within 1..window", async () => {
    for (let i = 0; i < 3; i++) await consume("b", rule, T0);
    for (const offset of [0, 1, 999, 30_000, 59_001, 59_999]) {
      const result = await consume("b", rule, T0 + offset);
      expect(result.allowed).toBe(false);
      if (result.allowed) continue;
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(rule.window);
    }
  });

  it("starts afresh once the window has passed", async () => {
    for (let i = 0; i < 3; i++) await consume("c", rule, T0);
    expect((await consume("c", rule, T0 + 59_999)).allowed).toBe(false);
    // a refused attempt does not extend the window
    for (let i = 0; i < 3; i++) expect((await consume("c", rule, T0 + 60_000 + i)).allowed).toBe(true);
    const refused = await consume("c", rule, T0 + 60_010);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("counts separate keys separately", async () => {
    for (let i = 0; i < 3; i++) await consume("d1", rule, T0);
    expect((await consume("d1", rule, T0)).allowed).toBe(false);
    expect((await consume("d2", rule, T0)).allowed).toBe(true);
    expect((await consume("D1", rule, T0)).allowed).toBe(true);
  });

  it("lets exactly max of 20 attempts in a row through, and counts no further", async () => {
    const allowed = [];
    for (let i = 0; i < 20; i++) allowed.push((await consume("in-turn", { window: 60, max: 5 })).allowed);
    expect(allowed).toEqual([...Array(5).fill(true), ...Array(15).fill(false)]);
    const [row] = await t.services.db.select().from(rateLimit).where(eq(rateLimit.key, "in-turn"));
    expect(row?.count).toBe(5);
  });

  // PGlite has one connection, so the attempts would only take turns there: no race to lose
  it.runIf(onPostgres)("lets exactly max of 20 concurrent attempts through (PostgreSQL only)", async () => {
    // these run on up to 10 connections at once: the real race, a few rounds of it
    for (const key of ["race-1", "race-2", "race-3"]) {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => consume(key, { window: 60, max: 5 })),
      );
      expect(
        results.filter((result) => result.allowed),
        key,
      ).toHaveLength(5);
      for (const result of results) {
        if (!result.allowed) expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      }
      const [row] = await t.services.db.select().from(rateLimit).where(eq(rateLimit.key, key));
      expect(row?.count).toBe(5);
    }
  });

  it("prunes counters whose window ended long ago", async () => {
    await consume("old", rule, Date.now() - 2 * 24 * 60 * 60 * 1000);
    await consume("fresh", rule);
    await pruneRateLimits({ db: t.services.db });
    const keys = (await t.services.db.select({ key: rateLimit.key }).from(rateLimit)).map((row) => row.key);
    expect(keys).not.toContain("old");
    expect(keys).toContain("fresh");
  });
});

describe("sign-in rate limit", () => {
  const email = "rate.limited@nocturn-shop.io";
  const password = "velvet-midnight-77";

  beforeAll(async () => {
    const result = await callAction(
      registerAction,
      "/register",
      { fullName: "Rate Limited", email, password, confirmPassword: password },
      "198.51.100.1",
    );
    expect(result.status).toBe(302);
  });

  it("answers 429 after 5 wrong passwords for one e-mail from one IP; another IP still gets in", async () => {
    const attacker = "203.0.113.66";
    for (let i = 0; i < RATE_LIMITS.signInPerIpAndAccount.max; i++) {
      const result = await callAction(loginAction, "/login", { email, password: `wrong-${i}` }, attacker);
      expect(result.status, `attempt ${i + 1}`).toBe(401);
    }
    // the sixth is refused before the password is even checked, the right one too
    const sixth = await callAction(loginAction, "/login", { email, password }, attacker);
    expect(sixth.status).toBe(429);
    expect(sixth.data.error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    const seconds = Number(/wait (\d+)/.exec(sixth.data.error ?? "")?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.signInPerIpAndAccount.window);
    // the e-mail counts however it is written
    const shouted = await callAction(
      loginAction,
      "/login",
      { email: ` ${email.toUpperCase()} `, password },
      attacker,
    );
    expect(shouted.status).toBe(429);

    const owner = await callAction(
      loginAction,
      "/login",
      { email, password, redirectTo: "/account" },
      "192.0.2.10",
    );
    expect(owner.status).toBe(302);
    expect(owner.location).toBe("/account");
  });

  it("limits one IP trying many accounts", async () => {
    const sprayer = "203.0.113.99";
    for (let i = 0; i < RATE_LIMITS.signInPerIp.max; i++) {
      const result = await callAction(
        loginAction,
        "/login",
        { email: `nobody${i}@nocturn-shop.io`, password },
        sprayer,
      );
      expect(result.status, `attempt ${i + 1}`).toBe(401);
    }
    const next = await callAction(loginAction, "/login", { email, password }, sprayer);
    expect(next.status).toBe(429);
    expect(next.data.error).toMatch(/^Too many attempts\./);
    expect(authMessages.tooManyAttempts(5)).toMatch(/^Too many attempts\./);
    // 31 password hashes: slow on a busy machine
  }, 120_000);
});

describe("consumeBackoff", () => {
  const rule = { free: 3, baseDelay: 30, maxDelay: 120, quiet: 600 };
  const backoff = (key: string, now: number) => consumeBackoff({ db: t.services.db, key, rule, now });

  it("allows `free` attempts, then one per wait, doubling up to the longest wait", async () => {
    for (let i = 0; i < 3; i++) expect(await backoff("k1", T0 + i)).toEqual({ allowed: true });
    // the 4th waits 30 s after the 3rd
    expect(await backoff("k1", T0 + 2 + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    // a refused attempt does not count, nor lengthen the wait
    expect(await backoff("k1", T0 + 2 + 29_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    let last = T0 + 2 + 30_000;
    expect(await backoff("k1", last)).toEqual({ allowed: true });
    // then 60 s, 120 s, and 120 s again: the longest wait
    for (const wait of [60, 120, 120]) {
      expect(await backoff("k1", last + wait * 1000 - 1000)).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
      last += wait * 1000;
      expect(await backoff("k1", last)).toEqual({ allowed: true });
    }
  });

  it("starts afresh after a quiet period", async () => {
    for (let i = 0; i < 4; i++) await backoff("k2", T0);
    expect((await backoff("k2", T0 + 1000)).allowed).toBe(false);
    for (let i = 0; i < 3; i++) expect(await backoff("k2", T0 + 600_000 + i)).toEqual({ allowed: true });
    expect((await backoff("k2", T0 + 600_010)).allowed).toBe(false);
  });

  it("lets exactly one of 20 concurrent attempts through when a wait ends", async () => {
    for (let i = 0; i < 3; i++) await backoff("k3", T0);
    const results = await Promise.all(Array.from({ length: 20 }, () => backoff("k3", T0 + 30_000)));
    expect(results.filter((result) => result.allowed)).toHaveLength(1);
  });

  it("waits 30 s after ten attempts on one account, at most 15 minutes", () => {
    expect(backoffDelayMs(SIGN_IN_BACKOFF, 9)).toBe(0);
    expect(backoffDelayMs(SIGN_IN_BACKOFF, 10)).toBe(30_000);
    expect(backoffDelayMs(SIGN_IN_BACKOFF, 11)).toBe(60_000);
    expect(backoffDelayMs(SIGN_IN_BACKOFF, 15)).toBe(15 * 60_000);
    expect(backoffDelayMs(SIGN_IN_BACKOFF, 500)).toBe(15 * 60_000);
  });
});

describe("sign-in limit per account, from any address", () => {
  it("stops a guess spread over many addresses: the 11th is told to wait, the right password too", async () => {
    const { email, password } = await registerCustomer("spread");
    for (let i = 0; i < SIGN_IN_BACKOFF.free; i++) {
      const result = await callAction(loginAction, "/login", { email, password: `guess-${i}` }, freshIp());
      expect(result.status, `guess ${i + 1}`).toBe(401);
    }
    for (const attempt of [`guess-${SIGN_IN_BACKOFF.free}`, password]) {
      const refused = await callAction(loginAction, "/login", { email, password: attempt }, freshIp());
      expect(refused.status).toBe(429);
      expect(refused.data.error).toMatch(WAIT_MESSAGE);
      const seconds = Number(/wait (\d+)/.exec(refused.data.error ?? "")?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(SIGN_IN_BACKOFF.baseDelay);
    }
    // other accounts are not affected
    const other = await registerCustomer("bystander");
    const bystander = await callAction(loginAction, "/login", other, freshIp());
    expect(bystander.status).toBe(302);
  }, 120_000);

  it("lets the customer in once the wait is over, and forgets the guesses then", async () => {
    const { email, password } = await registerCustomer("patient");
    const attempt = (secret: string, now: number) =>
      signIn({
        ...t.services,
        clientIp: freshIp(),
        headers: new Headers(),
        email,
        password: secret,
        rememberMe: true,
        now,
      });
    for (let i = 0; i < SIGN_IN_BACKOFF.free; i++) {
      await expect(attempt(`guess-${i}`, T0 + i * 1000)).rejects.toMatchObject({ status: 401 });
    }
    const lastGuess = T0 + (SIGN_IN_BACKOFF.free - 1) * 1000;
    await expect(attempt(password, lastGuess + 29_000)).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      userMessage: "Too many attempts. Please wait 1 second and try again.",
    });
    await expect(attempt(password, lastGuess + 30_000)).resolves.toBeInstanceOf(Headers);
    // a successful sign-in clears the count: the next mistake is an ordinary one
    const later = lastGuess + 31_000;
    for (let i = 0; i < SIGN_IN_BACKOFF.free; i++) {
      await expect(attempt(`typo-${i}`, later + i)).rejects.toMatchObject({ status: 401 });
    }
  }, 120_000);

  it("does not hold back a browser that signed in to the account before", async () => {
    const deviceCookie = (headers: Headers) =>
      cookieFrom(headers)
        .split("; ")
        .filter((pair) => pair.startsWith("nocturn_device="))
        .join("; ");
    const customer = await registerCustomer("known");
    const signedIn = await callAction(loginAction, "/login", customer, freshIp());
    expect(signedIn.status).toBe(302);
    const device = deviceCookie(signedIn.headers);
    expect(device).toMatch(/^nocturn_device=/);
    const other = await registerCustomer("other-device");
    const otherDevice = deviceCookie((await callAction(loginAction, "/login", other, freshIp())).headers);

    for (let i = 0; i < SIGN_IN_BACKOFF.free + 1; i++) {
      await callAction(loginAction, "/login", { email: customer.email, password: `guess-${i}` }, freshIp());
    }
    expect((await callAction(loginAction, "/login", customer, freshIp())).status).toBe(429);
    // the browser of another account is a stranger to this one
    expect((await callAction(loginAction, "/login", customer, freshIp(), otherDevice)).status).toBe(429);
    // the customer's own browser, from a new address
    expect((await callAction(loginAction, "/login", customer, freshIp(), device)).status).toBe(302);
    // the browser that registered an account knows it too
    const registered = (cookie: string, email: string) =>
      isKnownDevice({ auth: t.services.auth, headers: new Headers({ cookie }), email, secure: false });
    expect(await registered(customer.cookie, customer.email)).toBe(true);
    expect(await registered(customer.cookie, other.email)).toBe(false);
  }, 180_000);
});

describe("registration limit per client", () => {
  const register = (fields: Record<string, string>, clientIp: string) =>
    callAction(registerAction, "/register", { fullName: "Many Accounts", ...fields }, clientIp);
  const strong = { password: "velvet-midnight-77", confirmPassword: "velvet-midnight-77" };

  it("allows five sign-ups from one address in ten minutes; weak passwords do not count", async () => {
    const client = freshIp();
    for (let i = 0; i < 3; i++) {
      const weak = await register(
        { email: freshEmail("weak"), password: "password1", confirmPassword: "password1" },
        client,
      );
      expect(weak.data.error).toMatch(/^Password is too easy to guess\./);
    }
    const taken = (await registerCustomer("taken")).email;
    // an address that has an account counts too: each answer tells whether it has one
    const statuses = [];
    for (const email of [freshEmail("a"), freshEmail("b"), taken, freshEmail("c"), freshEmail("d")]) {
      statuses.push((await register({ email, ...strong }, client)).status);
    }
    expect(statuses).toEqual([302, 302, 422, 302, 302]);
    const sixth = await register({ email: freshEmail("e"), ...strong }, client);
    expect(sixth.status).toBe(429);
    expect(sixth.data.error).toMatch(WAIT_MESSAGE);
    expect(RATE_LIMITS.signUp).toEqual({ window: 600, max: 5 });
    // another address may still register
    expect((await register({ email: freshEmail("f"), ...strong }, freshIp())).status).toBe(302);
  }, 120_000);

  it("limits the password checks of one address too", async () => {
    const client = freshIp();
    for (let i = 0; i < RATE_LIMITS.passwordCheck.max; i++) {
      const weak = await register(
        { email: freshEmail("checks"), password: "password1", confirmPassword: "password1" },
        client,
      );
      expect(weak.status, `check ${i + 1}`).toBe(400);
    }
    const next = await register({ email: freshEmail("checks"), ...strong }, client);
    expect(next.status).toBe(429);
    expect(next.data.error).toMatch(WAIT_MESSAGE);
  }, 120_000);
});

// issue 30, item 4: with a stolen session, the current password was guessed from many addresses
describe("guesses at the current password with a session, per account from any address", () => {
  const strongNew = "copper-kettle-on-the-moor";
  const change = (cookie: string, currentPassword: string, clientIp: string) =>
    callAction(
      settingsAction,
      "/account/settings",
      { intent: "password", currentPassword, newPassword: strongNew, confirmPassword: strongNew },
      clientIp,
      cookie,
    );
  const remove = (cookie: string, password: string, clientIp: string) =>
    callAction(settingsAction, "/account/settings", { intent: "delete-account", password }, clientIp, cookie);
  const stillSignsIn = async (email: string, password: string) =>
    (await callAction(loginAction, "/login", { email, password }, freshIp())).status === 302;
  const wrongThenWaits = (count: number) => [
    ...Array<number>(PASSWORD_CONFIRM_BACKOFF.free).fill(400),
    ...Array<number>(count - PASSWORD_CONFIRM_BACKOFF.free).fill(429),
  ];
  /** Forty wrong guesses from forty addresses are held back after five; then the right password's answer. */
  const fortyWrongThenRight = async (
    attempt: typeof change,
    customer: { cookie: string; password: string },
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await attempt(customer.cookie, `guess-${i}`, freshIp())).status);
    expect(statuses).toEqual(wrongThenWaits(40));
    return attempt(customer.cookie, customer.password, freshIp());
  };

  it("password change: 40 wrong guesses from 40 addresses are held back after five, the right one too", async () => {
    const customer = await registerCustomer("stolen-change");
    const right = await fortyWrongThenRight(change, customer);
    expect(right.status).toBe(429);
    expect(right.data.error).toMatch(WAIT_MESSAGE);
    expect(await stillSignsIn(customer.email, customer.password)).toBe(true);
    expect(await stillSignsIn(customer.email, strongNew)).toBe(false);
  }, 180_000);

  it("account deletion: the same, and guesses on either form count for both", async () => {
    const customer = await registerCustomer("stolen-delete");
    const right = await fortyWrongThenRight(remove, customer);
    expect(right.status).toBe(429);
    expect(await stillSignsIn(customer.email, customer.password)).toBe(true);

    // the password change's guesses hold back a deletion (which has no strength check of its own)
    const other = await registerCustomer("stolen-both");
    for (let i = 0; i < PASSWORD_CONFIRM_BACKOFF.free; i++) {
      expect((await change(other.cookie, `guess-${i}`, freshIp())).status).toBe(400);
    }
    expect((await remove(other.cookie, other.password, freshIp())).status).toBe(429);
    expect(await stillSignsIn(other.email, other.password)).toBe(true);
  }, 180_000);

  it("lets the right password through once the wait is over; a right one forgets the guesses", async () => {
    const owner = async (label: string) => {
      const customer = await registerCustomer(label);
      const session = await t.services.auth.api.getSession({
        headers: new Headers({ cookie: customer.cookie }),
      });
      return { ...customer, session: session!, headers: new Headers({ cookie: customer.cookie }) };
    };
    const guessKey = (userId: string) => `password-confirm:${userId}`;
    const counter = async (key: string) =>
      (await t.services.db.select().from(rateLimit).where(eq(rateLimit.key, key)))[0];
    const started = Date.now();

    // a few typos, then the right password: the count starts afresh
    const typist = await owner("typist");
    const change = (currentPassword: string, now: number) =>
      changePassword({
        ...t.services,
        ...typist,
        clientIp: freshIp(),
        currentPassword,
        newPassword: strongNew,
        confirmPassword: strongNew,
        now,
      });
    for (let i = 0; i < 3; i++) {
      await expect(change(`typo-${i}`, started + i)).rejects.toMatchObject({ code: "invalid_password" });
    }
    expect((await counter(guessKey(typist.session.user.id)))?.count).toBe(3);
    await expect(change(typist.password, started + 3)).resolves.toBeInstanceOf(Headers);
    expect(await counter(guessKey(typist.session.user.id))).toBeUndefined();

    // five guesses, then the owner: told to wait, and let in once the wait is over
    const victim = await owner("victim");
    const remove = (password: string, now: number) =>
      deleteAccount({ ...t.services, ...victim, clientIp: freshIp(), password, now });
    for (let i = 0; i < PASSWORD_CONFIRM_BACKOFF.free; i++) {
      await expect(remove(`guess-${i}`, started + i)).rejects.toMatchObject({ code: "invalid_password" });
    }
    await expect(remove(victim.password, started + 10_000)).rejects.toMatchObject({
      code: "rate_limited",
      userMessage: authMessages.tooManyAttempts(PASSWORD_CONFIRM_BACKOFF.baseDelay - 10 + 1),
    });
    await expect(
      remove(victim.password, started + PASSWORD_CONFIRM_BACKOFF.baseDelay * 1000 + 10),
    ).resolves.toMatchObject({
      keptOrderCount: 0,
    });
    // the counter went with the account
    expect(await counter(guessKey(victim.session.user.id))).toBeUndefined();
  }, 120_000);
});
