// What a hostile customer can make the password strength estimator cost (issue 30, item 1): the
// estimator runs only for posts a rate limit has counted and let through, on a bounded prefix, in
// a worker thread. Measured with process.cpuUsage(), which counts every thread of this process:
// the estimator's worker, the database (PGlite runs in-process) and the route code alike.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as settingsAction } from "../../app/routes/account/account-settings";
import { action as forgotPasswordAction } from "../../app/routes/auth/forgot-password";
import { action as resetPasswordAction } from "../../app/routes/auth/reset-password";
import { callRoute, freshIp, settle } from "../../tests/setup/route-call";
import { registerTestCustomer } from "../../tests/setup/test-commerce";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { listOutbox } from "../mail/read-outbox";
import { MAX_CHECKED_LENGTH } from "./password-policy";
import { RATE_LIMITS } from "./rate-limit";

const t = setupTestServices();

/**
 * 64 characters that zxcvbn finds weak (score 1, and so are their first 32) only after matching
 * every dictionary, repeat and sequence pattern in them: the slowest of 1,500 random mixes of
 * common words and digits. Judged whole on the request's thread, as before issue 30, each check
 * took 130-200 ms of CPU on this 2-core machine; its first 32 characters take 20-35 ms.
 */
const CRAFTED = "12121212iloveyouiloveyouiloveyou12121212iloveyouiloveyouiloveyou";
const POSTS = 50;

/** How many strength checks the estimator has run in this process (its metric's _count). */
async function estimatesRun(): Promise<number> {
  const { body } = await t.services.metrics.read();
  return Number(/^nocturn_password_strength_check_seconds_count (\d+)$/m.exec(body)?.[1] ?? Number.NaN);
}

// garbage left by what ran before (registrations, the warm-up) is collected before measuring, so
// that a collection it would cause does not fall among the 50 posts
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** Posts `post` `POSTS` times in a row: the answers' statuses, the CPU they took and the estimates run. */
async function measure(post: () => Promise<unknown>) {
  const estimatesBefore = await estimatesRun();
  collectGarbage();
  const statuses: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < POSTS; i++) statuses.push(settle(await post()).status);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    statuses,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    estimates: (await estimatesRun()) - estimatesBefore,
  };
}

/** `allowed` weak passwords refused (400) with one estimate each, then only 429s; under 1 s of CPU in all. */
function expectChecksHeldBack(measured: Awaited<ReturnType<typeof measure>>, allowed: number) {
  expect(measured.statuses).toEqual([
    ...Array<number>(allowed).fill(400),
    ...Array<number>(POSTS - allowed).fill(429),
  ]);
  expect(measured.estimates).toBe(allowed);
  expect(measured.cpuSeconds).toBeLessThan(1);
}

type Customer = Awaited<ReturnType<typeof registerTestCustomer>>;

/** The password change form, posted by the signed-in `customer` from `clientIp`. */
const postToChangeForm = (customer: Customer, clientIp: string) =>
  callRoute(
    settingsAction,
    formRequest(
      "/account/settings",
      {
        intent: "password",
        currentPassword: customer.password,
        newPassword: CRAFTED,
        confirmPassword: CRAFTED,
      },
      customer.cookie,
    ),
    { services: t.services, clientIp },
  );

/** The reset form, posted with `token` from `clientIp`. */
const postToResetForm = (token: string, clientIp: string) =>
  callRoute(
    resetPasswordAction,
    formRequest(`/reset-password?token=${encodeURIComponent(token)}`, {
      token,
      password: CRAFTED,
      confirmPassword: CRAFTED,
    }),
    { services: t.services, clientIp },
  );

/** A valid reset link's token for the customer, as the e-mail carries it. */
async function resetTokenFor(customer: Customer): Promise<string> {
  await callRoute(forgotPasswordAction, formRequest("/forgot-password", { email: customer.email }), {
    services: t.services,
  });
  await t.services.auth.background.settled();
  const mail = (await listOutbox(t.outboxFolder)).find(
    (candidate) => candidate.to.includes(customer.email) && candidate.text.includes("/reset-password?token="),
  );
  const token = decodeURIComponent(/reset-password\?token=([^\s"<>]+)/.exec(mail?.text ?? "")?.[1] ?? "");
  expect(token).not.toBe("");
  return token;
}

describe("the password strength estimator under a flood of crafted passwords", () => {
  // a long-running server has loaded the dictionaries and compiled the code of these requests: so
  // does this file, with the same floods from accounts and addresses of their own, unmeasured
  beforeAll(async () => {
    const warmUp = await registerTestCustomer(t.services);
    const address = freshIp();
    for (let i = 0; i < POSTS; i++) await postToChangeForm(warmUp, address);
    const token = await resetTokenFor(await registerTestCustomer(t.services));
    for (let i = 0; i < POSTS; i++) await postToResetForm(token, freshIp());
  }, 120_000);

  it("50 posts to the change form from one account cost under 1 s of CPU; the 429 answers cost no estimate", async () => {
    const customer = await registerTestCustomer(t.services);
    const attacker = freshIp();
    const post = () => postToChangeForm(customer, attacker);
    const first = settle<{ error?: string }>(await post());
    expect(first.status).toBe(400);
    expect(first.data.error).toMatch(/^Password is too easy to guess\./);
    expect(first.data.error).toContain(`Its first ${MAX_CHECKED_LENGTH} characters must be hard to guess`);

    expectChecksHeldBack(await measure(post), RATE_LIMITS.passwordCheckPerAccount.max - 1);
  }, 120_000);

  it("50 posts to the reset form with a valid link cost under 1 s of CPU; the 429 answers cost no estimate", async () => {
    const token = await resetTokenFor(await registerTestCustomer(t.services));
    const attacker = freshIp();
    expectChecksHeldBack(
      await measure(() => postToResetForm(token, attacker)),
      RATE_LIMITS.passwordCheckPerAccount.max,
    );
  }, 120_000);

  it("holds one account's checks from many addresses, and one address's checks over many accounts", async () => {
    const customer = await registerTestCustomer(t.services);
    const perAccount = RATE_LIMITS.passwordCheckPerAccount.max;
    for (let i = 0; i < perAccount; i++) {
      expect(settle(await postToChangeForm(customer, freshIp())).status).toBe(400);
    }
    const estimates = await estimatesRun();
    expect(settle(await postToChangeForm(customer, freshIp())).status).toBe(429);
    expect(await estimatesRun()).toBe(estimates);

    // one address with a fresh account every few posts: the address's own limit
    const address = freshIp();
    let answered = 0;
    while (answered < RATE_LIMITS.passwordCheck.max) {
      const another = await registerTestCustomer(t.services);
      for (let i = 0; i < perAccount && answered < RATE_LIMITS.passwordCheck.max; i++, answered++) {
        expect(settle(await postToChangeForm(another, address)).status).toBe(400);
      }
    }
    const last = await registerTestCustomer(t.services);
    const before = await estimatesRun();
    expect(settle(await postToChangeForm(last, address)).status).toBe(429);
    expect(await estimatesRun()).toBe(before);
  }, 120_000);
});
