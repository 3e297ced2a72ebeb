import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measure, probePage, xCacheOf } from "./load";

describe("xCacheOf", () => {
  it("finds the header in a raw list whatever its case, and says null without it", () => {
    expect(xCacheOf(["Content-Type", "text/html", "x-cache", "HIT"])).toBe("HIT");
    expect(xCacheOf(["X-CACHE", "MISS"])).toBe("MISS");
    expect(xCacheOf(["Content-Type", "text/html", "X-Cache-Status", "HIT"])).toBeNull();
    expect(xCacheOf([])).toBeNull();
  });
});

describe("X-Cache under load", () => {
  // /hit, /miss and /none answer as named; any other path HIT, MISS and no header in turn
  let served = 0;
  const fixed: Record<string, number> = { "/hit": 0, "/miss": 1, "/none": 2 };
  const server = http.createServer((request, response) => {
    const turn = fixed[request.url ?? ""] ?? served++ % 3;
    if (turn === 0) response.setHeader("X-Cache", "HIT");
    if (turn === 1) response.setHeader("X-Cache", "MISS");
    response.end("<!doctype html><p>ok</p>");
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("counts every response's X-Cache value during a load run", async () => {
    served = 0;
    const result = await measure({ url, connections: 2, duration: 1, countCache: true });
    const cache = result.cache;
    expect(cache).toBeDefined();
    if (!cache) return;
    const counted = cache.hit + cache.miss + cache.none;
    // every response the server sent was seen (the last few may not have completed within the run)
    expect(counted).toBeGreaterThanOrEqual(result.requests);
    expect(counted).toBeLessThanOrEqual(served);
    for (const share of [cache.hit, cache.miss, cache.none]) expect(share / counted).toBeCloseTo(1 / 3, 1);
  });

  it("does not count without countCache", async () => {
    const result = await measure({ url, connections: 1, duration: 1 });
    expect(result.cache).toBeUndefined();
    expect(result.requests).toBeGreaterThan(0);
  });

  it("reports the X-Cache header of a probe", async () => {
    expect((await probePage(`${url}hit`)).xCache).toBe("HIT");
    expect((await probePage(`${url}miss`)).xCache).toBe("MISS");
    expect((await probePage(`${url}none`)).xCache).toBeNull();
  });
});
