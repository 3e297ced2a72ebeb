import { describe, expect, it } from "vitest";
import type { Catalog } from "./seed";
import {
  chooseRoute,
  metricMiB,
  SOAK_TARGET_MIB,
  type SoakRun,
  type SoakSample,
  sampleTimes,
  seededRandom,
  soakMix,
  soakSection,
  summarizeSoak,
} from "./soak";

const sample = (
  seconds: number,
  phase: SoakSample["phase"],
  rssMiB: number,
  responses = 400,
): SoakSample => ({
  seconds,
  phase,
  rssMiB,
  heapUsedMiB: 40,
  heapTotalMiB: 60,
  externalMiB: 5,
  responses,
});

const catalog: Catalog = {
  driver: "pglite",
  size: 10_000,
  dataDir: "/tmp/soak",
  search: { term: "socks", matches: 322 },
  productId: "featured",
  cartProductIds: ["featured", "b"],
  productSample: ["a", "b", "c", "d"],
  deepPage: "/products?page=416&after=1_x",
  serverVersion: "17.5",
  seedMs: 1000,
  bulkInsertMs: 500,
  customer: { cookie: "nocturn.session_token=x", email: "c@nocturn-shop.io", orders: 5 },
};

const soak = (samples: SoakSample[], peakMiB: number): SoakRun => ({
  driver: "pglite",
  size: 10_000,
  cacheTtlSeconds: null,
  rate: 40,
  connections: 50,
  loadSeconds: 20,
  idleSeconds: 10,
  samples,
  productCount: 4,
  peakMiB,
  routes: [
    { label: "home", weight: 60, signedIn: false, sent: 480, ok: 480, failed: 0 },
    { label: "account", weight: 40, signedIn: true, sent: 320, ok: 318, failed: 2 },
  ],
  skipped: 0,
  errors: 0,
  latency: { p50: 40, p99: 900 },
  loadAverage: { start: [1, 1, 1], end: [2, 2, 2] },
});

describe("summarizeSoak", () => {
  it("reports the first sample as the start, the last under load as the end and the last idle one after idle", () => {
    const run = soak(
      [
        sample(0, "load", 150, 0),
        sample(10, "load", 260),
        sample(20, "load", 240),
        sample(30, "idle", 230, 0),
      ],
      280,
    );
    expect(summarizeSoak(run)).toEqual({
      startMiB: 150,
      peakMiB: 280,
      endMiB: 240,
      afterIdleMiB: 230,
      // 800 responses in the load's 20 s; the first sample's count (before any request) is not traffic
      achievedRate: 40,
      meetsTarget: true,
    });
  });

  it("takes the highest sample as the peak when the process's high-water mark is lower, and misses the target at 300 MiB", () => {
    const run = soak(
      [sample(0, "load", 150, 0), sample(10, "load", 320), sample(20, "load", SOAK_TARGET_MIB)],
      0,
    );
    const summary = summarizeSoak(run);
    expect(summary.peakMiB).toBe(320);
    expect(summary.afterIdleMiB).toBeNull();
    expect(summary.meetsTarget).toBe(false);
  });

  it("refuses a series without samples under load", () => {
    expect(() => summarizeSoak(soak([sample(30, "idle", 200)], 200))).toThrow("without samples");
  });
});

describe("sampleTimes", () => {
  it("samples every interval and at the end of each phase", () => {
    expect(sampleTimes({ loadSeconds: 25, idleSeconds: 20, every: 10 })).toEqual([
      { seconds: 10, phase: "load" },
      { seconds: 20, phase: "load" },
      { seconds: 25, phase: "load" },
      { seconds: 35, phase: "idle" },
      { seconds: 45, phase: "idle" },
    ]);
  });

  it("has no idle samples without an idle phase", () => {
    expect(sampleTimes({ loadSeconds: 20, idleSeconds: 0, every: 10 })).toEqual([
      { seconds: 10, phase: "load" },
      { seconds: 20, phase: "load" },
    ]);
  });
});

describe("the traffic mix", () => {
  it("adds up to 100 and spreads product pages over the sample", () => {
    const routes = soakMix(catalog);
    expect(routes.reduce((sum, route) => sum + route.weight, 0)).toBe(100);
    const random = seededRandom(7);
    const product = routes.find((route) => route.label === "product");
    const paths = new Set(Array.from({ length: 200 }, () => product?.path(random)));
    expect(paths).toEqual(new Set(["/products/a", "/products/b", "/products/c", "/products/d"]));
    expect(routes.filter((route) => route.signedIn).map((route) => route.label)).toEqual([
      "account",
      "account orders",
    ]);
  });

  it("picks routes in proportion to their weights", () => {
    const routes = soakMix(catalog);
    const random = seededRandom(31);
    const picks = new Map<string, number>();
    for (let index = 0; index < 20_000; index++) {
      const label = chooseRoute(routes, random()).label;
      picks.set(label, (picks.get(label) ?? 0) + 1);
    }
    for (const route of routes) expect((picks.get(route.label) ?? 0) / 200).toBeCloseTo(route.weight, -0.5);
  });

  it("sends the same sequence in every run", () => {
    const first = seededRandom(31);
    const second = seededRandom(31);
    const a = Array.from({ length: 5 }, () => first());
    expect(Array.from({ length: 5 }, () => second())).toEqual(a);
    expect(new Set(a).size).toBe(5);
  });
});

describe("metricMiB", () => {
  const text = [
    "# HELP nodejs_heap_size_used_bytes Process heap size used from Node.js in bytes.",
    "# TYPE nodejs_heap_size_used_bytes gauge",
    "nodejs_heap_size_used_bytes 52428800",
    'nodejs_heap_space_size_used_bytes{space="old"} 1048576',
    "nodejs_external_memory_bytes 3.5e+6",
  ].join("\n");

  it("reads a sample line in MiB, and says null for a metric that is not there", () => {
    expect(metricMiB(text, "nodejs_heap_size_used_bytes")).toBe(50);
    expect(metricMiB(text, "nodejs_heap_space_size_used_bytes")).toBe(1);
    expect(metricMiB(text, "nodejs_external_memory_bytes")).toBeCloseTo(3.34, 2);
    expect(metricMiB(text, "nodejs_heap_size_total_bytes")).toBeNull();
  });
});

describe("soakSection", () => {
  it("states the result against the target, the mix, the failures and the whole series", () => {
    const run = soak(
      [
        sample(0, "load", 150, 0),
        sample(10, "load", 260),
        sample(20, "load", 240),
        sample(30, "idle", 230, 0),
      ],
      280,
    );
    const text = soakSection(
      {
        date: "2026-11-28T14:00:00Z",
        command: "npm run bench -- --soak --pglite",
        cpu: "Test CPU",
        cores: 2,
        memoryGiB: 24,
        os: "Linux",
        node: "v20.20.2",
        serverVersion: "17.5",
      },
      run,
    );
    expect(text).toContain("### PGlite (embedded)");
    expect(text).toContain(
      "**RSS: 150 MiB at the start, peak 280 MiB, 240 MiB at the end of the load, 230 MiB after 10 s idle.** Target: under 300 MiB at the end of the soak: met.",
    );
    expect(text).toContain("Mix: home 60 %, account (signed in) 40 %");
    expect(text).toContain("not 2xx: account 2");
    expect(text).toContain("| 30 | idle | 230 | 40 / 60 | 5 | 0 |");
    expect(text.split("\n").filter((line) => /^\| \d+ \|/.test(line))).toHaveLength(4);
  });
});
