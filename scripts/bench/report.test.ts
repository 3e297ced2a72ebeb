import { describe, expect, it } from "vitest";
import type { RouteBundle } from "./bundle";
import type { LighthouseResult } from "./lighthouse";
import type { CacheCount, LoadResult } from "./load";
import {
  bundleSection,
  type DriverReport,
  driverSection,
  type Environment,
  evaluateTargets,
  FLOOR_LABEL,
  floorRatio,
  hitShare,
  limitRatio,
  type PageMeasurement,
  scaleRatio,
  summarize,
  TARGETS,
  targetsSection,
  type Variant,
} from "./report";
import type { Catalog } from "./seed";
import { SOAK_TARGET_MIB } from "./soak";

/** One load run; `cpu` is the server's CPU per request (the database adds 1 ms). */
const run = (requestsPerSecond: number, cpu: number | null = 5, cache?: CacheCount): LoadResult => ({
  requestsPerSecond,
  p50: 100,
  p99: 300,
  requests: requestsPerSecond * 10,
  errors: 0,
  non2xx: 0,
  serverCpuMs: cpu,
  dbCpuMs: 1,
  loadAverage: 1.5,
  ...(cache ? { cache } : {}),
});

const catalog = (size: number): Catalog => ({
  driver: "postgres",
  size,
  dataDir: `/tmp/${size}`,
  search: { term: "socks", matches: Math.round(size * 0.03) },
  productId: "p",
  cartProductIds: ["p", "q"],
  productSample: [],
  deepPage: "/products",
  serverVersion: "15.20",
  seedMs: 1000,
  bulkInsertMs: 500,
  customer: { cookie: "nocturn.session_token=x", email: "c@nocturn-shop.io", orders: 5 },
});

const html = { bytes: 20_000, sent: 5_000, encoding: "br" };

/**
 * A page measured in one round per entry: [page at each size], the floor just before it. Cached
 * runs count X-Cache: all HITs unless `cache` says otherwise.
 */
function page(options: {
  label: string;
  audience?: PageMeasurement["audience"];
  catalog?: boolean;
  variant?: Variant;
  floor: number[];
  /** the limit's requests/s per round (cached pages) */
  limit?: number[];
  bySize: Record<number, number[]>;
  /** the server's CPU per request; null: not measured (no request completed) */
  cpu?: number | null;
  cache?: CacheCount;
}): PageMeasurement {
  const variant = options.variant ?? "uncached";
  return {
    label: options.label,
    pattern: `/${options.label}`,
    audience: options.audience ?? "anonymous",
    catalog: options.catalog ?? true,
    variant,
    floorRuns: options.floor.map((value) => run(value)),
    limitRuns: (options.limit ?? []).map((value) => run(value)),
    bySize: new Map(
      Object.entries(options.bySize).map(([size, values]) => [
        Number(size),
        {
          path: `/${options.label}`,
          runs: values.map((value) =>
            run(
              value,
              options.cpu,
              variant === "cached"
                ? (options.cache ?? { hit: value * 10, miss: 0, none: 0 })
                : { hit: 0, miss: 0, none: value * 10 },
            ),
          ),
          html,
        },
      ]),
    ),
  };
}

/** The same page as the uncached and the cached store serve it. */
const both = (
  options: Omit<Parameters<typeof page>[0], "variant" | "bySize"> & {
    uncached: Record<number, number[]>;
    cached: Record<number, number[]>;
  },
) => [
  page({ ...options, variant: "uncached", bySize: options.uncached }),
  page({ ...options, variant: "cached", bySize: options.cached }),
];

function report(pages: PageMeasurement[], sizes = [100, 100_000], rssAfter = 250): DriverReport {
  const memory = { rssMiB: rssAfter, peakMiB: rssAfter + 40 };
  const variants = [...new Set(pages.map((measured) => measured.variant))];
  return {
    driver: "postgres",
    catalogs: sizes.map(catalog),
    pages,
    servers: sizes.flatMap((size) =>
      (variants.length > 0 ? variants : (["uncached"] as Variant[])).map((variant) => ({
        size,
        variant,
        startMs: 2000,
        idle: { rssMiB: 150, peakMiB: 150 },
        after: memory,
      })),
    ),
    floor: { startMs: 500, idle: { rssMiB: 60, peakMiB: 60 }, after: { rssMiB: 80, peakMiB: 90 }, html },
    loadAverage: { start: [1, 2, 3], end: [2, 2, 3] },
  };
}

const bundle = (label: string, kib: number): RouteBundle => ({
  label,
  routeId: `routes/${label}`,
  chunks: [],
  jsBytes: kib * 3 * 1024,
  jsGzip: kib * 1024,
  jsBrotli: kib * 1024,
  cssGzip: 0,
});

const env: Environment = {
  date: "2026-11-24T20:00:00Z",
  command: "npm run bench -- --sizes 100,100000",
  cpu: "AMD EPYC",
  cores: 2,
  memoryGiB: 24,
  os: "Linux",
  node: "v20.20.2",
  benchNode: "v20.20.2",
  loadAverage: [1, 2, 3],
  connections: 50,
  duration: 10,
  warmup: 3,
  rounds: 2,
  headers: { "accept-encoding": "gzip, deflate, br, zstd" },
  cacheTtlSeconds: 3600,
  baseline: null,
};

const verdictOf = (verdicts: ReturnType<typeof evaluateTargets>, start: string) =>
  verdicts.find((verdict) => verdict.target.startsWith(start));

describe("ratios", () => {
  it("pairs each round's page run with that round's floor run and takes the median", () => {
    const measured = page({ label: "shop", floor: [200, 400, 100], bySize: { 100: [100, 120, 80] } });
    // 0.5, 0.3 and 0.8: the median of the per-round ratios, not the ratio of the medians (100 / 200)
    expect(floorRatio(measured, 100)).toBeCloseTo(0.5);
  });

  it("compares a cached page with its limit round by round, and has no ratio without one", () => {
    const cached = page({
      label: "home",
      variant: "cached",
      floor: [200, 200],
      limit: [4000, 2000],
      bySize: { 100: [1000, 1000] },
    });
    expect(limitRatio(cached, 100)).toBeCloseTo((0.25 + 0.5) / 2);
    expect(limitRatio(page({ label: "home", floor: [200], bySize: { 100: [100] } }), 100)).toBeNull();
    const verdicts = evaluateTargets({
      reports: [report([cached])],
      bundles: [],
      lighthouse: [],
      soaks: null,
    });
    expect(verdictOf(verdicts, "cached pages")).toMatchObject({ verdict: "met" });
    const slow = page({
      label: "shop",
      variant: "cached",
      floor: [200, 200],
      limit: [4000, 4000],
      bySize: { 100: [900, 900] },
    });
    const slowVerdicts = evaluateTargets({
      reports: [report([slow], [100])],
      bundles: [],
      lighthouse: [],
      soaks: null,
    });
    expect(verdictOf(slowVerdicts, "cached pages")).toMatchObject({
      verdict: "missed",
      detail: expect.stringContaining("shop at 100 0.23×"),
    });
  });

  it("compares the largest catalog with the smallest round by round", () => {
    const measured = page({ label: "shop", floor: [200, 200], bySize: { 100: [100, 50], 100000: [80, 45] } });
    expect(scaleRatio(measured, 100, 100_000)).toBeCloseTo((0.8 + 0.9) / 2);
    expect(floorRatio(measured, 1000)).toBeNull();
  });
});

describe("summarize", () => {
  it("adds up the X-Cache counts of the runs, and has none when they were not counted", () => {
    const summary = summarize([
      run(100, 5, { hit: 990, miss: 10, none: 0 }),
      run(100, 5, { hit: 1000, miss: 0, none: 0 }),
    ]);
    expect(summary.cache).toEqual({ hit: 1990, miss: 10, none: 0 });
    expect(hitShare(summary.cache)).toBeCloseTo(0.995);
    expect(summarize([run(100)]).cache).toBeNull();
    expect(hitShare({ hit: 0, miss: 0, none: 0 })).toBeNull();
  });
});

describe("evaluateTargets", () => {
  const healthy = [
    ...both({
      label: "home",
      floor: [200],
      uncached: { 100: [40], 100000: [40] },
      cached: { 100: [150], 100000: [140] },
    }),
    ...both({
      label: "about",
      catalog: false,
      floor: [200],
      uncached: { 100: [60], 100000: [60] },
      cached: { 100: [180], 100000: [180] },
    }),
    page({
      label: "account",
      audience: "signed-in",
      catalog: false,
      floor: [200],
      bySize: { 100: [70], 100000: [70] },
    }),
  ];

  it("judges anonymous pages on the cached figures and shows the uncached ones beside them", () => {
    const verdicts = evaluateTargets({
      reports: [report(healthy)],
      bundles: [bundle("home", 120)],
      lighthouse: [],
      soaks: null,
    });
    const anonymous = verdictOf(verdicts, "anonymous");
    expect(anonymous?.target).toBe(
      "anonymous storefront pages ≥ 0.6× the floor (cached, as shoppers get them)",
    );
    // uncached at 0.2× and 0.3×: shown, not judged
    expect(anonymous?.verdict).toBe("met");
    expect(anonymous?.detail).toBe(
      "all 4 cached page × catalog combinations; lowest home at 100,000 0.70×; every response of every cached run said X-Cache: HIT. Uncached, shown beside it: home at 100 0.20×, home at 100,000 0.20×, about at 100 0.30×, about at 100,000 0.30×",
    );
    // 70 / 200 = 0.35: under the anonymous 0.6, over the signed-in 0.3
    expect(verdictOf(verdicts, "signed-in")?.verdict).toBe("met");
    expect(verdictOf(verdicts, "catalog pages")?.verdict).toBe("met");
    expect(verdictOf(verdicts, "first-load JavaScript")?.verdict).toBe("met");
  });

  it("names the cached pages that miss, worst first", () => {
    const pages = [
      ...both({
        label: "shop",
        floor: [200],
        uncached: { 100: [110], 100000: [100] },
        cached: { 100: [110], 100000: [100] },
      }),
      ...both({
        label: "deep",
        floor: [200],
        uncached: { 100: [130], 100000: [120] },
        cached: { 100: [130], 100000: [30] },
      }),
      page({
        label: "account",
        audience: "signed-in",
        catalog: false,
        floor: [200],
        bySize: { 100: [50], 100000: [50] },
      }),
    ];
    const verdicts = evaluateTargets({ reports: [report(pages)], bundles: [], lighthouse: [], soaks: null });
    const anonymous = verdictOf(verdicts, "anonymous");
    expect(anonymous?.verdict).toBe("missed");
    expect(anonymous?.detail).toMatch(
      /^3 of 4 cached below: deep at 100,000 0\.15×, shop at 100,000 0\.50×, shop at 100 0\.55×; /,
    );
    const signedIn = verdictOf(verdicts, "signed-in");
    expect(signedIn?.verdict).toBe("missed");
    expect(signedIn?.detail).toBe("2 of 2 below: account at 100 0.25×, account at 100,000 0.25×");
  });

  it("judges the catalog scale on the uncached figures only: the cache hides the database", () => {
    const cachedOnlyShort = both({
      label: "deep",
      floor: [200],
      uncached: { 100: [130], 100000: [120] },
      cached: { 100: [130], 100000: [30] },
    });
    const scale = verdictOf(
      evaluateTargets({ reports: [report(cachedOnlyShort)], bundles: [], lighthouse: [], soaks: null }),
      "catalog pages",
    );
    expect(scale?.target).toBe(
      "catalog pages at 100,000 products ≥ 0.8× the same page at the smallest catalog (uncached)",
    );
    expect(scale?.verdict).toBe("met");
    expect(scale?.detail).toBe("100,000 : 100: deep 0.92×");

    const uncachedShort = both({
      label: "deep",
      floor: [200],
      uncached: { 100: [130], 100000: [30] },
      cached: { 100: [130], 100000: [130] },
    });
    const missed = verdictOf(
      evaluateTargets({ reports: [report(uncachedShort)], bundles: [], lighthouse: [], soaks: null }),
      "catalog pages",
    );
    expect(missed?.verdict).toBe("missed");
    expect(missed?.detail).toBe("100,000 : 100: deep 0.23×");
  });

  it("says not measured for the anonymous target on an uncached-only run, with the uncached ratios", () => {
    const uncachedOnly = healthy.filter((measured) => measured.variant === "uncached");
    const anonymous = verdictOf(
      evaluateTargets({ reports: [report(uncachedOnly)], bundles: [], lighthouse: [], soaks: null }),
      "anonymous",
    );
    expect(anonymous?.verdict).toBe("not measured");
    expect(anonymous?.detail).toBe(
      "no cached page was measured in this run. Uncached, shown beside it: home at 100 0.20×, home at 100,000 0.20×, about at 100 0.30×, about at 100,000 0.30×",
    );
  });

  it("shows a cached run that was not all HITs", () => {
    const pages = both({
      label: "home",
      floor: [200],
      uncached: { 100: [40] },
      cached: { 100: [150] },
      cpu: 0.25,
      cache: { hit: 990, miss: 10, none: 0 },
    });
    const anonymous = verdictOf(
      evaluateTargets({ reports: [report(pages, [100])], bundles: [], lighthouse: [], soaks: null }),
      "anonymous",
    );
    expect(anonymous?.detail).toContain("X-Cache: HIT on at least 99.0 % of each cached run's responses");
    const section = driverSection(env, report(pages, [100]));
    expect(section).toContain("| home | `/home` | on, **99.0 %** HIT | 100 |");
    // a fraction of a millisecond keeps two decimals
    expect(section).toContain("on, **99.0 %** HIT | 100 | 150 | 100 | 300 | 0.25 + 1.0 ms | 0.75× |");
  });

  it("does not pass the scale target on a run that stopped short of 100,000 products", () => {
    const verdicts = evaluateTargets({
      reports: [report(healthy, [100, 10_000])],
      bundles: [],
      lighthouse: [],
      soaks: null,
    });
    const scale = verdictOf(verdicts, "catalog pages");
    expect(scale?.verdict).toBe("not measured");
    expect(scale?.detail).toContain("largest catalog in this run 10,000");
  });

  it("judges a run beyond 100,000 products by its largest catalog and says so", () => {
    const pages = [page({ label: "shop", floor: [200], bySize: { 100: [100], 1000000: [0] } })];
    const scale = verdictOf(
      evaluateTargets({
        reports: [report(pages, [100, 1_000_000])],
        bundles: [],
        lighthouse: [],
        soaks: null,
      }),
      "catalog pages",
    );
    expect(scale?.verdict).toBe("missed");
    expect(scale?.detail).toBe("measured beyond the target's size, 1,000,000 : 100: shop 0.00×");
  });

  describe("cheaper than today", () => {
    const current = [
      page({ label: "shop", cpu: 8, floor: [200], bySize: { 100: [100], 100000: [100] } }),
      page({ label: "product", cpu: 5, floor: [200], bySize: { 100: [100], 100000: [100] } }),
    ];
    const baseline = (shopCpu: number, productCpu: number) => [
      page({
        label: "shop",
        variant: "baseline",
        cpu: shopCpu,
        floor: [200],
        bySize: { 100: [50], 100000: [50] },
      }),
      page({
        label: "product",
        variant: "baseline",
        cpu: productCpu,
        floor: [200],
        bySize: { 100: [50], 100000: [50] },
      }),
    ];
    const cheaper = (pages: PageMeasurement[]) =>
      verdictOf(
        evaluateTargets({ reports: [report(pages)], bundles: [], lighthouse: [], soaks: null }),
        "uncached product and shop",
      );

    it("says not measured without a baseline build in the run, and compares no other day's figures", () => {
      const verdict = cheaper(current);
      expect(verdict?.verdict).toBe("not measured");
      expect(verdict?.detail).toMatch(/^not measured in this run: no baseline build/);
      // server 8 + database 1 ms
      expect(verdict?.detail).toContain(
        "This run, uncached: shop 9.0 ms at 100, shop 9.0 ms at 100,000, product 6.0 ms at 100, product 6.0 ms at 100,000.",
      );
      expect(verdict?.detail).toContain("product 18.9 ms (issue 13's baseline)");
    });

    it("compares CPU per request with the baseline build of the same run, 2× inclusive", () => {
      // shop 18 → 9 ms: 2.00×; product 14 → 6 ms: 2.33×
      expect(cheaper([...current, ...baseline(17, 13)])?.verdict).toBe("met");
      // product 11 → 6 ms: 1.83×
      const short = cheaper([...current, ...baseline(17, 10)]);
      expect(short?.verdict).toBe("missed");
      expect(short?.detail).toBe(
        "2 of 4 short; shop at 100 18.0 → 9.0 ms (2.00× cheaper), shop at 100,000 18.0 → 9.0 ms (2.00× cheaper), product at 100 11.0 → 6.0 ms (1.83× cheaper), product at 100,000 11.0 → 6.0 ms (1.83× cheaper)",
      );
    });

    it("does not pass while a page it names has no figure for the baseline or this build", () => {
      // the baseline's shop completed no request within the run: its CPU per request is unknown
      const noBaselineShop = [
        ...current,
        ...baseline(17, 13).filter((measured) => measured.label !== "shop"),
        page({
          label: "shop",
          variant: "baseline",
          cpu: null,
          floor: [200],
          bySize: { 100: [0], 100000: [0] },
        }),
      ];
      const verdict = cheaper(noBaselineShop);
      expect(verdict?.verdict).toBe("not measured");
      expect(verdict?.detail).toBe(
        "product at 100 14.0 → 6.0 ms (2.33× cheaper), product at 100,000 14.0 → 6.0 ms (2.33× cheaper); not compared: shop at 100 (no figure for the baseline), shop at 100,000 (no figure for the baseline)",
      );
      // a shortfall elsewhere is still a miss
      const withShortProduct = [
        ...noBaselineShop.filter(
          (measured) => !(measured.variant === "baseline" && measured.label === "product"),
        ),
        ...baseline(17, 10).filter((measured) => measured.label === "product"),
      ];
      expect(cheaper(withShortProduct)?.verdict).toBe("missed");
    });
  });

  it("judges memory on the soak of both databases, and the JavaScript budget, inclusively", () => {
    const soakOf = (endMiB: number) => ({
      startMiB: 150,
      peakMiB: endMiB + 10,
      endMiB,
      afterIdleMiB: endMiB - 5,
      achievedRate: 40,
      meetsTarget: endMiB < SOAK_TARGET_MIB,
    });
    const verdicts = evaluateTargets({
      reports: [report(healthy, [100, 100_000], 420)],
      bundles: [bundle("home", TARGETS.jsGzipKiB), bundle("cart", TARGETS.jsGzipKiB + 0.1)],
      lighthouse: [],
      soaks: [
        { driver: "postgres", summary: soakOf(260) },
        { driver: "pglite", summary: soakOf(SOAK_TARGET_MIB) },
      ],
    });
    const rss = verdictOf(verdicts, "store process RSS at the end of the memory soak");
    expect(rss?.verdict).toBe("missed");
    expect(rss?.detail).toBe(
      "PostgreSQL: 150 MiB at the start, 260 at the end of the load, peak 270, 255 after idle; PGlite: 150 MiB at the start, 300 at the end of the load, peak 310, 295 after idle. After the load runs (50 connections), for comparison: 100 products, cache off, PostgreSQL 420 MiB, 100 products, cache on, PostgreSQL 420 MiB, 100,000 products, cache off, PostgreSQL 420 MiB, 100,000 products, cache on, PostgreSQL 420 MiB",
    );
    const below = evaluateTargets({
      reports: [report(healthy)],
      bundles: [],
      lighthouse: [],
      soaks: [{ driver: "pglite", summary: soakOf(299) }],
    });
    // one database soaked is not both
    expect(verdictOf(below, "store process RSS")?.verdict).toBe("missed");
    expect(verdictOf(below, "store process RSS")?.detail).toContain("not soaked: PostgreSQL");
    const noSoak = evaluateTargets({ reports: [report(healthy)], bundles: [], lighthouse: [], soaks: null });
    expect(verdictOf(noSoak, "store process RSS")?.verdict).toBe("not measured");
    const js = verdictOf(verdicts, "first-load JavaScript");
    expect(js?.verdict).toBe("missed");
    expect(js?.detail).toBe("over the budget: cart 130.1 KiB (1 of 2 pages)");
  });

  it("judges Lighthouse on the store's pages and shows the floor's page beside them, not judged", () => {
    const audit = (label: string, performance: number): LighthouseResult => ({
      label,
      url: `http://localhost/${label}`,
      scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
      metrics: {},
      failed: [],
      warnings: [],
      benchmarkIndex: 2000,
    });
    const judge = (lighthouse: LighthouseResult[]) =>
      verdictOf(
        evaluateTargets({ reports: [report(healthy)], bundles: [], lighthouse, soaks: null }),
        "Lighthouse",
      );
    const met = judge([audit(FLOOR_LABEL, 80), audit("home", 95), audit("product", 99)]);
    expect(met?.verdict).toBe("met");
    expect(met?.detail).toBe(
      "floor (bare React Router) 80/100/100/100, home 95/100/100/100, product 99/100/100/100",
    );
    expect(judge([audit(FLOOR_LABEL, 100), audit("shop", 94)])?.verdict).toBe("missed");
    // the floor alone is no measure of the store
    expect(judge([audit(FLOOR_LABEL, 100)])?.verdict).toBe("not measured");
  });

  it("names the heaviest page when every page is within the JavaScript budget", () => {
    const verdicts = evaluateTargets({
      reports: [report(healthy)],
      bundles: [bundle("home", 120), bundle("login", 129.9), bundle("account orders", 125)],
      lighthouse: [],
      soaks: null,
    });
    const js = verdictOf(verdicts, "first-load JavaScript");
    expect(js?.verdict).toBe("met");
    expect(js?.detail).toBe("3 pages, the heaviest login 129.9 KiB");
  });

  it("judges the cart refresh, My Orders and the uncached product page on issue 31's share of the floor", () => {
    const pages = [
      page({ label: "product", floor: [200, 200], bySize: { 100: [110, 130] } }),
      page({
        label: "account orders",
        audience: "signed-in",
        floor: [200, 200],
        bySize: { 100: [100, 100] },
      }),
      page({ label: "cart refresh", audience: "signed-in", floor: [200, 200], bySize: { 100: [150, 150] } }),
      page({ label: "account", audience: "signed-in", floor: [200, 200], bySize: { 100: [70, 70] } }),
    ];
    const verdict = verdictOf(
      evaluateTargets({ reports: [report(pages, [100])], bundles: [], lighthouse: [], soaks: null }),
      "cart refresh",
    );
    expect(verdict).toMatchObject({
      verdict: "missed",
      detail: "1 of 3 below: account orders at 100 0.50×",
    });
  });

  it("says not measured for what the run did not measure", () => {
    const verdicts = evaluateTargets({ reports: [report([])], bundles: [], lighthouse: [], soaks: null });
    expect(verdictOf(verdicts, "anonymous")?.verdict).toBe("not measured");
    expect(verdictOf(verdicts, "signed-in")?.verdict).toBe("not measured");
    expect(verdictOf(verdicts, "cached pages")?.verdict).toBe("not measured");
    expect(verdictOf(verdicts, "first-load JavaScript")?.verdict).toBe("not measured");
    expect(verdictOf(verdicts, "Lighthouse")?.verdict).toBe("not measured");
  });
});

describe("report sections", () => {
  const deep = both({
    label: "deep",
    floor: [200, 200],
    uncached: { 100: [130, 130], 100000: [30, 30] },
    cached: { 100: [130, 130], 100000: [30, 30] },
  });

  it("shows each page uncached and cached, bold where a target applies to the row", () => {
    const section = driverSection(env, report(deep));
    expect(section).toContain("| page | URL | cache | products | req/s (min–max) |");
    expect(section).toContain("| floor (bare React Router) | `/` | – | – | 200 (200–200) |");
    // uncached: the scale target applies, the floor's is judged on the cached figures
    expect(section).toContain(
      "| deep | `/deep` | off | 100 | 130 (130–130) | 100 | 300 | 5.0 + 1.0 ms | 0.65× | – | – |",
    );
    expect(section).toContain(
      "| deep | `/deep` | off | 100,000 | 30 (30–30) | 100 | 300 | 5.0 + 1.0 ms | 0.15× | – | **0.23×** |",
    );
    expect(section).toContain(
      "| deep | `/deep` | on, 100 % HIT | 100,000 | 30 (30–30) | 100 | 300 | 5.0 + 1.0 ms | **0.15×** | – | 0.23× |",
    );
    // rows page by page: the uncached ones, then the cached ones
    expect(section.indexOf("| deep | `/deep` | off | 100,000")).toBeLessThan(
      section.indexOf("| deep | `/deep` | on, 100 % HIT | 100 |"),
    );
    expect(section).toContain(
      "1.00 / 2.00 / 3.00 before the first load run, 2.00 / 2.00 / 3.00 after the last",
    );
    expect(section).toContain("`PAGE_CACHE_TTL_SECONDS=0`");
    expect(section).toContain("`PAGE_CACHE_TTL_SECONDS=3600`");
    expect(section).toContain(
      "- Store processes: 100 products, cache off: ready in 2.0 s, RSS 150 MiB idle after start, peak 290 MiB, 250 MiB after the run; 100 products, cache on: ready in 2.0 s,",
    );
    expect(section).toContain("- Node.js v20.20.2 runs the store and the floor; autocannon 9");
  });

  it("names another Node.js, an uncached-only run and the baseline build", () => {
    const baseline = page({ label: "shop", variant: "baseline", floor: [200], bySize: { 100: [50] } });
    const section = driverSection(
      {
        ...env,
        node: "v24.11.1",
        cacheTtlSeconds: null,
        baseline: "the build in `/tmp/base`, commit 0c3c611",
      },
      report([page({ label: "shop", floor: [200], bySize: { 100: [100] } }), baseline], [100]),
    );
    expect(section).toContain(
      "- Node.js v24.11.1 runs the store and the floor (`--node`; the benchmark itself runs on v20.20.2)",
    );
    expect(section).toContain("this run measured no cached pages (`--uncached-only`)");
    expect(section).toContain('- Baseline ("off, baseline"): the build in `/tmp/base`, commit 0c3c611,');
    expect(section).toContain("| shop | `/shop` | off, baseline | 100 | 50 |");
    expect(section).toContain("100 products, baseline build: ready in 2.0 s");
  });

  it("says when no response completed within the run", () => {
    const pages = [page({ label: "shop", floor: [200], bySize: { 100: [100], 1000000: [0] } })];
    expect(driverSection(env, report(pages, [100, 1_000_000]))).toContain(
      "| shop | `/shop` | off | 1,000,000 | 0 (none completed in 10 s) | – | – |",
    );
  });

  it("writes one row per target with missed in bold, and says what the verdicts are judged on", () => {
    const section = targetsSection({
      env,
      reports: [report(deep)],
      bundles: [bundle("home", 150)],
      lighthouse: [],
      soaks: null,
    });
    expect(section).toContain("Anonymous pages are judged on the cached figures, what shoppers get");
    expect(section).toContain(
      "load average (1 / 5 / 15 min) was 1.00 / 2.00 / 3.00 before the first load run and 2.00 / 2.00 / 3.00 after the last",
    );
    expect(section).toContain(
      "| anonymous storefront pages ≥ 0.6× the floor (cached, as shoppers get them) | **missed** | 1 of 2 cached below: deep at 100,000 0.15×;",
    );
    expect(section).toContain(
      "| catalog pages at 100,000 products ≥ 0.8× the same page at the smallest catalog (uncached) | **missed** | 100,000 : 100: deep 0.23× |",
    );
    expect(section).toContain("| uncached product and shop pages ≥ 2× cheaper than today");
    expect(section).toContain(
      "| first-load JavaScript ≤ 130 KiB gzip per page (signed in or not, the admin's aside) | **missed** | over the budget: home 150.0 KiB (1 of 1 page) |",
    );
    expect(section).toContain(
      "| Lighthouse mobile: performance ≥ 95, accessibility, best practices and SEO 100 (the floor's page beside it) | not measured |",
    );
  });

  it("lists every page's first-load JavaScript against the budget, and the chunks they share", () => {
    const chunk = (file: string, gzipKiB: number) => ({
      file,
      bytes: gzipKiB * 3 * 1024,
      gzip: gzipKiB * 1024,
    });
    const framework = chunk("/assets/framework-a.js", 100);
    const pages: RouteBundle[] = [
      {
        ...bundle("login", 125),
        routeId: "routes/auth/login",
        chunks: [framework, chunk("/assets/login-b.js", 2)],
      },
      {
        ...bundle("account orders", 131),
        routeId: "routes/account/account-orders",
        chunks: [framework, chunk("/assets/dialog-c.js", 9)],
      },
    ];
    const section = bundleSection(pages, "2026-11-28");
    expect(section).toContain("Budget: at most 130 KiB gzip per page a person can open, signed in or not");
    expect(section).toContain(
      "| login (`routes/auth/login`) | 2 | 375.0 KiB | 125.0 KiB | 125.0 KiB | 0.0 KiB | met |",
    );
    expect(section).toContain(
      "| account orders (`routes/account/account-orders`) | 2 | 393.0 KiB | 131.0 KiB | 131.0 KiB | 0.0 KiB | **missed** |",
    );
    expect(section).toContain(
      "Largest chunks: `framework-a.js` 100.0 KiB (all), `dialog-c.js` 9.0 KiB (account orders), `login-b.js` 2.0 KiB (login).",
    );
  });
});
