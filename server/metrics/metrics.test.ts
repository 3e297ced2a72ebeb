// Prometheus metrics over HTTP, on the real app and routes: who may read them, and that what the
// store does (pages, the page cache, checkout, webhooks, e-mail, jobs) shows up in them with labels
// from a fixed set, never a URL or an id.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../tests/setup/test-app";
import { insertTestProduct, signUpTestUser } from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import { placeReservedOrder } from "../../tests/setup/test-orders";
import { createJobScheduler } from "../jobs/scheduler";
import { enqueueEmail } from "../mail/enqueue-email";
import { closeMetricsServer, startMetricsServer } from "./metrics-endpoint";

const TOKEN = "metrics-token-for-the-tests-0123456789abcdef";
const app = setupTestApp({ METRICS_TOKEN: TOKEN }, { pageCache: true });

beforeAll(() => {
  // as main.ts does on PostgreSQL; PGlite has no pool
  if (app.t.handle.pool) app.t.services.metrics.watchPool(app.t.handle.pool);
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const response = await app.fetch("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return parseSamples(await response.text());
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when absent. */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe("the /metrics endpoint on the store's port", () => {
  it("answers the bearer token only; anything else gets the store's ordinary 404 page", async () => {
    const unknownPage = await app.fetch("/no-such-page");
    expect(unknownPage.status).toBe(404);
    const unknownHtml = await unknownPage.text();

    const refusedHeaders: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong-token-of-the-same-sort-0123456789abcdef" },
      { Authorization: TOKEN },
      { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` },
    ];
    for (const headers of refusedHeaders) {
      const refused = await app.fetch("/metrics", { headers });
      expect(refused.status).toBe(404);
      expect(refused.headers.get("Content-Type")).toBe(unknownPage.headers.get("Content-Type"));
      expect(refused.headers.get("WWW-Authenticate")).toBeNull();
      const html = await refused.text();
      expect(html).not.toContain("http_request_duration_seconds");
      // the same page, naming the path asked for (the nonces differ, their lengths do not)
      expect(html.replaceAll("/metrics", "/no-such-page").length).toBe(unknownHtml.length);
    }

    const response = await app.fetch("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const text = await response.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE nocturn_checkout_outcomes_total counter");

    // a scrape is logged at debug, like a health probe; a refused one as any other request
    const scrapes = app.logs.filter((line) => line.path === "/metrics");
    expect(scrapes.map((line) => line.status)).toEqual([404, 404, 404, 404]);
  });

  it("is answered on a listener of its own without a token", async () => {
    let server: Server | undefined;
    try {
      server = await startMetricsServer({
        port: 0,
        host: "127.0.0.1",
        source: app.t.services.metrics.read,
        log: app.t.services.log,
      });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const response = await fetch(`${url}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("# TYPE http_request_duration_seconds histogram");
      expect((await fetch(`${url}/`)).status).toBe(404);
      expect((await fetch(`${url}/metrics`, { method: "POST" })).status).toBe(404);
    } finally {
      if (server) await closeMetricsServer(server);
    }
  });
});

describe("what the metrics count", () => {
  it("observes each request under its route id and status, never its URL", async () => {
    const product = await insertTestProduct(app.t.services.db, { name: "Measured Hoodie" });
    const requestCount = (samples: Sample[], route: string, status: string) =>
      sampleValue(samples, "http_request_duration_seconds_count", { method: "GET", route, status }) ?? 0;
    const before = await scrape();

    expect((await app.fetch(`/products/${product.id}`, { headers: { Cookie: "nocturn.x=1" } })).status).toBe(
      200,
    );
    expect((await app.fetch(`/products/${product.id}.data`)).status).toBe(200);
    expect((await app.fetch("/reset-password?token=secret-reset-token-value")).status).toBeLessThan(500);
    expect((await app.fetch("/no/such/page")).status).toBe(404);
    expect((await app.fetch("/healthz")).status).toBe(200);
    expect((await app.fetch("/favicon.ico")).status).toBeLessThan(500);

    const after = await scrape();
    expect(
      requestCount(after, "routes/shop/product", "200") - requestCount(before, "routes/shop/product", "200"),
    ).toBe(2);
    expect(requestCount(after, "not_found", "404") - requestCount(before, "not_found", "404")).toBe(1);
    expect(requestCount(after, "health", "200") - requestCount(before, "health", "200")).toBe(1);
    expect(after.some((sample) => sample.labels.route === "routes/auth/reset-password")).toBe(true);

    // every route label is a route id or one of the fixed names; no label carries a URL, an id or a token
    const routeIds = new Set(Object.keys(app.build.routes));
    const fixed = new Set(["static", "health", "metrics", "not_found"]);
    for (const sample of after) {
      if (sample.labels.route !== undefined) {
        expect(routeIds.has(sample.labels.route) || fixed.has(sample.labels.route)).toBe(true);
      }
      for (const value of Object.values(sample.labels)) {
        expect(value).not.toMatch(/^\/|\?|[0-9a-f]{8}-[0-9a-f]{4}-/i);
        expect(value).not.toContain("secret-reset-token-value");
        expect(value).not.toContain(TOKEN);
      }
    }
  });

  it("counts page cache hits, misses and visitors served live", async () => {
    const product = await insertTestProduct(app.t.services.db, { name: "Cached Measured Tee" });
    const path = `/products/${product.id}?measured`;
    const before = await scrape();
    const cache = (samples: Sample[], result: string) =>
      sampleValue(samples, "nocturn_page_cache_requests_total", { result }) ?? 0;

    expect((await app.fetch(path)).headers.get("X-Cache")).toBe("MISS");
    expect((await app.fetch(path)).headers.get("X-Cache")).toBe("HIT");
    expect(
      (await app.fetch(path, { headers: { Cookie: "nocturn.flash=x" } })).headers.get("X-Cache"),
    ).toBeNull();

    const after = await scrape();
    expect(cache(after, "miss") - cache(before, "miss")).toBe(1);
    expect(cache(after, "hit") - cache(before, "hit")).toBe(1);
    expect(cache(after, "bypass") - cache(before, "bypass")).toBe(1);
    expect(sampleValue(after, "nocturn_page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, "nocturn_page_cache_bytes")).toBeGreaterThan(0);
  });

  it("counts checkout outcomes where they are decided, and the reservations held", async () => {
    const shopper = await signUpTestUser(app.t.services);
    const product = await insertTestProduct(app.t.services.db, { stock: 1 });
    const outcome = (samples: Sample[], name: string) =>
      sampleValue(samples, "nocturn_checkout_outcomes_total", { outcome: name }) ?? 0;
    const before = await scrape();

    await placeReservedOrder(app.t.services, shopper, [{ variantId: product.variant.id, quantity: 1 }]);
    // the last one is held: the shipping step of a second checkout finds it gone
    await expect(
      placeReservedOrder(app.t.services, shopper, [{ variantId: product.variant.id, quantity: 1 }]),
    ).rejects.toMatchObject({ code: "not_enough_stock" });

    const after = await scrape();
    expect(outcome(after, "order_created") - outcome(before, "order_created")).toBe(1);
    expect(outcome(after, "payment_started") - outcome(before, "payment_started")).toBe(1);
    expect(outcome(after, "out_of_stock") - outcome(before, "out_of_stock")).toBe(1);
    expect(outcome(after, "paid")).toBe(outcome(before, "paid"));
    expect(sampleValue(after, "nocturn_reservations_held")).toBe(
      (sampleValue(before, "nocturn_reservations_held") ?? 0) + 1,
    );
  });

  it("counts webhook events by type and outcome", async () => {
    const count = (samples: Sample[]) =>
      sampleValue(samples, "nocturn_webhook_events_total", {
        type: "unknown",
        outcome: "invalid_signature",
      }) ?? 0;
    const before = await scrape();
    const response = await app.fetch("/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=forged" },
      body: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
    });
    expect(response.status).toBe(400);
    expect(count(await scrape()) - count(before)).toBe(1);
  });

  it("shows an e-mail in the queue depth until it is delivered, and counts the attempt", async () => {
    const depth = (samples: Sample[], state: string) =>
      sampleValue(samples, "nocturn_mail_queue_emails", { state }) ?? Number.NaN;
    const sent = (samples: Sample[]) =>
      sampleValue(samples, "nocturn_mail_delivery_attempts_total", { outcome: "sent" }) ?? 0;
    const before = await scrape();

    const emailId = await enqueueEmail(app.t.services.db, {
      kind: "welcome",
      message: { to: "measured@nocturn.test", subject: "Welcome", html: "<p>Hi</p>", text: "Hi" },
    });
    const queued = await scrape();
    expect(depth(queued, "pending")).toBe(depth(before, "pending") + 1);
    expect(depth(queued, "failed")).toBe(depth(before, "failed"));

    expect(await app.t.services.mailQueue.deliver(emailId)).toBe("sent");
    const delivered = await scrape();
    expect(depth(delivered, "pending")).toBe(depth(before, "pending"));
    expect(sent(delivered) - sent(before)).toBe(1);
  });

  it("counts background job runs by job and outcome, with their duration", async () => {
    const scheduler = createJobScheduler({
      db: app.t.services.db,
      log: app.t.services.log,
      metrics: app.t.services.metrics,
      jobs: [
        { name: "measured-job", intervalMs: 60_000, run: async () => ({}) },
        {
          name: "measured-failing-job",
          intervalMs: 60_000,
          run: async () => {
            throw new Error("measured failure");
          },
        },
      ],
    });
    expect(await scheduler.runDue()).toHaveLength(2);
    const samples = await scrape();
    expect(sampleValue(samples, "nocturn_job_runs_total", { job: "measured-job", outcome: "ok" })).toBe(1);
    expect(
      sampleValue(samples, "nocturn_job_runs_total", { job: "measured-failing-job", outcome: "failed" }),
    ).toBe(1);
    expect(sampleValue(samples, "nocturn_job_duration_seconds_count", { job: "measured-job" })).toBe(1);
  });

  it("reports the PostgreSQL pool, and nothing for PGlite, which has none", async () => {
    const samples = await scrape();
    if (!onPostgres) {
      expect(samples.filter((sample) => sample.name.startsWith("nocturn_db_pool_"))).toEqual([]);
      return;
    }
    expect(sampleValue(samples, "nocturn_db_pool_connections")).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, "nocturn_db_pool_waiting_clients")).toBe(0);
    expect(sampleValue(samples, "nocturn_db_pool_acquire_seconds_count", { result: "ok" })).toBeGreaterThan(
      0,
    );
  });
});

afterAll(async () => {
  await app.t.services.mailQueue.settled();
});
