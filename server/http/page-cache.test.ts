// The page cache over HTTP, on the real app and routes: what it serves, to whom, and that a change
// to the catalog (an admin's edit, a paid order's stock) is never served stale afterwards.
import { createHash } from "node:crypto";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { NO_PRODUCT_SAFETY } from "../../core/product-safety";
import { NO_SALE } from "../../core/validation/sale-form";
import { saveProduct } from "../../server/catalog/save-product";
import { setupTestApp } from "../../tests/setup/test-app";
import { insertTestProduct, signUpTestUser } from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import { placePaidOrder } from "../../tests/setup/test-orders";

const app = setupTestApp({}, { pageCache: true });

const get = (pathname: string, headers: Record<string, string> = {}) =>
  app.fetch(pathname, { headers: { "Accept-Encoding": "br, gzip", ...headers } });

async function page(pathname: string, headers: Record<string, string> = {}) {
  const response = await get(pathname, headers);
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    policy: response.headers.get("Content-Security-Policy") ?? "",
    etag: response.headers.get("ETag"),
    html: await response.text(),
  };
}

/** The nonce a response's policy allows, if any. */
const policyNonce = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1] ?? null;

/**
 * Runs a change and waits until its notification has emptied the cache: on PGlite before the
 * change returns, on PostgreSQL a moment after its commit.
 */
async function heard<T>(change: () => Promise<T>): Promise<T> {
  const before = app.pageCache.invalidations;
  const result = await change();
  await vi.waitFor(() => expect(app.pageCache.invalidations).toBeGreaterThan(before), { timeout: 5_000 });
  return result;
}

describe("page cache", () => {
  it("serves an anonymous page's bytes again, without a nonce, its inline scripts allowed by hash", async () => {
    const product = await heard(() => insertTestProduct(app.t.services.db, { name: "Cached Moon Hoodie" }));
    const path = `/products/${product.id}`;

    const first = await page(path);
    const second = await page(path);
    expect([first.status, first.cache, second.status, second.cache]).toEqual([200, "MISS", 200, "HIT"]);
    expect(second.html).toBe(first.html);
    expect(second.html).toContain("Cached Moon Hoodie");

    expect(second.html).not.toMatch(/\snonce=/);
    expect(second.policy).not.toContain("'nonce-");
    const inline = [...second.html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]+?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(1);
    for (const [, content] of inline) {
      const hash = createHash("sha256").update(content!, "utf8").digest("base64");
      expect(second.policy).toContain(`'sha256-${hash}'`);
    }

    // compressed once per encoding; brotli whenever the client takes it, as Chromium lists it last
    const encodings = [];
    for (const accept of ["gzip, deflate, br, zstd", "gzip", "identity"]) {
      const response = await get(path, { "Accept-Encoding": accept });
      expect(await response.text()).toBe(first.html);
      encodings.push(response.headers.get("Content-Encoding"));
    }
    expect(encodings).toEqual(["br", "gzip", null]);

    // the browser's copy is revalidated, not sent again
    expect(second.etag).toMatch(/^W\/"/);
    // (fetch adds Cache-Control: no-cache to a conditional request; a browser's reload sends this)
    const revalidated = await get(path, { "If-None-Match": second.etag!, "Cache-Control": "max-age=0" });
    expect([revalidated.status, revalidated.headers.get("X-Cache")]).toEqual([304, "HIT"]);
  });

  it("serves a product's page fresh after an admin's edit, and the shop too", async () => {
    const product = await heard(() =>
      insertTestProduct(app.t.services.db, { name: "Dusk Parka", priceCents: 12_000 }),
    );
    const path = `/products/${product.id}`;
    for (const pathname of [path, path, "/products", "/products"]) await page(pathname);
    expect((await page(path)).cache).toBe("HIT");

    await heard(() =>
      saveProduct({
        ...app.t.services,
        productId: product.id,
        input: {
          name: "Dawn Parka",
          priceCents: 9_900,
          ...NO_SALE,
          description: null,
          category: "Jackets",
          featured: false,
          finalSale: false,
          images: [],
          colors: [],
          sizes: [{ id: product.variant.id, size: product.variant.size, stock: 10, skuSuffix: null }],
          ...NO_PRODUCT_SAFETY,
        },
      }),
    );

    const edited = await page(path);
    expect(edited.cache).toBe("MISS");
    expect(edited.html).toContain("Dawn Parka");
    expect(edited.html).toContain("$99");
    expect(edited.html).not.toContain("Dusk Parka");
    const shop = await page("/products");
    expect(shop.html).toContain("Dawn Parka");
    expect(shop.html).not.toContain("Dusk Parka");
  });

  it("shows the stock a paid order left, not the stock before it", async () => {
    const product = await heard(() =>
      insertTestProduct(app.t.services.db, { name: "Last Call Tee", stock: 20 }),
    );
    const path = `/products/${product.id}`;
    await page(path);
    expect((await page(path)).html).toContain("In stock (20 available)");

    const shopper = await signUpTestUser(app.t.services);
    await heard(() =>
      placePaidOrder(app.t.services, shopper, [{ variantId: product.variant.id, quantity: 2 }]),
    );

    const after = await page(path);
    expect(after.cache).toBe("MISS");
    expect(after.html).toContain("In stock (18 available)");
  });

  it("never serves a cached page to a signed-in visitor, nor theirs to anyone", async () => {
    await page("/");
    expect((await page("/")).cache).toBe("HIT");
    const shopper = await signUpTestUser(app.t.services);

    const signedIn = [
      await page("/", { Cookie: shopper.cookie }),
      await page("/", { Cookie: shopper.cookie }),
    ];
    for (const response of signedIn) {
      expect(response.cache).toBeNull();
      expect(response.html).toContain(shopper.email);
      const nonce = policyNonce(response.policy);
      expect(nonce).toBeTruthy();
      expect(response.html).toContain(`nonce="${nonce}"`);
    }
    expect(policyNonce(signedIn[0]!.policy)).not.toBe(policyNonce(signedIn[1]!.policy));

    const anonymous = await page("/");
    expect(anonymous.cache).toBe("HIT");
    expect(anonymous.html).not.toContain(shopper.email);
  });

  it("serves a visitor with a pending toast live, so the toast is shown and cleared", async () => {
    await page("/about");
    const flash = await app.t.services.flash.set({ kind: "success", text: "Signed out successfully" });
    const response = await get("/about", { Cookie: flash.split(";")[0]! });
    expect(response.headers.get("X-Cache")).toBeNull();
    expect(response.headers.get("Set-Cookie")).toMatch(/nocturn_flash=;/);
    expect(await response.text()).toContain("Signed out successfully");
  });

  it("never sends one nonce twice", async () => {
    const shopper = await signUpTestUser(app.t.services);
    const nonces: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      for (const [pathname, cookie] of [
        ["/account", shopper.cookie],
        ["/products", shopper.cookie],
        ["/login", ""],
        ["/products", ""],
      ] as const) {
        const response = await page(pathname, cookie ? { Cookie: cookie } : {});
        const nonce = policyNonce(response.policy);
        if (response.cache) {
          expect(nonce).toBeNull();
          expect(response.html).not.toMatch(/\snonce=/);
        } else {
          expect(nonce).toBeTruthy();
          nonces.push(nonce!);
        }
      }
    }
    expect(nonces).toHaveLength(12);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("answers a hit before the app with the miss's headers, its own request id, one log line and a metric", async () => {
    const path = `/about?front=${Date.now()}`;
    const miss = await get(path);
    await miss.text();
    const requestIdOf = (response: Response) => response.headers.get("X-Request-Id");
    const hit = await get(path, { "X-Request-Id": "front-hit-0001" });
    expect([miss.headers.get("X-Cache"), hit.headers.get("X-Cache")]).toEqual(["MISS", "HIT"]);
    expect(await hit.text()).toContain("About");

    // every header but the per-request ones is the same
    const comparable = (response: Response) =>
      [...response.headers].filter(
        ([name]) => !/^(date|x-request-id|x-cache|content-length|etag)$/.test(name),
      );
    expect(comparable(hit)).toEqual(comparable(miss));
    expect(hit.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(hit.headers.get("Vary")).toBe("Accept-Encoding");
    expect(requestIdOf(hit)).toBe("front-hit-0001");
    expect(requestIdOf(miss)).toMatch(/^[0-9a-f-]{36}$/);

    await vi.waitFor(() => {
      const lines = app.logs.filter((entry) => entry.reqId === "front-hit-0001");
      expect(lines).toEqual([
        expect.objectContaining({ msg: "request completed", method: "GET", path: "/about", status: 200 }),
      ]);
    });
    const metrics = await app.t.services.metrics.read();
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="routes\/pages\/about",status="200"\} [1-9]/,
    );
  });

  it("renders a page once for visitors who ask for it at the same time", async () => {
    const path = `/about?burst=${Date.now()}`;
    const states = await Promise.all(Array.from({ length: 6 }, async () => (await page(path)).cache));
    expect(states.filter((state) => state === "MISS")).toHaveLength(1);
    expect(states.filter((state) => state === "HIT")).toHaveLength(5);
  });

  it("does not keep client-side data requests that fail, nor pages that are not found", async () => {
    for (let round = 0; round < 2; round += 1) {
      const missing = await page("/products/00000000-0000-4000-8000-000000000000");
      expect([missing.status, missing.cache]).toEqual([404, "MISS"]);
    }
  });

  it("serves every page live while changes cannot reach it, and starts empty when they can again", async () => {
    await page("/legal");
    expect((await page("/legal")).cache).toBe("HIT");
    app.pageCache.listener.listening(false);
    try {
      const live = await page("/legal");
      expect(live.cache).toBeNull();
      expect(policyNonce(live.policy)).toBeTruthy();
    } finally {
      app.pageCache.listener.listening(true);
    }
    expect((await page("/legal")).cache).toBe("MISS");
    expect((await page("/legal")).cache).toBe("HIT");
  });

  it.runIf(onPostgres)(
    "hears a change another process commits, and comes back after losing its connection",
    async () => {
      const product = await heard(() => insertTestProduct(app.t.services.db, { name: "Far Away Tee" }));
      const path = `/products/${product.id}`;
      await page(path);
      expect((await page(path)).cache).toBe("HIT");

      // another app process: a connection of its own to the same database
      const other = new pg.Client({ connectionString: app.t.handle.pool!.options.connectionString });
      await other.connect();
      try {
        await heard(() => other.query("update product set name = 'Near Tee' where id = $1", [product.id]));
        expect((await page(path)).html).toContain("Near Tee");

        // the database drops the LISTEN connection, as a restart would
        await page(path);
        expect((await page(path)).cache).toBe("HIT");
        await other.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
        );
        const said = (message: string) => app.logs.some((entry) => entry.msg === message);
        await vi.waitFor(() => expect(said("page cache off until the database is back")).toBe(true));
        await vi.waitFor(() => expect(said("page cache on")).toBe(true), { timeout: 10_000 });
        expect((await page(path)).cache).toBe("MISS");
        expect((await page(path)).cache).toBe("HIT");
      } finally {
        await other.end();
      }
    },
  );
});
