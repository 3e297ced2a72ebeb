// The store on a real PostgreSQL that goes away: connections terminated by the server, the server
// unreachable, statements past their timeout. Requests go through the real Express app.
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { couponMessages } from "../../core/coupon";
import { type LogRecord, recordingLogger } from "../../tests/setup/recording-logger";
import { TcpProxy } from "../../tests/setup/tcp-proxy";
import { startTestApp, type StartedTestApp as TestApp } from "../../tests/setup/test-app";
import { insertTestProduct, signUpTestUser } from "../../tests/setup/test-commerce";
import { TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { parseConfig } from "../config";
import type { Services } from "../services";
import { createServices } from "../services";
import { type DatabaseHandle, openDatabase } from "./client";
import { classifyDatabaseError } from "./database-errors";

const GENERIC_PAGE = "An unexpected error occurred. Please try again.";
const GENERIC_TEXT = "Something went wrong. Please try again.";
const STATEMENT_TIMEOUT_MS = 2_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)("database outages (PostgreSQL, TEST_DATABASE_URL)", () => {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgres://localhost");
  const databaseName = `nocturn_test_${process.ppid}_${randomBytes(6).toString("hex")}`;
  const proxy = new TcpProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
  const { log, records } = recordingLogger();
  let admin: pg.Client;
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  let services: Services;
  let app: TestApp;
  let variantId: string;
  let cookie: string;

  /** A connection of the test's own, straight to the server (not through the proxy). */
  async function connectDirectly(database = databaseName) {
    const url = new URL(serverUrl.href);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    admin = await connectDirectly(serverUrl.pathname.slice(1) || "postgres");
    await admin.query(`create database ${databaseName} template ${inject("postgresTemplate")}`);
    await proxy.start();
    // the store reaches PostgreSQL only through the proxy, so stopping the proxy takes it away
    const storeUrl = new URL(serverUrl.href);
    storeUrl.host = `127.0.0.1:${proxy.port}`;
    storeUrl.pathname = `/${databaseName}`;
    handle = await openDatabase({
      url: storeUrl.href,
      pool: { max: 4, connectTimeoutMs: 2_000, statementTimeoutMs: STATEMENT_TIMEOUT_MS },
      log,
    });
    pool = handle.pool!;
    const config = parseConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      DATA_DIR: await mkdtemp(path.join(tmpdir(), "nocturn-outage-")),
      NODE_ENV: "test",
      AUTH_SECRET: "test-secret-that-is-long-enough-to-sign-cookies",
    });
    ({ services } = await createServices({ config, db: handle.db, log }));
    app = await startTestApp(services);
    variantId = (await insertTestProduct(handle.db)).variant.id;
    cookie = (await signUpTestUser(services)).cookie;
    // the first request to each route compiles it
    for (const pathname of ["/products", "/account"]) {
      expect((await app.fetch(pathname, { headers: { Cookie: cookie } })).status).toBe(200);
    }
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy.stop();
    await admin?.query(`drop database if exists ${databaseName} with (force)`);
    await admin?.end();
  });

  /** Ends every connection the store has to its database, as a failover or restart does. */
  async function terminateStoreConnections(except: number[] = []) {
    const { rows } = await admin.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and pid <> all($2::int[])`,
      [databaseName, except],
    );
    return rows.length;
  }

  /** Holds an exclusive lock on the product table until the returned function is called. */
  async function lockProducts() {
    const locker = await connectDirectly();
    await locker.query("begin");
    await locker.query("lock table product in access exclusive mode");
    const { rows } = await locker.query<{ pid: number }>("select pg_backend_pid() as pid");
    return {
      pid: rows[0]!.pid,
      async release() {
        await locker.query("rollback");
        await locker.end();
      },
    };
  }

  const logSince = (start: number) => records.slice(start);
  const outageLines = (lines: LogRecord[]) => ({
    down: lines.filter((record) => record.msg.startsWith("database unavailable")),
    up: lines.filter((record) => record.msg === "database reachable again"),
    // a database failure is one short line per request: no error object, so no stack
    withStack: lines.filter((record) => record.err !== undefined),
  });

  const getPage = (pathname: string) => app.fetch(pathname, { headers: { Cookie: cookie } });

  it("survives PostgreSQL terminating its connections while requests run, and serves the next ones", async () => {
    const logStart = records.length;
    // the shop's queries wait behind the lock, so they are certainly running when their
    // connections are terminated
    const lock = await lockProducts();
    const inFlight = Array.from({ length: 3 }, () => app.fetch("/products"));
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
            where datname = $1 and wait_event_type = 'Lock' and pid <> $2`,
          [databaseName, lock.pid],
        );
        expect(rows[0]!.waiting).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 20 },
    );
    const terminatedAt = performance.now();
    expect(await terminateStoreConnections([lock.pid])).toBeGreaterThan(0);
    await lock.release();

    const answered = await Promise.all(inFlight);
    const answeredAfterMs = performance.now() - terminatedAt;
    // a request whose query was cut answers the generic page with 503; none crashed the process
    expect(answered.map((response) => response.status)).toContain(503);
    for (const response of answered) {
      expect([200, 503]).toContain(response.status);
      if (response.status === 503) expect(await response.text()).toContain(GENERIC_PAGE);
    }

    // recovery: the pool replaces the terminated connections on the next queries
    let failedMeanwhile = 0;
    let lastRequestMs = 0;
    for (;;) {
      const started = performance.now();
      const response = await app.fetch("/products");
      lastRequestMs = performance.now() - started;
      if (response.status === 200) break;
      expect(response.status).toBe(503);
      failedMeanwhile++;
    }
    const recoveredAfterMs = performance.now() - terminatedAt;
    console.info(
      `connections terminated: requests in flight answered after ${answeredAfterMs.toFixed(0)} ms; ` +
        `first new request succeeded ${recoveredAfterMs.toFixed(0)} ms after the termination ` +
        `(the request itself took ${lastRequestMs.toFixed(0)} ms; ${failedMeanwhile} answered 503 before it)`,
    );
    const later = await Promise.all(Array.from({ length: 6 }, () => getPage("/products")));
    expect(later.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const lines = outageLines(logSince(logStart));
    expect(lines.down).toHaveLength(1);
    expect(lines.down[0]!.code).toBe("57P01");
    expect(lines.up).toHaveLength(1);
    expect(lines.withStack).toEqual([]);
  });

  it("survives PostgreSQL terminating its idle connections", async () => {
    // a few requests at once leave several connections idle in the pool
    await Promise.all(Array.from({ length: 4 }, () => getPage("/products")));
    expect(pool.idleCount).toBeGreaterThan(0);
    const logStart = records.length;

    await terminateStoreConnections();
    // each idle connection reports its end as an 'error' event on the pool, which drops it
    await vi.waitFor(() => expect(pool.totalCount).toBe(0));

    expect((await getPage("/products")).status).toBe(200);
    const lines = outageLines(logSince(logStart));
    expect(lines.down).toHaveLength(1);
    expect(lines.up).toHaveLength(1);
  });

  it("answers 503 while PostgreSQL is unreachable, /readyz included (/healthz stays 200), and 200 as soon as it is back", async () => {
    expect((await app.fetch("/readyz")).status).toBe(200);
    const logStart = records.length;

    await proxy.stop();
    const ready = await app.fetch("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", reason: "database unavailable" });
    // liveness does not ask the database: an outage must not get every process restarted
    expect((await app.fetch("/healthz")).status).toBe(200);

    const page = await app.fetch("/products");
    expect(page.status).toBe(503);
    expect(await page.text()).toContain(GENERIC_PAGE);
    // a client-side navigation asks for the loader data alone
    expect((await app.fetch("/products.data")).status).toBe(503);
    // a signed-in shopper is not taken for a visitor (and sent to sign in) because the session
    // cannot be read
    const signedIn = await getPage("/account");
    expect(signedIn.status).toBe(503);
    expect(await signedIn.text()).toBe(GENERIC_TEXT);
    for (let probe = 0; probe < 5; probe++) expect((await app.fetch("/readyz")).status).toBe(503);

    // every connection is gone before the database comes back
    await vi.waitFor(() => expect(pool.totalCount).toBe(0));
    await proxy.start();
    expect((await app.fetch("/readyz")).status).toBe(200);
    expect((await getPage("/products")).status).toBe(200);
    expect((await getPage("/account")).status).toBe(200);

    // one line when it went away, one when it came back; nothing with a stack per request
    const lines = outageLines(logSince(logStart));
    expect(lines.down).toHaveLength(1);
    expect(lines.down[0]!.database).toMatch(new RegExp(`^127\\.0\\.0\\.1:${proxy.port}/${databaseName}$`));
    expect(lines.up).toHaveLength(1);
    expect(lines.withStack).toEqual([]);
  });

  it("cancels a statement past the statement timeout and answers an error, not a hung request", async () => {
    await expect(
      handle.db.execute(sql`select pg_sleep(${(STATEMENT_TIMEOUT_MS / 1000) * 2})`),
    ).rejects.toSatisfy((error) => classifyDatabaseError(error)?.kind === "timeout");

    const lock = await lockProducts();
    try {
      // the shop's product query waits for the lock until the server cancels it
      const page = await app.fetch("/products");
      expect(page.status).toBe(503);
      expect(await page.text()).toContain(GENERIC_PAGE);

      // an action shows its own generic message (the spec's), with the same status
      const coupon = await app.fetch("/cart.data", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "coupon",
          code: "WELCOME10",
          lines: JSON.stringify([{ variantId, quantity: 1 }]),
        }),
      });
      expect(coupon.status).toBe(503);
      expect(await coupon.text()).toContain(couponMessages.failed);
    } finally {
      await lock.release();
    }
    expect((await app.fetch("/products")).status).toBe(200);
    expect(
      records.filter((record) =>
        record.msg.endsWith("database statement timed out (canceling statement due to statement timeout)"),
      ),
    ).toHaveLength(2);
  });
});
