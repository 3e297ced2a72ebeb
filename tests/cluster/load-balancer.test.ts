// Two store processes on one PostgreSQL behind nginx with deploy/nginx.conf, images on S3 (s3rver),
// the test payment provider: what issue 14 asks of a store that runs as several processes. Needs a
// production build, nginx and PostgreSQL (TEST_DATABASE_URL); `npm run test:cluster` runs it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../server/config";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { jobRun, order, orderItem, product } from "../../server/db/schema";
import type { Services } from "../../server/services";
import { createServices } from "../../server/services";
import { startS3Server, type TestS3Server } from "../setup/s3-server";
import {
  insertTestProduct,
  insertTestUsers,
  productStock,
  signUpTestUser,
  TEST_SHIPPING,
} from "../setup/test-commerce";
import { placeReservedOrder } from "../setup/test-orders";
import {
  type Balancer,
  createClusterDatabase,
  eventually,
  freePort,
  requireClusterPrerequisites,
  type StoreProcess,
  startBalancer,
  startStore,
} from "./harness";

const postgresUrl = requireClusterPrerequisites();
const ADMIN = { email: "cluster.admin@nocturn-shop.io", password: "a long cluster passphrase" };
const PASSWORD = "velvet-night-42"; // signUpTestUser's

let dataDir: string;
let database: Awaited<ReturnType<typeof createClusterDatabase>>;
let s3: TestS3Server;
let balancer: Balancer;
const stores: StoreProcess[] = [];
let storeEnv: Record<string, string>;
let handle: DatabaseHandle;
/** The store's services in the test process, on the same database and secret as the processes. */
let services: Services;

beforeAll(async () => {
  database = await createClusterDatabase(postgresUrl);
  dataDir = await mkdtemp(path.join(tmpdir(), "nocturn-cluster-"));
  s3 = await startS3Server();
  const ports = [await freePort(), await freePort()];
  balancer = await startBalancer(ports);
  storeEnv = {
    PUBLIC_URL: balancer.url,
    DATABASE_URL: database.url,
    AUTH_SECRET: "cluster-test-secret-long-enough-to-sign-cookies",
    TRUST_PROXY: "1",
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SHUTDOWN_DRAIN_MS: "5000",
    LOG_LEVEL: "info",
  };
  // both at once: migrations, the demo catalog and the admin are made once (startup-lock.ts)
  stores.push(
    ...(await Promise.all(
      ports.map((port, index) =>
        startStore(`store ${"ab"[index]}`, port, {
          ...storeEnv,
          DATA_DIR: path.join(dataDir, `store-${index}`),
        }),
      ),
    )),
  );
  // the test's own sign-ups hash passwords 20 at a time: on a loaded machine a connection can take
  // longer than the store's 5 s to come free
  handle = await openDatabase({ url: database.url, pool: { connectTimeoutMs: 60_000 } });
  const config = parseConfig({ ...storeEnv, NODE_ENV: "test", DATA_DIR: path.join(dataDir, "test") });
  ({ services } = await createServices({ config, db: handle.db, log: pino({ level: "silent" }) }));
}, 240_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.stop()));
  await services?.mailQueue.stop();
  await handle?.close();
  await balancer?.stop();
  await s3?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A browser's request through the balancer (or to one process): its own origin, no redirects. */
function request(
  pathname: string,
  init: { cookie?: string; form?: Record<string, string>; base?: string } = {},
) {
  const headers: Record<string, string> = { Origin: balancer.url };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  return fetch(`${init.base ?? balancer.url}${pathname}`, {
    method: init.form ? "POST" : "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    redirect: "manual",
  });
}

/** Signs in through the sign-in page's form; the session cookie it set. */
async function signIn(email: string, password: string): Promise<string> {
  const response = await request("/login", { form: { email, password } });
  expect(response.status, await response.clone().text()).toBe(302);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.join("; ");
}

const upstreamsOf = async (path: string) =>
  new Set(
    (await balancer.accessLog())
      .filter((entry) => entry.request.includes(` ${path} `))
      .map((e) => e.upstream),
  );

type Send = typeof request;

/**
 * A purchase through the balancer as the checkout dialog makes it: the order (found by its checkout
 * key), its payment page, the test card. `statuses` holds each answer's status.
 */
async function buy(cookie: string, userId: string, variantId: string, send: Send = request) {
  const statuses: number[] = [];
  const post = async (pathname: string, form: Record<string, string>, withCookie = true) => {
    const response = await send(pathname, { form, cookie: withCookie ? cookie : undefined });
    await response.arrayBuffer();
    statuses.push(response.status);
    return response.status;
  };
  const lines = JSON.stringify([{ variantId, quantity: 1 }]);
  await post("/cart", { intent: "prepare", lines, couponCode: "", ...TEST_SHIPPING });
  // the buyer's one open checkout
  const [made] = await handle.db
    .select({ id: order.id })
    .from(order)
    .where(and(eq(order.userId, userId), eq(order.status, "pending"), eq(order.isReserved, false)));
  if (!made) return { paid: false, statuses };
  await post("/cart", { intent: "pay", orderId: made.id });
  const [row] = await handle.db
    .select({ sessionId: order.paymentSessionId })
    .from(order)
    .where(eq(order.id, made.id));
  if (!row?.sessionId) return { paid: false, statuses, orderId: made.id };
  const card = { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" };
  const paid = (await post(`/test-checkout/${row.sessionId}`, card, false)) === 302;
  return { paid, statuses, orderId: made.id };
}

interface Failure {
  what: string;
  answer: number | string;
  startedAt: number;
}

/**
 * Shoppers browsing and buying through the balancer until `stop`: four browsing loops over the
 * catalog pages and one purchase loop per buyer. Every request that fails (no answer, or a 5xx) is
 * recorded with when it was sent; every purchase whose card payment was accepted, with its order.
 */
function steadyLoad(options: {
  productId: string;
  variantId: string;
  buyers: { id: string; cookie: string }[];
}) {
  let stopping = false;
  let requests = 0;
  const failures: Failure[] = [];
  const purchases: string[] = [];
  const send: Send = async (pathname, init) => {
    const startedAt = Date.now();
    try {
      const response = await request(pathname, init);
      requests++;
      if (response.status >= 500) failures.push({ what: pathname, answer: response.status, startedAt });
      return response;
    } catch (error) {
      failures.push({ what: pathname, answer: String(error), startedAt });
      throw error;
    }
  };
  const pages = ["/", "/products", `/products/${options.productId}`, "/about", "/cart"];
  const browse = async (offset: number) => {
    for (let i = offset; !stopping; i++) {
      await (await send(pages[i % pages.length]!).catch(() => undefined))?.arrayBuffer();
    }
  };
  const purchase = async (buyer: { id: string; cookie: string }) => {
    while (!stopping) {
      const result = await buy(buyer.cookie, buyer.id, options.variantId, send).catch(() => undefined);
      if (result?.paid && result.orderId) purchases.push(result.orderId);
    }
  };
  const loops = [...[0, 1, 2, 3].map(browse), ...options.buyers.map(purchase)];
  expect(loops).toHaveLength(LOAD_LOOPS);
  return {
    get requests() {
      return requests;
    },
    /** Resolves once `more` further requests have been answered. */
    async progress(more: number) {
      const target = requests + more;
      await eventually(`${more} more requests`, async () => requests >= target, 60_000);
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return { requests, failures, purchases };
    },
  };
}

/**
 * Starts the store process at `index` again, on its port, after it has ended, and waits until nginx
 * sends it requests again: after refused connections nginx leaves a process out for fail_timeout
 * (5 s), so stopping the other one before that would leave no process to answer. Needs load.
 */
async function restart(index: number) {
  const old = stores[index]!;
  const seen = (await balancer.accessLog()).length;
  stores[index] = await startStore(old.name, old.port, {
    ...storeEnv,
    DATA_DIR: path.join(dataDir, `store-${index}`),
  });
  await eventually(
    `nginx to send ${old.name} requests again`,
    async () =>
      (await balancer.accessLog())
        .slice(seen)
        .some((entry) => entry.upstream === `127.0.0.1:${old.port}` && entry.status < 500),
    30_000,
  );
}

/** Four browsing loops and four buyers: requests in flight at any moment, at most. */
const LOAD_LOOPS = 8;

async function loadFixture(name: string) {
  const item = await insertTestProduct(handle.db, { name, priceCents: 2500, stock: 10_000 });
  const buyers = await Promise.all(Array.from({ length: 4 }, () => signUpTestUser(services, "steady")));
  return { item, load: steadyLoad({ productId: item.id, variantId: item.variant.id, buyers }) };
}

const paidOrdersOf = async (productId: string) =>
  (
    await handle.db
      .selectDistinct({ id: order.id })
      .from(order)
      .innerJoin(orderItem, eq(orderItem.orderId, order.id))
      .where(and(eq(orderItem.productId, productId), eq(order.paymentStatus, "paid")))
  ).length;

describe("two processes behind nginx", () => {
  it("keep a customer signed in through the balancer whichever process answers", async () => {
    const shopper = await signUpTestUser(services, "cluster");
    const cookie = await signIn(shopper.email, PASSWORD);
    for (let i = 0; i < 12; i++) {
      const response = await request("/account", { cookie });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(shopper.email);
    }
    expect((await upstreamsOf("/account")).size).toBe(2);
  });

  it("show a product edited through one process on pages the other serves within a second", async () => {
    const tee = await insertTestProduct(handle.db, { name: "Cluster Tee", priceCents: 4500, stock: 5 });
    // each process keeps the product page in its page cache
    const pageOn = (store: StoreProcess) => request(`/products/${tee.id}`, { base: store.url });
    // (the insert's own notification may still empty a cache: ask until the page is kept)
    for (const store of stores) {
      const cached = await eventually(`${store.name} to keep the page`, async () => {
        const response = await pageOn(store);
        const html = await response.text();
        return response.headers.get("x-cache") === "HIT" && html;
      });
      expect(cached).toContain("$45.00");
    }

    // the admin's edit reaches one of them through the balancer; both must show it
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const [variant] = tee.variants;
    const saved = await request("/admin/products", {
      cookie: admin,
      form: {
        intent: "save",
        id: tee.id,
        name: "Cluster Tee",
        price: "52.00",
        description: "",
        category: "T-Shirts",
        sizeId: variant!.id,
        sizeLabel: variant!.size,
        sizeStock: String(variant!.stock),
        sizeSku: variant!.skuSuffix ?? "",
      },
    });
    expect(saved.status).toBe(200);
    await saved.arrayBuffer();
    const savedAt = performance.now();
    const [edited] = await handle.db
      .select({ priceCents: product.priceCents })
      .from(product)
      .where(eq(product.id, tee.id));
    expect(edited?.priceCents).toBe(5200);

    for (const store of stores) {
      await eventually(
        `${store.name} to show the new price`,
        async () => (await (await pageOn(store)).text()).includes("$52.00"),
        1_000,
      );
    }
    expect(performance.now() - savedAt).toBeLessThan(1_000);
  });

  it("sell exactly the stock to 200 buyers at once, spread over both processes", async () => {
    const jacket = await insertTestProduct(handle.db, {
      name: "Last Ten Jacket",
      priceCents: 19900,
      stock: 10,
    });
    const buyers = [];
    for (let i = 0; i < 200; i += 20) {
      buyers.push(
        ...(await Promise.all(Array.from({ length: 20 }, () => signUpTestUser(services, "buyer")))),
      );
    }
    const results = await Promise.all(buyers.map((buyer) => buy(buyer.cookie, buyer.id, jacket.variant.id)));

    expect(results.filter((result) => result.paid)).toHaveLength(10);
    expect(results.flatMap((result) => result.statuses).filter((status) => status >= 500)).toEqual([]);
    expect(await paidOrdersOf(jacket.id)).toBe(10);
    expect(await productStock(handle.db, jacket.id)).toBe(0);
    expect((await upstreamsOf("/cart")).size).toBe(2);
  });

  it("release an expired reservation once, not once per process", async () => {
    const [shopper] = await insertTestUsers(handle.db, 1);
    const cap = await insertTestProduct(handle.db, { name: "Swept Cap", stock: 4 });
    const { orderId } = await placeReservedOrder(services, shopper!, [
      { variantId: cap.variant.id, quantity: 3 },
    ]);
    expect(await productStock(handle.db, cap.id)).toBe(1);
    await handle.db
      .update(order)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(order.id, orderId));
    await handle.db
      .update(jobRun)
      .set({ nextRunAt: sql`now()` })
      .where(eq(jobRun.name, "release-expired-reservations"));

    // each process wakes at the latest a minute after its last look at the schedule
    await eventually(
      "the reservation to be released",
      async () => (await productStock(handle.db, cap.id)) === 4,
      75_000,
    );
    const runs = stores.flatMap((store) =>
      store.logs.filter((line) => line.job === "release-expired-reservations" && Number(line.checked) > 0),
    );
    expect(runs).toHaveLength(1);
    expect(await productStock(handle.db, cap.id)).toBe(4);
  }, 90_000);

  it("lose no request and no order in a rolling restart under steady load", async () => {
    const { item, load } = await loadFixture("Rolling Hoodie");
    await load.progress(30);
    for (const index of [0, 1]) {
      // SIGTERM: not ready, answers with Connection: close for the drain delay, then stops
      expect(await stores[index]!.stop()).toBe(0);
      await load.progress(20);
      await restart(index);
      await load.progress(30);
    }
    const result = await load.stop();

    expect(result.failures, await balancer.errorLog()).toEqual([]);
    expect(result.purchases.length).toBeGreaterThan(0);
    expect(await paidOrdersOf(item.id)).toBe(result.purchases.length);
  }, 240_000);

  it("lose no order when a process is killed under load; only requests it held fail", async () => {
    const { item, load } = await loadFixture("Killed Parka");
    await load.progress(30);
    stores[0]!.child.kill("SIGKILL");
    await stores[0]!.exited;
    const deadAt = Date.now();
    await load.progress(60);
    await restart(0);
    const result = await load.stop();

    // a request sent before the process died may have been on it (one per loop at most); none sent
    // after fails: nginx sends them, and retries what the dead process refused, to the other
    expect(result.failures.length, await balancer.errorLog()).toBeLessThanOrEqual(LOAD_LOOPS);
    for (const failure of result.failures) expect(failure.startedAt).toBeLessThanOrEqual(deadAt);
    expect(result.purchases.length).toBeGreaterThan(0);
    // every purchase whose payment was accepted is a paid order: none is lost
    const paid = await handle.db
      .select({ id: order.id })
      .from(order)
      .where(and(inArray(order.id, result.purchases), eq(order.paymentStatus, "paid")));
    expect(paid).toHaveLength(result.purchases.length);
    expect(await paidOrdersOf(item.id)).toBeGreaterThanOrEqual(result.purchases.length);
  }, 240_000);
});
