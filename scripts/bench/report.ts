import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import type { RouteBundle } from "./bundle";
import type { LighthouseResult } from "./lighthouse";
import type { CacheCount, LoadResult } from "./load";
import type { Catalog, Driver } from "./seed";
import type { ProcessMemory } from "./server";
import { SOAK_TARGET_MIB, type SoakSummary } from "./soak";

/** The bare framework's page in the Lighthouse results (scripts/bench.ts audits it first). */
export const FLOOR_LABEL = "floor";

/** Issue 13's targets; the "Targets" section says met or missed for each from one run's numbers. */
export const TARGETS = {
  /** anonymous storefront pages, cached: requests/s at least this share of the floor's in the same round */
  anonymousVsFloor: 0.6,
  /** pages for a signed-in customer (never cached) */
  signedInVsFloor: 0.3,
  /** an uncached catalog page at `scaleSize` products: at least this share of its requests/s at the smallest size */
  scale: 0.8,
  scaleSize: 100_000,
  /** uncached product and shop pages: today's CPU per request (a baseline build's, same run) divided by at least this */
  cheaper: 2,
  /** first-load JavaScript per page a person can open (the admin's aside), gzip (issue 31) */
  jsGzipKiB: 130,
  /** issue 31: these pages, never served from the cache, at least this share of the floor's requests/s */
  uncachedVsFloor: 0.6,
  uncachedPages: ["cart refresh", "account orders", "product"],
  /** cached pages: requests/s at least this share of the limit's (the same bytes from memory by plain node:http) */
  cachedVsLimit: 0.25,
} as const;

const isUncachedTarget = (page: Pick<PageMeasurement, "label" | "variant">) =>
  page.variant === "uncached" && (TARGETS.uncachedPages as readonly string[]).includes(page.label);

/**
 * The pages the "cheaper than today" target names (by label), measured on the baseline build too,
 * and what the history says they cost before issue 13 (shown for context, never compared).
 */
export const CHEAPER_PAGES = [
  { label: "shop", history: "shop 19.0 ms (Levers, Compression: `/products` before)" },
  { label: "product", history: "product 18.9 ms (issue 13's baseline)" },
] as const;

/** Issue 31's (issue 13 had asked for 98); the floor's page is measured beside and not judged. */
const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
} as const;

export interface Environment {
  date: string;
  command: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  /** the Node.js version of the store and floor servers */
  node: string;
  /** the Node.js version of the benchmark process (autocannon) */
  benchNode: string;
  loadAverage: number[];
  connections: number;
  duration: number;
  warmup: number;
  rounds: number;
  headers: Record<string, string>;
  /** PAGE_CACHE_TTL_SECONDS of the cached store processes; null when the run measured no cached pages */
  cacheTtlSeconds: number | null;
  /** the baseline build (--baseline), as the report names it; null without one */
  baseline: string | null;
}

/**
 * Which store process served a page: `uncached` (PAGE_CACHE_TTL_SECONDS=0), `cached` (the page
 * cache on, the URL warmed and checked to answer X-Cache: HIT), or `baseline` (another build of
 * the store, --baseline, uncached).
 */
export type Variant = "uncached" | "cached" | "baseline";

export interface PageMeasurement {
  label: string;
  /** path with the placeholders the report shows */
  pattern: string;
  /** loaded without cookies, or with the seeded customer's session cookie */
  audience: "anonymous" | "signed-in";
  /** its work may grow with the catalog: the scale target applies */
  catalog: boolean;
  variant: Variant;
  /** the floor, loaded just before this page in each round (index = round) */
  floorRuns: LoadResult[];
  /**
   * Cached pages: the limit, loaded just after the floor in each round: this page's response at the
   * largest catalog, served from memory by plain node:http (scripts/bench/limit-server.mjs)
   */
  limitRuns: LoadResult[];
  bySize: Map<
    number,
    { path: string; runs: LoadResult[]; html: { bytes: number; sent: number; encoding: string } }
  >;
}

/** Start time and memory of one server process: just after it answered, and after the run. */
export interface ServerStats {
  startMs: number;
  idle: ProcessMemory | null;
  after: ProcessMemory | null;
}

/** One store process: the catalog it serves and how (cache on or off, baseline build). */
export interface StoreProcess extends ServerStats {
  size: number;
  variant: Variant;
}

export interface DriverReport {
  driver: Driver;
  catalogs: Catalog[];
  /** one entry per page and variant, in the order measured */
  pages: PageMeasurement[];
  /** every store process of the run */
  servers: StoreProcess[];
  floor: ServerStats & { html: { bytes: number; sent: number; encoding: string } };
  /** the machine's load average (1 / 5 / 15 min) before the first and after the last load run */
  loadAverage: { start: number[]; end: number[] };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const int = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? Math.round(value).toString() : value.toFixed(1));
const times = (value: number) => `${value.toFixed(2)}×`;
const mib = (value: number | undefined) => (value === undefined ? "?" : `${Math.round(value)}`);
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(" / ");
/** a share rounded down, so that 99.96 % never shows as 100 % */
const percent = (share: number) => `${(Math.floor(share * 1000) / 10).toFixed(share === 1 ? 0 : 1)} %`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medianOf(values: (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === "number" && !Number.isNaN(value));
  return known.length > 0 ? median(known) : null;
}

export function summarize(runs: LoadResult[]) {
  const counted = runs.filter((run) => run.cache);
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    serverCpuMs: medianOf(runs.map((run) => run.serverCpuMs)),
    dbCpuMs: medianOf(runs.map((run) => run.dbCpuMs)),
    loadAverage: medianOf(runs.map((run) => run.loadAverage)),
    spread:
      runs.length > 1
        ? [
            Math.min(...runs.map((run) => run.requestsPerSecond)),
            Math.max(...runs.map((run) => run.requestsPerSecond)),
          ]
        : null,
    /** the X-Cache headers of all runs together, when counted */
    cache:
      counted.length > 0
        ? counted.reduce<CacheCount>(
            (sum, run) => ({
              hit: sum.hit + (run.cache?.hit ?? 0),
              miss: sum.miss + (run.cache?.miss ?? 0),
              none: sum.none + (run.cache?.none ?? 0),
            }),
            { hit: 0, miss: 0, none: 0 },
          )
        : null,
  };
}

/** The share of responses that said X-Cache: HIT; null when none were counted. */
export function hitShare(count: CacheCount | null | undefined): number | null {
  if (!count) return null;
  const total = count.hit + count.miss + count.none;
  return total > 0 ? count.hit / total : null;
}

/** CPU time per request of the server process and the database backends (PGlite: in the process). */
function cpuPerRequest(summary: ReturnType<typeof summarize>): number | null {
  return summary.serverCpuMs === null ? null : summary.serverCpuMs + (summary.dbCpuMs ?? 0);
}

/**
 * The median over the rounds of a/b, each round's runs paired by index (both measured within
 * seconds of each other, so both saw the same machine); null when no round has both.
 */
function pairedRatio(a: LoadResult[], b: LoadResult[]): number | null {
  return medianOf(
    a.map((run, index) => {
      const other = b[index];
      return other && other.requestsPerSecond > 0 ? run.requestsPerSecond / other.requestsPerSecond : null;
    }),
  );
}

/** The page's requests/s as a share of the floor's in the same rounds. */
export function floorRatio(page: PageMeasurement, size: number): number | null {
  const runs = page.bySize.get(size)?.runs;
  return runs ? pairedRatio(runs, page.floorRuns) : null;
}

/** The page's requests/s as a share of its limit's in the same rounds; null when not measured. */
export function limitRatio(page: PageMeasurement, size: number): number | null {
  const runs = page.bySize.get(size)?.runs;
  return runs && page.limitRuns.length > 0 ? pairedRatio(runs, page.limitRuns) : null;
}

/** The page's requests/s at `large` products as a share of its requests/s at `small`, round by round. */
export function scaleRatio(page: PageMeasurement, small: number, large: number): number | null {
  const a = page.bySize.get(small)?.runs;
  const b = page.bySize.get(large)?.runs;
  return a && b ? pairedRatio(b, a) : null;
}

/**
 * The share of the floor a page is judged against: cached anonymous pages (what shoppers get) and
 * signed-in pages (never cached); null for the uncached and baseline figures of anonymous pages.
 */
const floorTarget = (page: Pick<PageMeasurement, "audience" | "variant" | "label">) =>
  isUncachedTarget(page)
    ? TARGETS.uncachedVsFloor
    : page.audience === "signed-in"
      ? TARGETS.signedInVsFloor
      : page.variant === "cached"
        ? TARGETS.anonymousVsFloor
        : null;
/** The scale target applies to the uncached catalog pages: the cache would hide the database. */
const scaleTarget = (page: Pick<PageMeasurement, "catalog" | "variant">) =>
  page.catalog && page.variant === "uncached" ? TARGETS.scale : null;

/** CPU time per request: two decimals under 1 ms (a cached page costs a fraction of one) */
const optionalMs = (value: number | null) =>
  value === null ? "–" : value < 1 && value > 0 ? value.toFixed(2) : value.toFixed(1);
const sizesOf = (report: DriverReport) =>
  report.catalogs.map((catalog) => catalog.size).sort((a, b) => a - b);
const driverName = (driver: Driver) => (driver === "postgres" ? "PostgreSQL" : "PGlite");
const variantName = (variant: Variant) =>
  variant === "uncached" ? "cache off" : variant === "cached" ? "cache on" : "baseline build";
const memoryText = (stats: ServerStats | undefined) =>
  stats
    ? `ready in ${(stats.startMs / 1000).toFixed(1)} s, RSS ${mib(stats.idle?.rssMiB)} MiB idle after start, peak ${mib(stats.after?.peakMiB)} MiB, ${mib(stats.after?.rssMiB)} MiB after the run`
    : "?";

/** The table's cache column: off, on with the share of HITs, or the baseline build (uncached). */
function cacheCell(page: PageMeasurement, runs: LoadResult[]): string {
  if (page.variant === "uncached") return "off";
  if (page.variant === "baseline") return "off, baseline";
  const share = hitShare(summarize(runs).cache);
  return share === null ? "on" : `on, ${share < 1 ? `**${percent(share)}**` : percent(share)} HIT`;
}

function environmentLines(env: Environment): string[] {
  return [
    `- Date: ${env.date}`,
    `- Command: \`${env.command}\``,
    `- Machine: ${env.cores} cores (${env.cpu}), ${env.memoryGiB} GiB RAM, ${env.os}`,
    `- Node.js ${env.node} runs the store and the floor${env.node === env.benchNode ? "" : ` (\`--node\`; the benchmark itself runs on ${env.benchNode})`}; autocannon 9 in the benchmark process on the same machine as the server and the database`,
    `- Load: ${env.connections} connections, ${env.duration} s per URL after a ${env.warmup} s warm-up, ${env.rounds} round${env.rounds > 1 ? "s (medians shown)" : ""}; header \`accept-encoding: ${env.headers["accept-encoding"]}\` like a browser (the encoding the server chose is in the HTML / sent column)`,
  ];
}

function cacheLines(env: Environment, driver: Driver): string[] {
  const lines = [
    env.cacheTtlSeconds === null
      ? "- Page cache: off in every store process (`PAGE_CACHE_TTL_SECONDS=0`); this run measured no cached pages (`--uncached-only`)"
      : `- Page cache: rows "off" come from a store process per catalog with \`PAGE_CACHE_TTL_SECONDS=0\`, rows "on" from a second process per catalog ${driver === "pglite" ? "on a copy of the catalog's data folder (PGlite's database lives in the process), made before either started," : "on the same database"} with \`PAGE_CACHE_TTL_SECONDS=${env.cacheTtlSeconds}\`. Before each measured run of a cached page its URL is loaded (the warm-up) and must then answer \`X-Cache: HIT\` (a page that expired is stored again by that request); the share of \`X-Cache: HIT\` among the run's responses is shown. The signed-in pages are never cached: measured once, with the cache off.`,
  ];
  if (env.baseline)
    lines.push(
      `- Baseline ("off, baseline"): ${env.baseline}, served like the store (its own process per catalog, \`PAGE_CACHE_TTL_SECONDS=0\`, the same database${driver === "pglite" ? " in a copy of its data folder" : ""}), measured on ${CHEAPER_PAGES.map((page) => page.label).join(" and ")} only`,
    );
  return lines;
}

export function driverSection(env: Environment, report: DriverReport): string {
  const sizes = sizesOf(report);
  const first = report.catalogs[0];
  const small = sizes[0];
  const isPostgres = report.driver === "postgres";
  const smallName = small === undefined ? "smallest" : int(small);
  const lines = [
    `### ${isPostgres ? "PostgreSQL" : "PGlite (embedded)"}`,
    "",
    ...environmentLines(env),
    `- Load average (1 / 5 / 15 min): ${loads(report.loadAverage.start)} before the first load run, ${loads(report.loadAverage.end)} after the last (2 cores: above 2, other work waited for CPU too)`,
    `- Database: driver \`${report.driver}\`, server_version ${first?.serverVersion ?? "?"}${isPostgres ? ", same machine, pool of 10 connections per server process" : ", in the server process (one connection)"}`,
    `- Catalogs: ${report.catalogs
      .map(
        (catalog) =>
          `${int(catalog.size)} products (seeded in ${(catalog.seedMs / 1000).toFixed(1)} s, of which the bulk insert ${(catalog.bulkInsertMs / 1000).toFixed(1)} s; \`q=${catalog.search.term}\` matches ${int(catalog.search.matches)} = ${((100 * catalog.search.matches) / catalog.size).toFixed(1)} %)`,
      )
      .join(", ")}`,
    ...cacheLines(env, report.driver),
    `- Signed-in pages: loaded with the session cookie of a customer the seed registered (registerAccount) and gave ${first?.customer.orders ?? "?"} paid orders through the checkout's use cases`,
    `- Store processes: ${[...report.servers]
      .sort((a, b) => a.size - b.size)
      .map((server) => `${int(server.size)} products, ${variantName(server.variant)}: ${memoryText(server)}`)
      .join("; ")}`,
    `- Floor (scripts/bench/floor/: bare React Router with the store's versions and framework settings, Express 5, \`compression()\`, one page whose loader returns a little data): ${memoryText(report.floor)}`,
    "",
    `× floor: the page's requests/s divided by the floor's, loaded just before it (before each page's uncached, cached and baseline runs separately) in the same round with the same settings (median over the rounds); target ≥ ${TARGETS.anonymousVsFloor} for anonymous pages as shoppers get them (cache on), ≥ ${TARGETS.signedInVsFloor} signed in. × limit (cached pages): requests/s divided by the limit's, loaded just after the floor in the same round: the same page's response (its bytes at the largest catalog, already compressed) answered from memory by plain node:http, what no store could beat; target ≥ ${TARGETS.cachedVsLimit}. × ${smallName}: requests/s against the same page with the same cache setting at ${small === undefined ? "the smallest catalog" : `${int(small)} products`} (catalog pages with the cache off: target ≥ ${TARGETS.scale} at ${int(TARGETS.scaleSize)}). CPU/request is the CPU time the server process${isPostgres ? " and the database backends" : ""} spent per request during the run, read from /proc: it depends less than requests/s on what else the machine runs. A request counts when its response completed within the run, so a page slower than the run shows as 0 req/s. Load: the 1-minute load average at the end of the run. HTML / sent: the page's size and the bytes the server sent a browser. Ratios under a target that applies to the row are in bold; the uncached ratios of anonymous pages are shown for comparison and not judged against the floor.`,
    "",
    `| page | URL | cache | products | req/s${env.rounds > 1 ? " (min–max)" : ""} | p50 ms | p99 ms | CPU/request server${isPostgres ? " + db" : ""} | × floor | × limit | × ${smallName} | load | HTML / sent |`,
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const allFloorRuns = report.pages.flatMap((page) => page.floorRuns);
  if (allFloorRuns.length > 0) {
    const floor = summarize(allFloorRuns);
    lines.push(
      `| floor (bare React Router) | \`/\` | – | – | ${int(floor.requestsPerSecond)} (${int(Math.min(...allFloorRuns.map((run) => run.requestsPerSecond)))}–${int(Math.max(...allFloorRuns.map((run) => run.requestsPerSecond)))}) | ${ms(floor.p50)} | ${ms(floor.p99)} | ${optionalMs(floor.serverCpuMs)} ms | 1 | – | – | ${floor.loadAverage === null ? "?" : floor.loadAverage.toFixed(1)} | ${kib(report.floor.html.bytes)} / ${kib(report.floor.html.sent)} KiB ${report.floor.html.encoding} |`,
    );
  }
  for (const page of report.pages) {
    for (const size of sizes) {
      const measured = page.bySize.get(size);
      if (!measured) continue;
      const summary = summarize(measured.runs);
      const spread = summary.spread
        ? ` (${int(summary.spread[0] as number)}–${int(summary.spread[1] as number)})`
        : "";
      const errors = summary.errors > 0 ? `, **${int(summary.errors)} timed out**` : "";
      const noneDone = summary.requests === 0 ? ` (none completed in ${env.duration} s)` : "";
      const cpu = isPostgres
        ? `${optionalMs(summary.serverCpuMs)} + ${optionalMs(summary.dbCpuMs)} ms`
        : `${optionalMs(summary.serverCpuMs)} ms`;
      const vsFloor = floorRatio(page, size);
      const vsSmall = small !== undefined && size !== small ? scaleRatio(page, small, size) : null;
      const mark = (value: number | null, target: number | null) =>
        value === null ? "–" : target !== null && value < target ? `**${times(value)}**` : times(value);
      lines.push(
        `| ${page.label}${page.audience === "signed-in" ? " (signed in)" : ""} | \`${page.pattern}\` | ${cacheCell(page, measured.runs)} | ${int(size)} | ${int(summary.requestsPerSecond)}${spread}${noneDone}${errors} | ${summary.requests ? ms(summary.p50) : "–"} | ${summary.requests ? ms(summary.p99) : "–"} | ${cpu} | ${mark(vsFloor, floorTarget(page))} | ${mark(limitRatio(page, size), page.variant === "cached" ? TARGETS.cachedVsLimit : null)} | ${mark(vsSmall, scaleTarget(page))} | ${summary.loadAverage === null ? "?" : summary.loadAverage.toFixed(1)} | ${kib(measured.html.bytes)} / ${kib(measured.html.sent)} KiB ${measured.html.encoding} |`,
      );
    }
  }
  return lines.join("\n");
}

export interface TargetVerdict {
  target: string;
  verdict: "met" | "missed" | "not measured";
  detail: string;
}

interface Ratio {
  text: string;
  ratio: number;
}

/** Each selected page's ratio to the floor at each size, as "page at size 0.42×". */
function floorRatios(reports: DriverReport[], select: (page: PageMeasurement) => boolean): Ratio[] {
  const found: Ratio[] = [];
  for (const report of reports) {
    for (const page of report.pages.filter(select)) {
      for (const size of sizesOf(report)) {
        const ratio = floorRatio(page, size);
        if (ratio === null) continue;
        found.push({
          text: `${page.label} at ${int(size)}${reports.length > 1 ? ` (${driverName(report.driver)})` : ""} ${times(ratio)}`,
          ratio,
        });
      }
    }
  }
  return found;
}

/** Met when every ratio reaches the target; the misses are named, worst first. */
function floorVerdict(target: string, ratios: Ratio[], share: number, what: string): TargetVerdict {
  const misses = ratios.filter((entry) => entry.ratio < share).sort((a, b) => a.ratio - b.ratio);
  const worst = [...ratios].sort((a, b) => a.ratio - b.ratio)[0];
  return {
    target,
    verdict: misses.length === 0 ? "met" : "missed",
    detail:
      misses.length === 0
        ? `all ${ratios.length} ${what}page × catalog combinations; lowest ${worst?.text}`
        : `${misses.length} of ${ratios.length} ${what}below: ${misses.map((miss) => miss.text).join(", ")}`,
  };
}

/** The lowest share of X-Cache: HIT over the cached pages' runs, or null when nothing was counted. */
function lowestHitShare(reports: DriverReport[]): number | null {
  const shares = reports.flatMap((report) =>
    report.pages
      .filter((page) => page.variant === "cached")
      .flatMap((page) =>
        [...page.bySize.values()].map((measured) => hitShare(summarize(measured.runs).cache)),
      ),
  );
  const known = shares.filter((share): share is number => share !== null);
  return known.length > 0 ? Math.min(...known) : null;
}

/** CPU per request of the pages the "cheaper" target names, per size, for one variant. */
function cheaperCpu(report: DriverReport, variant: Variant, label: string): Map<number, number> {
  const cpu = new Map<number, number>();
  const page = report.pages.find((candidate) => candidate.variant === variant && candidate.label === label);
  for (const [size, measured] of page?.bySize ?? []) {
    const value = cpuPerRequest(summarize(measured.runs));
    if (value !== null) cpu.set(size, value);
  }
  return cpu;
}

/**
 * Met when every page the target names, at every catalog size, costs at most 1/2 of the baseline
 * build's CPU per request in the same run; missed when one does not; not measured without a
 * baseline build, or when a pair lacks a figure (no request completed within the run).
 */
function cheaperVerdict(reports: DriverReport[]): TargetVerdict {
  const target = `uncached product and shop pages ≥ ${TARGETS.cheaper}× cheaper than today (CPU per request, server + database, against a baseline build measured in the same run)`;
  const compared: Ratio[] = [];
  const lacking: string[] = [];
  const now: string[] = [];
  for (const report of reports) {
    const where = reports.length > 1 ? ` (${driverName(report.driver)})` : "";
    for (const { label } of CHEAPER_PAGES) {
      const current = cheaperCpu(report, "uncached", label);
      const before = cheaperCpu(report, "baseline", label);
      for (const size of sizesOf(report)) {
        const value = current.get(size);
        const old = before.get(size);
        if (value !== undefined) now.push(`${label} ${value.toFixed(1)} ms at ${int(size)}${where}`);
        if (value !== undefined && value > 0 && old !== undefined)
          compared.push({
            text: `${label} at ${int(size)}${where} ${old.toFixed(1)} → ${value.toFixed(1)} ms (${times(old / value)} cheaper)`,
            ratio: old / value,
          });
        else
          lacking.push(
            `${label} at ${int(size)}${where} (no figure for ${value === undefined ? "this build" : ""}${value === undefined && old === undefined ? " nor " : ""}${old === undefined ? "the baseline" : ""})`,
          );
      }
    }
  }
  const baselineMeasured = reports.some((report) => report.pages.some((page) => page.variant === "baseline"));
  if (!baselineMeasured)
    return {
      target,
      verdict: "not measured",
      detail: `not measured in this run: no baseline build was measured beside the store (\`--baseline <dir>\`), and other days' figures are not compared. This run, uncached: ${now.length > 0 ? now.join(", ") : "neither page measured"}. For context only, the history: ${CHEAPER_PAGES.map((page) => page.history).join(", ")}, on another day and setup (PGlite demo catalog)`,
    };
  const short = compared.filter((entry) => entry.ratio < TARGETS.cheaper);
  const comparedText = compared.map((entry) => entry.text).join(", ");
  const lackingText = lacking.length > 0 ? `; not compared: ${lacking.join(", ")}` : "";
  return {
    target,
    verdict: short.length > 0 ? "missed" : lacking.length > 0 ? "not measured" : "met",
    detail: `${short.length === 0 ? "" : `${short.length} of ${compared.length + lacking.length} short; `}${comparedText || "nothing compared"}${lackingText}`,
  };
}

/**
 * Issue 31's memory target, from the soak: every store process, on PostgreSQL and on PGlite, under
 * SOAK_TARGET_MIB at the end of its traffic. RSS after the load runs is shown beside it: those runs
 * hold 50 connections open for as long as they can, far more than a shop's traffic.
 */
function soakVerdict(
  soaks: { driver: Driver; summary: SoakSummary }[] | null,
  reports: DriverReport[],
): TargetVerdict {
  const target = `store process RSS at the end of the memory soak < ${SOAK_TARGET_MIB} MiB, on PostgreSQL and on PGlite`;
  const afterRuns = reports.flatMap((report) =>
    report.servers
      .filter((server) => server.after)
      .map(
        (server) =>
          `${int(server.size)} products, ${variantName(server.variant)}, ${driverName(report.driver)} ${mib(server.after?.rssMiB)} MiB`,
      ),
  );
  const context =
    afterRuns.length > 0
      ? `. After the load runs (50 connections), for comparison: ${afterRuns.join(", ")}`
      : "";
  if (!soaks || soaks.length === 0)
    return {
      target,
      verdict: "not measured",
      detail: `this run had no soak (\`--skip-soak\` or \`--only\`)${context}`,
    };
  const missing = (["postgres", "pglite"] as const).filter(
    (driver) => !soaks.some((soak) => soak.driver === driver),
  );
  return {
    target,
    verdict: soaks.every((soak) => soak.summary.meetsTarget) && missing.length === 0 ? "met" : "missed",
    detail: `${soaks
      .map(
        (soak) =>
          `${driverName(soak.driver)}: ${mib(soak.summary.startMiB)} MiB at the start, ${mib(soak.summary.endMiB)} at the end of the load, peak ${mib(soak.summary.peakMiB)}${soak.summary.afterIdleMiB === null ? "" : `, ${mib(soak.summary.afterIdleMiB)} after idle`}`,
      )
      .join(
        "; ",
      )}${missing.length > 0 ? `; not soaked: ${missing.map(driverName).join(", ")}` : ""}${context}`,
  };
}

/**
 * Met or missed for each of issue 13's targets, from one run's numbers only. A target the run did
 * not measure (a catalog size, the cache, the baseline, Lighthouse) says so instead of passing.
 */
export function evaluateTargets(options: {
  reports: DriverReport[];
  bundles: RouteBundle[];
  lighthouse: LighthouseResult[];
  /** the memory soak's result per driver; null when the run had no soak */
  soaks: { driver: Driver; summary: SoakSummary }[] | null;
}): TargetVerdict[] {
  const { reports, bundles, lighthouse } = options;
  const verdicts: TargetVerdict[] = [];

  const anonymousLabel = `anonymous storefront pages ≥ ${TARGETS.anonymousVsFloor}× the floor (cached, as shoppers get them)`;
  const cached = floorRatios(reports, (page) => page.audience === "anonymous" && page.variant === "cached");
  const uncached = floorRatios(
    reports,
    (page) => page.audience === "anonymous" && page.variant === "uncached",
  );
  const uncachedText =
    uncached.length > 0 ? `Uncached, shown beside it: ${uncached.map((entry) => entry.text).join(", ")}` : "";
  if (cached.length === 0) {
    verdicts.push({
      target: anonymousLabel,
      verdict: "not measured",
      detail: `no cached page was measured in this run. ${uncachedText || "No anonymous page was loaded."}`,
    });
  } else {
    const verdict = floorVerdict(anonymousLabel, cached, TARGETS.anonymousVsFloor, "cached ");
    const hits = lowestHitShare(reports);
    const hitText =
      hits === null
        ? ""
        : hits === 1
          ? "; every response of every cached run said X-Cache: HIT"
          : `; X-Cache: HIT on at least ${percent(hits)} of each cached run's responses`;
    verdict.detail += `${hitText}. ${uncachedText}`;
    verdicts.push(verdict);
  }

  const limitLabel = `cached pages ≥ ${TARGETS.cachedVsLimit}× the limit (the same bytes from memory by plain node:http)`;
  const toLimit: Ratio[] = reports.flatMap((report) =>
    report.pages
      .filter((page) => page.variant === "cached")
      .flatMap((page) =>
        sizesOf(report).flatMap((size) => {
          const ratio = limitRatio(page, size);
          const where = reports.length > 1 ? ` (${driverName(report.driver)})` : "";
          return ratio === null
            ? []
            : [{ text: `${page.label} at ${int(size)}${where} ${times(ratio)}`, ratio }];
        }),
      ),
  );
  verdicts.push(
    toLimit.length === 0
      ? { target: limitLabel, verdict: "not measured", detail: "no cached page was measured in this run" }
      : floorVerdict(limitLabel, toLimit, TARGETS.cachedVsLimit, "cached "),
  );

  const signedInLabel = `signed-in pages ≥ ${TARGETS.signedInVsFloor}× the floor (never cached)`;
  const signedIn = floorRatios(
    reports,
    (page) => page.audience === "signed-in" && page.variant === "uncached",
  );
  verdicts.push(
    signedIn.length === 0
      ? { target: signedInLabel, verdict: "not measured", detail: "no such page was loaded" }
      : floorVerdict(signedInLabel, signedIn, TARGETS.signedInVsFloor, ""),
  );

  const uncachedLabel = `${TARGETS.uncachedPages.join(", ")} ≥ ${TARGETS.uncachedVsFloor}× the floor (uncached: signed in, or a miss)`;
  const uncachedRatios = floorRatios(reports, isUncachedTarget);
  verdicts.push(
    uncachedRatios.length === 0
      ? { target: uncachedLabel, verdict: "not measured", detail: "none of these pages was loaded uncached" }
      : floorVerdict(uncachedLabel, uncachedRatios, TARGETS.uncachedVsFloor, ""),
  );

  const scaleLabel = `catalog pages at ${int(TARGETS.scaleSize)} products ≥ ${TARGETS.scale}× the same page at the smallest catalog (uncached)`;
  for (const report of reports) {
    const sizes = sizesOf(report);
    const small = sizes[0];
    const large = sizes[sizes.length - 1];
    const where = reports.length > 1 ? ` (${driverName(report.driver)})` : "";
    if (small === undefined || large === undefined || small === large) {
      verdicts.push({ target: scaleLabel + where, verdict: "not measured", detail: "one catalog size only" });
      continue;
    }
    const ratios = report.pages
      .filter((page) => scaleTarget(page) !== null)
      .map((page) => ({ page, ratio: scaleRatio(page, small, large) }))
      .filter((entry): entry is { page: PageMeasurement; ratio: number } => entry.ratio !== null);
    const below = ratios.filter((entry) => entry.ratio < TARGETS.scale).sort((a, b) => a.ratio - b.ratio);
    const measuredText = `${int(large)} : ${int(small)}: ${ratios.map((entry) => `${entry.page.label} ${times(entry.ratio)}`).join(", ")}`;
    if (large < TARGETS.scaleSize) {
      verdicts.push({
        target: scaleLabel + where,
        verdict: "not measured",
        detail: `largest catalog in this run ${int(large)} (${below.length === 0 ? "every catalog page within the ratio there" : `${below.length} below the ratio there`}): ${measuredText}`,
      });
      continue;
    }
    verdicts.push({
      target: scaleLabel + where,
      verdict: ratios.length > 0 && below.length === 0 ? "met" : "missed",
      detail: large > TARGETS.scaleSize ? `measured beyond the target's size, ${measuredText}` : measuredText,
    });
  }

  verdicts.push(cheaperVerdict(reports));

  verdicts.push(soakVerdict(options.soaks, reports));

  const jsLabel = `first-load JavaScript ≤ ${TARGETS.jsGzipKiB} KiB gzip per page (signed in or not, the admin's aside)`;
  const heavy = bundles.filter((bundle) => bundle.jsGzip / 1024 > TARGETS.jsGzipKiB);
  const heaviest = [...bundles].sort((a, b) => b.jsGzip - a.jsGzip)[0];
  verdicts.push({
    target: jsLabel,
    verdict: bundles.length === 0 ? "not measured" : heavy.length === 0 ? "met" : "missed",
    // every page is in the bundle section's table; here the ones over the budget, or the heaviest
    detail: !heaviest
      ? ""
      : heavy.length > 0
        ? `over the budget: ${heavy.map((bundle) => `${bundle.label} ${kib(bundle.jsGzip)} KiB`).join(", ")} (${heavy.length} of ${bundles.length} page${bundles.length === 1 ? "" : "s"})`
        : `${bundles.length} pages, the heaviest ${heaviest.label} ${kib(heaviest.jsGzip)} KiB`,
  });

  const lighthouseLabel = `Lighthouse mobile: performance ≥ ${LIGHTHOUSE_TARGETS.performance}, accessibility, best practices and SEO 100 (the floor's page beside it)`;
  const floorAudit = lighthouse.find((result) => result.label === FLOOR_LABEL);
  const storeAudits = lighthouse.filter((result) => result !== floorAudit);
  if (storeAudits.length === 0) {
    verdicts.push({
      target: lighthouseLabel,
      verdict: "not measured",
      detail: "this run did not run Lighthouse (`--lighthouse --lighthouse-runs 3`)",
    });
  } else {
    const short = storeAudits.filter((result) =>
      Object.entries(LIGHTHOUSE_TARGETS).some(
        ([category, target]) => (result.scores[category as keyof typeof LIGHTHOUSE_TARGETS] ?? 0) < target,
      ),
    );
    verdicts.push({
      target: lighthouseLabel,
      verdict: short.length === 0 ? "met" : "missed",
      detail: lighthouse
        .map(
          (result) =>
            `${result.label}${result === floorAudit ? " (bare React Router)" : ""} ${Object.keys(
              LIGHTHOUSE_TARGETS,
            )
              .map((category) => result.scores[category as keyof typeof LIGHTHOUSE_TARGETS] ?? "n/a")
              .join("/")}`,
        )
        .join(", "),
    });
  }
  return verdicts;
}

export function targetsSection(options: {
  env: Environment;
  reports: DriverReport[];
  bundles: RouteBundle[];
  lighthouse: LighthouseResult[];
  soaks: { driver: Driver; summary: SoakSummary }[] | null;
}): string {
  const { env, reports } = options;
  const lines = [
    `Written by \`${env.command}\` on ${env.date}, from that run's numbers only (${reports.map((report) => driverName(report.driver)).join(" and ")}; catalogs of ${[...new Set(reports.flatMap(sizesOf))].map(int).join(" and ")} products; ${env.duration} s per URL, ${env.rounds} round${env.rounds > 1 ? "s" : ""}; Node.js ${env.node}). The ratios to the floor pair each page with the floor loaded just before it. Anonymous pages are judged on the cached figures, what shoppers get (${env.cacheTtlSeconds === null ? "not measured in this run" : "a store process with the page cache on, each URL warmed and checked to answer `X-Cache: HIT`"}); their uncached ratios are shown beside the verdict and in the tables. The catalog-scale and cheaper-than-today targets are judged on the uncached figures: the cache would hide the database and the rendering. The machine is shared: the load average (1 / 5 / 15 min) was ${reports.map((report) => `${loads(report.loadAverage.start)} before the first load run and ${loads(report.loadAverage.end)} after the last${reports.length > 1 ? ` (${driverName(report.driver)})` : ""}`).join("; ")}, and per run in the sections below. Lighthouse and the bundle sizes are judged only when this run measured them.`,
    "",
    "| target | result | numbers |",
    "|---|---|---|",
  ];
  for (const verdict of evaluateTargets(options)) {
    const shown = verdict.verdict === "missed" ? "**missed**" : verdict.verdict;
    lines.push(`| ${verdict.target} | ${shown} | ${verdict.detail} |`);
  }
  return lines.join("\n");
}

export function bundleSection(bundles: RouteBundle[], date: string, floor?: RouteBundle): string {
  const lines = [
    `Measured ${date} from \`build/client\` (React Router manifest \`build/client/assets/manifest-*.js\`). A first visit downloads what the page's HTML preloads and imports: the client entry, the root route and the route module (with its layouts), each with the chunks it imports statically. React Router's manifest script (\`manifest-*.js\`, every route of the app) is counted only when the HTML loads it, which it does not with lazy route discovery, React Router's default with server rendering: the HTML carries the page's own routes inline. gzip at level 6, as the \`compression\` middleware sends it to clients that ask for gzip; Chromium asks for brotli and gets quality 4, shown for reference. Budget: at most ${TARGETS.jsGzipKiB} KiB gzip per page a person can open, signed in or not (the admin's pages aside); a nested page (an account tab) counts its layout's chunks too${floor ? `; the floor's page (bare React Router, scripts/bench/floor/) ships ${kib(floor.jsGzip)} KiB gzip in ${floor.chunks.length} files` : ""}.`,
    "",
    "| route | files | JS raw | JS gzip | JS brotli (q4) | CSS gzip | budget |",
    "|---|---:|---:|---:|---:|---:|---|",
  ];
  for (const bundle of bundles) {
    lines.push(
      `| ${bundle.label} (\`${bundle.routeId}\`) | ${bundle.chunks.length} | ${kib(bundle.jsBytes)} KiB | ${kib(bundle.jsGzip)} KiB | ${kib(bundle.jsBrotli)} KiB | ${kib(bundle.cssGzip)} KiB | ${bundle.jsGzip / 1024 <= TARGETS.jsGzipKiB ? "met" : "**missed**"} |`,
    );
  }
  const shared = new Map<string, { gzip: number; routes: string[] }>();
  for (const bundle of bundles) {
    for (const chunk of bundle.chunks) {
      const entry = shared.get(chunk.file) ?? { gzip: chunk.gzip, routes: [] };
      entry.routes.push(bundle.label);
      shared.set(chunk.file, entry);
    }
  }
  const largest = [...shared.entries()].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 8);
  lines.push(
    "",
    `Largest chunks: ${largest
      .map(
        ([file, { gzip, routes }]) =>
          `\`${file.replace("/assets/", "")}\` ${kib(gzip)} KiB (${routes.length === bundles.length ? "all" : routes.join(", ")})`,
      )
      .join(", ")}.`,
  );
  return lines.join("\n");
}

export function lighthouseSection(options: {
  results: LighthouseResult[];
  date: string;
  context: string;
  commandLine: string;
  runs: number;
}): string {
  const targets = LIGHTHOUSE_TARGETS;
  const mark = (value: number | null, target: number | null) =>
    value === null ? "n/a" : target === null || value >= target ? `${value}` : `**${value}**`;
  const lines = [
    `Measured ${options.date}, ${options.context}. Lighthouse 12.8.2, mobile (default config: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown)${options.runs > 1 ? `, ${options.runs} runs per page, the run with the median performance score shown` : ", one run per page"}:`,
    "",
    `\`${options.commandLine}\``,
    "",
    "(`lighthouse` is the benchmark's own install in `.tmp/lighthouse`, made on first use, with its trace engine's third-party-web pinned to 0.30.0 as the stack notes record for Lighthouse 12.8 on Node 20.)",
    "",
    `| page | performance (≥ ${targets.performance}) | accessibility (${targets.accessibility}) | best practices (${targets["best-practices"]}) | SEO (${targets.seo}) | FCP | LCP | TBT | CLS | Speed Index | benchmarkIndex |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const result of options.results) {
    const metric = (title: string) => result.metrics[title] ?? "n/a";
    const floor = result.label === FLOOR_LABEL;
    lines.push(
      `| ${floor ? "floor (bare React Router, not judged)" : result.label} | ${mark(result.scores.performance, floor ? null : targets.performance)}${result.performanceRuns ? ` (runs: ${result.performanceRuns.join(", ")})` : ""}${result.failedRuns ? ` (${result.failedRuns.length} run(s) Lighthouse could not complete: ${result.failedRuns.join("; ")})` : ""} | ${mark(result.scores.accessibility, targets.accessibility)} | ${mark(result.scores["best-practices"], targets["best-practices"])} | ${mark(result.scores.seo, targets.seo)} | ${metric("First Contentful Paint")} | ${metric("Largest Contentful Paint")} | ${metric("Total Blocking Time")} | ${metric("Cumulative Layout Shift")} | ${metric("Speed Index")} | ${result.benchmarkIndex === null ? "?" : Math.round(result.benchmarkIndex)} |`,
    );
  }
  lines.push("", "Audits below full score (performance: only those under 0.9):", "");
  for (const result of options.results) {
    const failed = result.failed.map(
      (audit) =>
        `${audit.category} \`${audit.id}\` (${audit.title}${audit.displayValue ? `, ${audit.displayValue}` : ""}, score ${audit.score.toFixed(2)})`,
    );
    lines.push(`- ${result.label}: ${failed.length ? failed.join("; ") : "none"}`);
  }
  const warnings = new Set(
    options.results.flatMap((result) => result.warnings.map((text) => text.replace(/\s+/g, " "))),
  );
  for (const warning of warnings) lines.push("", `Lighthouse warned: ${warning}`);
  return lines.join("\n");
}

/** The generated sections of a new report, in its order. */
const SECTIONS = ["targets", "postgres", "pglite", "bundle", "lighthouse"];

/** `body` between the markers of the section `name`, which each run rewrites. */
const section = (name: string, body: string) =>
  `<!-- bench:${name}:begin -->\n${body}\n<!-- bench:${name}:end -->`;

const TEMPLATE = `# Performance

Measured with \`npm run bench\` (\`scripts/bench.ts\`). The sections between the \`bench:\` markers are
rewritten by each run; everything else is written by hand.

${SECTIONS.map((name) => `${section(name, "Not measured yet.")}\n`).join("\n")}`;

/** Replaces the named generated sections of the report, keeping everything written by hand. */
export async function updateReport(file: string, sections: Record<string, string>) {
  let text = existsSync(file) ? await readFile(file, "utf8") : TEMPLATE;
  for (const [name, body] of Object.entries(sections)) {
    const begin = `<!-- bench:${name}:begin -->`;
    const end = `<!-- bench:${name}:end -->`;
    const from = text.indexOf(begin);
    const to = text.indexOf(end);
    const block = section(name, body);
    if (from === -1 || to < from) text = `${text.trimEnd()}\n\n${block}\n`;
    else text = text.slice(0, from) + block + text.slice(to + end.length);
  }
  await writeFile(file, text);
}
