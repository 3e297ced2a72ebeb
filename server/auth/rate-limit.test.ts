import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "../../app/routes/login";
import { action as registerAction } from "../../app/routes/register";
import { authMessages } from "../../core/validation/auth";
import { callRoute, type RouteFunction, settle } from "../../tests/setup/route-call";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { rateLimit } from "../db/schema";
import { consumeRateLimit, pruneRateLimits, RATE_LIMITS } from "./rate-limit";

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
) =>
  settle<{ error?: string }>(
    await callRoute(action, formRequest(pathname, fields), { services: t.services, clientIp }),
  );

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

  it("lets exactly max of 20 concurrent attempts through", async () => {
    // on PostgreSQL these run on up to 10 connections at once: the real race, a few rounds of it
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
    for (let i = 0; i < RATE_LIMITS.signInPerAccount.max; i++) {
      const result = await callAction(loginAction, "/login", { email, password: `wrong-${i}` }, attacker);
      expect(result.status, `attempt ${i + 1}`).toBe(401);
    }
    // the sixth is refused before the password is even checked, the right one too
    const sixth = await callAction(loginAction, "/login", { email, password }, attacker);
    expect(sixth.status).toBe(429);
    expect(sixth.data.error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    const seconds = Number(/wait (\d+)/.exec(sixth.data.error ?? "")?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.signInPerAccount.window);
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
