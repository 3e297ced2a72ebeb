import { describe, expect, it } from "vitest";
import type { RouteBundle } from "./bundle";
import type { LoadResult } from "./load";
import {
  type DriverReport,
  driverSection,
  type Environment,
  evaluateTargets,
  floorRatio,
  type PageMeasurement,
  scaleRatio,
  TARGETS,
  targetsSection,
} from "./report";
import type { Catalog } from "./seed";

const run = (requestsPerSecond: number): LoadResult => ({
  requestsPerSecond,
  p50: 100,
  p99: 300,
  requests: requestsPerSecond * 10,
  errors: 0,
  non2xx: 0,
  serverCpuMs: 5,
  dbCpuMs: 1,
  loadAverage: 1.5,
});

const catalog = (size: number): Catalog => ({
  driver: "postgres",
  size,
  dataDir: `/tmp/${size}`,
  search: { term: "socks", matches: Math.round(size * 0.03) },
  productId: "p",
  deepPage: "/products",
  serverVersion: "15.20",
  seedMs: 1000,
  bulkInsertMs: 500,
  customer: { cookie: "nocturn.session_token=x", email: "c@nocturn-shop.io", orders: 5 },
});

const html = { bytes: 20_000, sent: 5_000, encoding: "br" };

/** A page measured in one round per entry: [page at each size], the floor just before it. */
function page(options: {
  label: string;
  audience?: PageMeasurement["audience"];
  catalog?: boolean;
  floor: number[];
  bySize: Record<number, number[]>;
}): PageMeasurement {
  return {
    label: options.label,
    pattern: `/${options.label}`,
    audience: options.audience ?? "anonymous",
    catalog: options.catalog ?? true,
    floorRuns: options.floor.map(run),
    bySize: new Map(
      Object.entries(options.bySize).map(([size, values]) => [
        Number(size),
        { path: `/${options.label}`, runs: values.map(run), html },
      ]),
    ),
  };
}

function report(pages: PageMeasurement[], sizes = [100, 100_000], rssAfter = 250): DriverReport {
  const memory = { rssMiB: rssAfter, peakMiB: rssAfter + 40 };
  return {
    driver: "postgres",
    catalogs: sizes.map(catalog),
    pages,
    server: new Map(
      sizes.map((size) => [size, { startMs: 2000, idle: { rssMiB: 150, peakMiB: 150 }, after: memory }]),
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
  loadAverage: [1, 2, 3],
  connections: 50,
  duration: 10,
  warmup: 3,
  rounds: 2,
  headers: { "accept-encoding": "gzip, deflate, br, zstd" },
};

const verdictOf = (verdicts: ReturnType<typeof evaluateTargets>, start: string) =>
  verdicts.find((verdict) => verdict.target.startsWith(start));

describe("ratios", () => {
  it("pairs each round's page run with that round's floor run and takes the median", () => {
    const measured = page({ label: "shop", floor: [200, 400, 100], bySize: { 100: [100, 120, 80] } });
    // 0.5, 0.3 and 0.8: the median of the per-round ratios, not the ratio of the medians (100 / 200)
    expect(floorRatio(measured, 100)).toBeCloseTo(0.5);
  });

  it("compares the largest catalog with the smallest round by round", () => {
    const measured = page({ label: "shop", floor: [200, 200], bySize: { 100: [100, 50], 100000: [80, 45] } });
    expect(scaleRatio(measured, 100, 100_000)).toBeCloseTo((0.8 + 0.9) / 2);
    expect(floorRatio(measured, 1000)).toBeNull();
  });
});

describe("evaluateTargets", () => {
  const healthy = [
    page({ label: "home", floor: [200], bySize: { 100: [150], 100000: [140] } }),
    page({ label: "about", catalog: false, floor: [200], bySize: { 100: [150], 100000: [150] } }),
    page({
      label: "account",
      audience: "signed-in",
      catalog: false,
      floor: [200],
      bySize: { 100: [70], 100000: [70] },
    }),
  ];

  it("says met when every page reaches its share of the floor, signed-in pages at their lower share", () => {
    const verdicts = evaluateTargets({
      reports: [report(healthy)],
      bundles: [bundle("home", 120)],
      lighthouse: [],
    });
    expect(verdictOf(verdicts, "anonymous")?.verdict).toBe("met");
    // 70 / 200 = 0.35: under the anonymous 0.6, over the signed-in 0.3
    expect(verdictOf(verdicts, "signed-in")?.verdict).toBe("met");
    expect(verdictOf(verdicts, "catalog pages")?.verdict).toBe("met");
    expect(verdictOf(verdicts, "store process RSS")?.verdict).toBe("met");
    expect(verdictOf(verdicts, "first-load JavaScript")?.verdict).toBe("met");
  });

  it("names the pages that miss, worst first", () => {
    const pages = [
      page({ label: "shop", floor: [200], bySize: { 100: [110], 100000: [100] } }),
      page({ label: "deep", floor: [200], bySize: { 100: [130], 100000: [30] } }),
      page({
        label: "account",
        audience: "signed-in",
        catalog: false,
        floor: [200],
        bySize: { 100: [50], 100000: [50] },
      }),
    ];
    const verdicts = evaluateTargets({ reports: [report(pages)], bundles: [], lighthouse: [] });
    const anonymous = verdictOf(verdicts, "anonymous");
    expect(anonymous?.verdict).toBe("missed");
    expect(anonymous?.detail).toMatch(
      /^3 of 4 below: deep at 100,000 0\.15×, shop at 100,000 0\.50×, shop at 100 0\.55×$/,
    );
    expect(verdictOf(verdicts, "signed-in")?.verdict).toBe("missed");
    const scale = verdictOf(verdicts, "catalog pages");
    expect(scale?.verdict).toBe("missed");
    expect(scale?.detail).toContain("deep 0.23×");
  });

  it("does not pass the scale target on a run that stopped short of 100,000 products", () => {
    const verdicts = evaluateTargets({
      reports: [report(healthy, [100, 10_000])],
      bundles: [],
      lighthouse: [],
    });
    const scale = verdictOf(verdicts, "catalog pages");
    expect(scale?.verdict).toBe("not measured");
    expect(scale?.detail).toContain("largest catalog in this run 10,000");
  });

  it("judges a run beyond 100,000 products by its largest catalog and says so", () => {
    const pages = [page({ label: "shop", floor: [200], bySize: { 100: [100], 1000000: [0] } })];
    const scale = verdictOf(
      evaluateTargets({ reports: [report(pages, [100, 1_000_000])], bundles: [], lighthouse: [] }),
      "catalog pages",
    );
    expect(scale?.verdict).toBe("missed");
    expect(scale?.detail).toBe("measured beyond the target's size, 1,000,000 : 100: shop 0.00×");
  });

  it("judges memory after the run and the JavaScript budget inclusively", () => {
    const verdicts = evaluateTargets({
      reports: [report(healthy, [100, 100_000], TARGETS.rssMiB)],
      bundles: [bundle("home", TARGETS.jsGzipKiB), bundle("cart", TARGETS.jsGzipKiB + 0.1)],
      lighthouse: [],
    });
    expect(verdictOf(verdicts, "store process RSS")?.verdict).toBe("missed");
    expect(verdictOf(verdicts, "store process RSS")?.detail).toContain("idle 150, peak 340, after 300 MiB");
    const js = verdictOf(verdicts, "first-load JavaScript");
    expect(js?.verdict).toBe("missed");
    expect(js?.detail).toBe("home 130.0 KiB, cart 130.1 KiB");
  });

  it("says not measured for what the run did not measure", () => {
    const verdicts = evaluateTargets({ reports: [report([])], bundles: [], lighthouse: [] });
    expect(verdictOf(verdicts, "anonymous")?.verdict).toBe("not measured");
    expect(verdictOf(verdicts, "first-load JavaScript")?.verdict).toBe("not measured");
    expect(verdictOf(verdicts, "Lighthouse")?.verdict).toBe("not measured");
  });
});

describe("report sections", () => {
  it("shows the floor row and every page's ratios, under-target ones in bold", () => {
    const pages = [page({ label: "deep", floor: [200, 200], bySize: { 100: [130, 130], 100000: [30, 30] } })];
    const section = driverSection(env, report(pages));
    expect(section).toContain("| floor (bare React Router) | `/` | – | 200 (200–200) |");
    expect(section).toContain(
      "| deep | `/deep` | 100 | 130 (130–130) | 100 | 300 | 5.0 + 1.0 ms | 0.65× | – |",
    );
    expect(section).toContain(
      "| deep | `/deep` | 100,000 | 30 (30–30) | 100 | 300 | 5.0 + 1.0 ms | **0.15×** | **0.23×** |",
    );
    expect(section).toContain(
      "1.00 / 2.00 / 3.00 before the first load run, 2.00 / 2.00 / 3.00 after the last",
    );
    expect(section).toContain("RSS 150 MiB idle after start, peak 290 MiB, 250 MiB after the run");
  });

  it("says when no response completed within the run", () => {
    const pages = [page({ label: "shop", floor: [200], bySize: { 100: [100], 1000000: [0] } })];
    expect(driverSection(env, report(pages, [100, 1_000_000]))).toContain(
      "| shop | `/shop` | 1,000,000 | 0 (none completed in 10 s) | – | – |",
    );
  });

  it("writes one row per target with missed in bold", () => {
    const pages = [page({ label: "deep", floor: [200], bySize: { 100: [130], 100000: [30] } })];
    const section = targetsSection({
      env,
      reports: [report(pages)],
      bundles: [bundle("home", 150)],
      lighthouse: [],
    });
    expect(section).toContain("| anonymous storefront pages ≥ 0.6× the floor | **missed** |");
    expect(section).toContain(
      "| first-load JavaScript ≤ 130 KiB gzip per storefront route | **missed** | home 150.0 KiB |",
    );
    expect(section).toContain(
      "| Lighthouse mobile: performance ≥ 98, accessibility, best practices and SEO 100 | not measured |",
    );
  });
});
