// Performance benchmark: seeds catalogs of 100 and 10,000 products into fresh databases, serves
// each with the production build twice, with the page cache off and on, and loads the storefront
// pages with autocannon, each page right after the bare framework floor (scripts/bench/floor/) so
// that it is reported as a share of it; measures the JavaScript each storefront route ships and,
// with --lighthouse, runs Lighthouse on the storefront and the floor's page; ends with the memory
// soak (scripts/bench/soak.ts) on PostgreSQL and PGlite. Prints the results and the targets'
// verdicts and writes them into docs/PERFORMANCE.md. With --soak it runs only the soak.
// Usage: npm run bench -- --help
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { shopQueryString } from "../core/shop-query";
import { DEMO_PRODUCTS } from "../server/catalog/demo/demo-products";
import { measureRouteBundles } from "./bench/bundle";
import { cpuSpent, postgresBackendsCpuMs, processCpuMs } from "./bench/cpu";
import { buildFloor, FLOOR_DIR, floorBuildReason, floorManifest, startFloor } from "./bench/floor-app";
import {
  installLighthouse,
  type LighthouseResult,
  lighthouseCommandLine,
  runLighthouseMedian,
  stopLighthouseRuns,
} from "./bench/lighthouse";
import { startLimit } from "./bench/limit";
import { BROWSER_HEADERS, type LoadResult, measure, probePage } from "./bench/load";
import {
  bundleSection,
  CHEAPER_PAGES,
  type DriverReport,
  driverSection,
  type Environment,
  floorRatio,
  hitShare,
  lighthouseSection,
  type PageMeasurement,
  type ServerStats,
  type StoreProcess,
  scaleRatio,
  summarize,
  targetsSection,
  updateReport,
  type Variant,
} from "./bench/report";
import {
  BENCH_COLOR,
  type Catalog,
  createPostgresDatabase,
  type DemoSeed,
  type Driver,
  dropPostgresDatabase,
  postgresReachable,
  seedCatalog,
} from "./bench/seed";
import { type RunningServer, startServer } from "./bench/server";
import { snapshotBuild } from "./bench/snapshot";
import {
  runSoak,
  SOAK_TARGET_MIB,
  type SoakRun,
  type SoakSummary,
  soakSection,
  summarizeSoak,
} from "./bench/soak";

const HELP = `npm run bench -- [options]

  --duration <s>        seconds of load per URL (default 10)
  --connections <n>     concurrent connections (default 50)
  --warmup <s>          seconds of load per URL before measuring (default 3)
  --rounds <n>          measure every URL n times, interleaving the catalog sizes; medians are reported (default 1)
  --sizes <a,b>         catalog sizes (default 100,10000; e.g. 100,100000 or 100,1000000)
  --search <term>       the shop search term (default "socks", about 3 % of the catalog)
  --pglite              the embedded PGlite database instead of PostgreSQL
  --both                PostgreSQL, then PGlite
  --database-url <url>  PostgreSQL admin connection (default $BENCH_DATABASE_URL or
                        postgres://postgres@127.0.0.1:5432/postgres); a fresh database
                        nocturn_bench_<pid>_<size> is created there and dropped at the end
  --lighthouse          also run Lighthouse (mobile) on home, shop and product at the largest size
  --lighthouse-runs <n> Lighthouse runs per page; the median run by performance score is kept (default 1)
  --cache-ttl <s>       PAGE_CACHE_TTL_SECONDS of the cached store processes (default 3600, the
                        most the store accepts; a page that expired is stored again before its
                        next measured run); the uncached ones run with 0
  --uncached-only       measure with the page cache off only (a build without the page cache:
                        without this flag the run stops when the store sends no X-Cache header)
  --baseline <dir>      also measure another build of the store, uncached, on the shop and product
                        pages, for the "cheaper than today" target: a checkout with node_modules
                        and its production build, e.g. git worktree add /tmp/base <commit> &&
                        cd /tmp/base && npm ci && npm run build
  --node <path>         run the store and floor servers on this Node.js binary (default: the one
                        running the benchmark), e.g. node_modules/node/bin/node of npm i node@24
  --build               run npm run build and build the floor first (default: the store only
                        when build/ is missing, with a warning naming a source file newer than
                        the build; the floor when its build is missing or older than its sources)
  --print-only          print the results without writing docs/PERFORMANCE.md
  --only <regex>        measure only the pages whose label matches, e.g. "^shop" (implies
                        --print-only: a partial run's verdicts are not the report's)
  --soak                run only the memory soak (a full run ends with it, on PostgreSQL and
                        PGlite): for each driver a store process on a catalog of --soak-size, as
                        shipped (page cache on; off with --uncached-only), gets mixed anonymous
                        and signed-in traffic at a fixed rate while its RSS is read every 10 s,
                        then idles; writes the "Memory" sections
  --skip-soak           a full run without the soak (its target is then reported as not measured)
  --soak-size <n>       products in the soak's catalog (default 10000)
  --soak-minutes <n>    minutes of traffic (default 5)
  --soak-rate <n>       requests per second (default 40)
  --soak-idle <s>       seconds without traffic after it (default 60)
`;

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(appRoot);
const reportFile = path.join(appRoot, "docs", "PERFORMANCE.md");

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "3" },
    rounds: { type: "string", default: "1" },
    sizes: { type: "string", default: "100,10000" },
    search: { type: "string", default: "socks" },
    pglite: { type: "boolean", default: false },
    both: { type: "boolean", default: false },
    "database-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    lighthouse: { type: "boolean", default: false },
    "lighthouse-runs": { type: "string", default: "1" },
    "cache-ttl": { type: "string", default: "3600" },
    "uncached-only": { type: "boolean", default: false },
    baseline: { type: "string" },
    node: { type: "string" },
    "print-only": { type: "boolean", default: false },
    only: { type: "string" },
    build: { type: "boolean", default: false },
    soak: { type: "boolean", default: false },
    "skip-soak": { type: "boolean", default: false },
    "soak-size": { type: "string", default: "10000" },
    "soak-minutes": { type: "string", default: "5" },
    "soak-rate": { type: "string", default: "40" },
    "soak-idle": { type: "string", default: "60" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}

function wholeNumber(name: string, value: string, min = 1): number {
  const number = Number(value);
  if (value.trim() === "" || !Number.isInteger(number) || number < min) {
    console.error(`--${name} must be a whole number of at least ${min}, not ${value}`);
    process.exit(2);
  }
  return number;
}
const duration = wholeNumber("duration", args.duration);
const connections = wholeNumber("connections", args.connections);
const warmup = wholeNumber("warmup", args.warmup, 0);
const rounds = wholeNumber("rounds", args.rounds);
const lighthouseRuns = wholeNumber("lighthouse-runs", args["lighthouse-runs"]);
const cacheTtl = wholeNumber("cache-ttl", args["cache-ttl"]);
const uncachedOnly = args["uncached-only"];
const soakSeconds = Math.round(60 * Number(args["soak-minutes"]));
if (!(soakSeconds >= 10)) {
  console.error(`--soak-minutes must be a number of minutes of at least 1/6, not ${args["soak-minutes"]}`);
  process.exit(2);
}
const soakRate = wholeNumber("soak-rate", args["soak-rate"]);
const soakSize = wholeNumber("soak-size", args["soak-size"]);
const soakIdle = wholeNumber("soak-idle", args["soak-idle"], 0);
const baselineDir = args.baseline ? path.resolve(args.baseline) : undefined;
if (baselineDir && !existsSync(path.join(baselineDir, "build", "server", "index.js"))) {
  console.error(
    `--baseline ${baselineDir} has no production build (build/server/index.js): run npm run build there`,
  );
  process.exit(2);
}
if (baselineDir && !existsSync(path.join(baselineDir, "node_modules"))) {
  console.error(`--baseline ${baselineDir} has no node_modules: run npm ci there`);
  process.exit(2);
}
const nodeBinary = args.node ? path.resolve(args.node) : undefined;
/** The Node.js version of the store and floor servers. */
function serverNodeVersion(): string {
  if (!nodeBinary) return process.version;
  try {
    return execFileSync(nodeBinary, ["--version"], { encoding: "utf8" }).trim();
  } catch (error) {
    console.error(`--node ${nodeBinary} does not run: ${(error as Error).message}`);
    process.exit(2);
  }
}
const serverNode = serverNodeVersion();
const sizes = [...new Set(args.sizes.split(",").map((size) => wholeNumber("sizes", size.trim())))].sort(
  (a, b) => a - b,
);
const searchTerm = args.search.trim();
const adminUrl = args["database-url"];
// the demo catalog's featured hoodie: in every catalog, with four images and many relatives
const productName = DEMO_PRODUCTS.find((demo) => demo.category === "Hoodies")?.name ?? "";

/** Undo steps, newest first; run in finally, on Ctrl+C and by the watchdog. */
const cleanups: { label: string; run: () => Promise<void> }[] = [];
async function cleanUp(downTo = 0) {
  while (cleanups.length > downTo) {
    const step = cleanups.pop();
    if (!step) break;
    try {
      await step.run();
    } catch (error) {
      console.error(`cleanup (${step.label}) failed: ${(error as Error).message}`);
    }
  }
}
let exiting = false;
async function exitAfterCleanup(code: number, reason?: string) {
  if (exiting) return;
  exiting = true;
  if (reason) console.error(reason);
  await cleanUp();
  process.exit(code);
}
process.once("SIGINT", () => void exitAfterCleanup(130, "interrupted, cleaning up"));
process.once("SIGTERM", () => void exitAfterCleanup(143, "terminated, cleaning up"));

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

function run(command: string, commandArgs: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

async function chooseDrivers(): Promise<Driver[]> {
  if (args.pglite) return ["pglite"];
  const reachable = await postgresReachable(adminUrl);
  if (args.both) {
    if (!reachable) throw new Error(`--both needs PostgreSQL, but ${new URL(adminUrl).host} does not answer`);
    return ["postgres", "pglite"];
  }
  if (reachable) return ["postgres"];
  log(`PostgreSQL does not answer at ${new URL(adminUrl).host}; measuring the embedded PGlite instead`);
  return ["pglite"];
}

interface PageSpec {
  label: string;
  pattern: string;
  path: (catalog: Catalog) => string;
  lighthouse: boolean;
  /** loaded with the seeded customer's session cookie */
  signedIn?: boolean;
  /** its work may grow with the catalog (the scale target applies) */
  catalog: boolean;
}
const PAGES: PageSpec[] = [
  { label: "home", pattern: "/", path: () => "/", lighthouse: true, catalog: true },
  { label: "shop", pattern: "/products", path: () => "/products", lighthouse: true, catalog: true },
  {
    label: "shop search",
    pattern: `/products?q=${searchTerm}`,
    path: (catalog) => `/products?q=${encodeURIComponent(catalog.search.term)}`,
    lighthouse: false,
    catalog: true,
  },
  {
    // the last full page (both sizes render the same number of cards), by its cursor as the
    // shop's Next link names it: with OFFSET its cost grew with the catalog
    label: "shop, deep page",
    pattern: "/products?page=<last full>&after=<cursor>",
    path: (catalog) => catalog.deepPage,
    lighthouse: false,
    catalog: true,
  },
  // the filters of issue 29: their listings and their counts (a colour's, the sale's) at scale
  {
    label: "shop, colour",
    pattern: `/products?color=${BENCH_COLOR}`,
    path: () => `/products${shopQueryString({ color: BENCH_COLOR })}`,
    lighthouse: false,
    catalog: true,
  },
  {
    label: "shop, price range",
    pattern: "/products?min=40&max=80",
    path: () => `/products${shopQueryString({ minCents: 4000, maxCents: 8000 })}`,
    lighthouse: false,
    catalog: true,
  },
  {
    label: "shop, on sale",
    pattern: "/products?sale=1",
    path: () => `/products${shopQueryString({ onSale: true })}`,
    lighthouse: false,
    catalog: true,
  },
  {
    label: "product",
    pattern: "/products/<id>",
    path: (catalog) => `/products/${catalog.productId}`,
    lighthouse: true,
    catalog: true,
  },
  // control: server-rendered without a catalog query, so it shows the machine's noise
  { label: "about (control)", pattern: "/about", path: () => "/about", lighthouse: false, catalog: false },
  // an empty cart: the lines live in the browser until checkout
  { label: "cart", pattern: "/cart", path: () => "/cart", lighthouse: false, catalog: false },
  // what the cart page asks for when it opens: its lines' current prices, sizes and stock (never cached)
  {
    label: "cart refresh",
    pattern: "/api/cart-products?ids=<3 products>",
    path: (catalog) => `/api/cart-products?ids=${catalog.cartProductIds.join(",")}`,
    lighthouse: false,
    signedIn: true,
    catalog: true,
  },
  {
    label: "account",
    pattern: "/account",
    path: () => "/account",
    lighthouse: false,
    signedIn: true,
    catalog: false,
  },
  {
    label: "account orders",
    pattern: "/account/orders",
    path: () => "/account/orders",
    lighthouse: false,
    signedIn: true,
    catalog: false,
  },
];
const onlyPattern = args.only === undefined ? undefined : new RegExp(args.only);
const measuredPages = onlyPattern ? PAGES.filter((page) => onlyPattern.test(page.label)) : PAGES;
if (measuredPages.length === 0) {
  console.error(`--only ${args.only} matches no page: ${PAGES.map((page) => page.label).join(", ")}`);
  process.exit(2);
}

/** What a browser sends for the page: the customer's session cookie on the signed-in pages. */
function headersFor(page: PageSpec, catalog: Catalog): Record<string, string> {
  return page.signedIn ? { ...BROWSER_HEADERS, cookie: catalog.customer.cookie } : BROWSER_HEADERS;
}

const isHit = (xCache: string | null) => xCache?.trim().toUpperCase() === "HIT";
/** CPU milliseconds for the log: two decimals under 1 ms (a cached page costs a fraction of one) */
const cpuText = (value: number | null | undefined) =>
  value === null || value === undefined ? "-" : value.toFixed(value < 1 ? 2 : 1);

/**
 * The store processes a run compares: the page cache off (every page), on (the anonymous pages,
 * which are its candidates) and, with --baseline, another build of the store with the cache off
 * (the pages of the "cheaper than today" target).
 */
interface StoreVariant {
  variant: Variant;
  appRoot: string;
  env: Record<string, string>;
  serves: (page: PageSpec) => boolean;
}

function storeVariants(serverRoot: string, baselineRoot: string | undefined): StoreVariant[] {
  const variants: StoreVariant[] = [
    { variant: "uncached", appRoot: serverRoot, env: { PAGE_CACHE_TTL_SECONDS: "0" }, serves: () => true },
  ];
  if (!uncachedOnly)
    variants.push({
      variant: "cached",
      appRoot: serverRoot,
      env: { PAGE_CACHE_TTL_SECONDS: String(cacheTtl) },
      serves: (page) => !page.signedIn,
    });
  if (baselineRoot)
    variants.push({
      variant: "baseline",
      appRoot: baselineRoot,
      env: { PAGE_CACHE_TTL_SECONDS: "0" },
      serves: (page) => CHEAPER_PAGES.some((cheaper) => cheaper.label === page.label),
    });
  return variants;
}

/**
 * Checks, before any load, that each store process answers the page as its variant says: 200,
 * and with the cache on `X-Cache: MISS` or `HIT` then `HIT` (a store that sends no X-Cache has no
 * page cache, and its "cached" numbers would be fake); with the cache off never `HIT`. Returns the
 * probe of the response a shopper gets (the HIT when cached), for the page's size.
 */
async function checkPage(url: string, headers: Record<string, string>, variant: Variant) {
  // a signed-in page answers 200 only for a valid session: a redirect to /login fails here
  const first = await probePage(url, headers);
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
  const second = await probePage(url, headers);
  if (variant === "cached") {
    if (first.xCache === null && second.xCache === null)
      throw new Error(
        `${url} sent no X-Cache header with PAGE_CACHE_TTL_SECONDS=${cacheTtl}, though the page is a page cache candidate: this build has no page cache (or ignores PAGE_CACHE_TTL_SECONDS), so its "cached" figures would be fake. Build a store with the page cache, or measure it uncached only with --uncached-only.`,
      );
    if (!isHit(second.xCache))
      throw new Error(
        `${url} answered X-Cache: ${first.xCache ?? "(none)"}, then X-Cache: ${second.xCache ?? "(none)"} with the page cache on: the page is not served from the cache`,
      );
  } else if (isHit(first.xCache) || isHit(second.xCache)) {
    throw new Error(`${url} answered X-Cache: HIT with PAGE_CACHE_TTL_SECONDS=0: the page cache is not off`);
  }
  return second;
}

/** One autocannon run with the CPU time the server process and its database backends spent. */
async function measureWithCpu(options: {
  url: string;
  server: RunningServer;
  /** the catalog's database, when it is PostgreSQL */
  databaseUrl?: string;
  headers?: Record<string, string>;
  /** a store process: its X-Cache headers are counted and checked */
  variant?: Variant;
}): Promise<LoadResult> {
  const { url, server, databaseUrl, headers, variant } = options;
  const databaseName = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined;
  const dbCpu = () => (databaseName ? postgresBackendsCpuMs(adminUrl, databaseName) : Promise.resolve(null));
  if (warmup > 0) await measure({ url, connections, duration: warmup, headers });
  if (variant === "cached") {
    // warmed: by the warm-up, else by this request (a MISS renders and stores the page)
    const probe = await probePage(url, headers);
    if (!isHit(probe.xCache) && !isHit((await probePage(url, headers)).xCache))
      throw new Error(
        `${url} did not answer X-Cache: HIT after it was warmed (X-Cache: ${probe.xCache ?? "(none)"}): the cached run would not measure the cache`,
      );
  }
  const [serverBefore, dbBefore] = [await processCpuMs(server.pid), await dbCpu()];
  const result = await measure({ url, connections, duration, headers, countCache: variant !== undefined });
  const [serverAfter, dbAfter] = [await processCpuMs(server.pid), await dbCpu()];
  if (variant && variant !== "cached" && result.cache && result.cache.hit > 0)
    throw new Error(
      `${url}: ${result.cache.hit} responses said X-Cache: HIT with PAGE_CACHE_TTL_SECONDS=0: the page cache is not off`,
    );
  const perRequest = (ms: number) => (result.requests > 0 ? ms / result.requests : null);
  return {
    ...result,
    serverCpuMs:
      serverBefore !== null && serverAfter !== null ? perRequest(serverAfter - serverBefore) : null,
    dbCpuMs: dbBefore && dbAfter ? perRequest(cpuSpent(dbBefore, dbAfter)) : null,
    loadAverage: os.loadavg()[0],
  };
}

/** Rendered once, copied into every later catalog. */
let demoSeed: DemoSeed | undefined;

/** A page as one variant serves it: what the report gets, and the spec it was made from. */
interface Entry {
  spec: PageSpec;
  variant: Variant;
  measurement: PageMeasurement;
}

/**
 * A fresh database of the driver (PostgreSQL: a new database on the server, dropped by the
 * cleanups; PGlite: a data folder in `workDir`) with a catalog of `size` products; `use` tells
 * apart the soak's from the load runs' of the same size.
 */
async function seedDriverCatalog(
  driver: Driver,
  workDir: string,
  size: number,
  use: "load" | "soak" = "load",
): Promise<Catalog> {
  const catalogName = `${use === "soak" ? "soak_" : ""}${size}`;
  const dataDir = path.join(workDir, `${driver}-${catalogName}`);
  let databaseUrl: string | undefined;
  if (driver === "postgres") {
    const name = `nocturn_bench_${process.pid}_${catalogName}`;
    databaseUrl = await createPostgresDatabase(adminUrl, name);
    cleanups.push({ label: `drop database ${name}`, run: () => dropPostgresDatabase(adminUrl, name) });
  }
  log(`${driver}: seeding ${size.toLocaleString("en-US")} products`);
  const seeded = await seedCatalog({
    driver,
    size,
    dataDir,
    databaseUrl,
    searchTerm,
    productName,
    demo: demoSeed,
  });
  const catalog = seeded.catalog;
  demoSeed = seeded.demo;
  log(
    `${driver}: ${size} products in ${(catalog.seedMs / 1000).toFixed(1)} s (bulk insert ${(catalog.bulkInsertMs / 1000).toFixed(1)} s); "${searchTerm}" matches ${catalog.search.matches}; customer with ${catalog.customer.orders} orders`,
  );
  return catalog;
}

async function benchDriver(
  driver: Driver,
  workDir: string,
  variants: StoreVariant[],
  lighthouse: boolean,
): Promise<{ report: DriverReport; lighthouse: LighthouseResult[] }> {
  const catalogs: Catalog[] = [];
  for (const size of sizes) catalogs.push(await seedDriverCatalog(driver, workDir, size));

  // every size and variant is served at once, so each page is measured back to back at every size;
  // PostgreSQL serves one database to a catalog's processes, PGlite (a database in the process)
  // needs a copy of the data folder for each further process, made before any of them starts
  const servers = new Map<Variant, Map<number, RunningServer>>();
  const idle = new Map<RunningServer, ServerStats["idle"]>();
  // (the first process's lock file must not be copied along: each copy would seem in use by it)
  const dataDirOf = (catalog: Catalog, index: number) =>
    driver === "pglite" && index > 0 ? `${catalog.dataDir}-${variants[index]?.variant}` : catalog.dataDir;
  for (const catalog of catalogs) {
    for (const index of variants.keys()) {
      const dataDir = dataDirOf(catalog, index);
      if (dataDir !== catalog.dataDir) await cp(catalog.dataDir, dataDir, { recursive: true });
    }
  }
  for (const catalog of catalogs) {
    for (const [index, store] of variants.entries()) {
      const dataDir = dataDirOf(catalog, index);
      const server = await startServer({
        appRoot: store.appRoot,
        catalog: { dataDir, databaseUrl: catalog.databaseUrl },
        env: store.env,
        node: nodeBinary,
      });
      cleanups.push({ label: `stop server ${server.pid}`, run: () => server.stop() });
      const bySize = servers.get(store.variant) ?? new Map<number, RunningServer>();
      bySize.set(catalog.size, server);
      servers.set(store.variant, bySize);
      idle.set(server, await server.memory());
      log(
        `${driver}: server for ${catalog.size} products, ${store.variant} (PAGE_CACHE_TTL_SECONDS=${store.env.PAGE_CACHE_TTL_SECONDS}) at ${server.url} (pid ${server.pid})`,
      );
    }
  }
  const serverFor = (variant: Variant, size: number) => servers.get(variant)?.get(size) as RunningServer;
  // started after the seed, beside this driver's servers: its memory is read over the same span
  const floorServer = await startFloor(nodeBinary);
  cleanups.push({ label: `stop the floor ${floorServer.pid}`, run: () => floorServer.stop() });
  const floorIdle = await floorServer.memory();
  log(
    `floor at ${floorServer.url} (pid ${floorServer.pid}), ready in ${(floorServer.startMs / 1000).toFixed(1)} s`,
  );

  // page by page, each variant that serves it: uncached, cached, baseline
  const entries: Entry[] = measuredPages.flatMap((page) =>
    variants
      .filter((store) => store.serves(page))
      .map((store) => ({
        spec: page,
        variant: store.variant,
        measurement: {
          label: page.label,
          pattern: page.pattern,
          audience: page.signedIn ? "signed-in" : "anonymous",
          catalog: page.catalog,
          variant: store.variant,
          floorRuns: [],
          limitRuns: [],
          bySize: new Map(),
        } satisfies PageMeasurement,
      })),
  );
  const floorProbe = await probePage(floorServer.url);
  if (floorProbe.status !== 200) throw new Error(`the floor answered ${floorProbe.status}`);
  for (const entry of entries) {
    for (const catalog of catalogs) {
      const url = serverFor(entry.variant, catalog.size).url + entry.spec.path(catalog);
      const probe = await checkPage(url, headersFor(entry.spec, catalog), entry.variant);
      entry.measurement.bySize.set(catalog.size, {
        path: entry.spec.path(catalog),
        runs: [],
        html: { bytes: probe.htmlBytes, sent: probe.sentBytes, encoding: probe.encoding },
      });
    }
  }
  const loadAtStart = os.loadavg();
  for (let round = 1; round <= rounds; round++) {
    // alternate which size goes first, so that an order effect cancels out over the rounds
    const order = round % 2 === 1 ? catalogs : [...catalogs].reverse();
    for (const entry of entries) {
      const { spec, variant } = entry;
      // the floor just before the page: the page's ratio to it compares two runs seconds apart
      const floorResult = await measureWithCpu({ url: floorServer.url, server: floorServer });
      entry.measurement.floorRuns.push(floorResult);
      log(
        `floor before ${spec.label} (${variant}): ${Math.round(floorResult.requestsPerSecond)} req/s, p99 ${floorResult.p99} ms, CPU/request ${cpuText(floorResult.serverCpuMs)} ms`,
      );
      if (variant === "cached") {
        // the limit of this page: its bytes at the largest catalog, from memory by plain node:http
        const largest = catalogs[catalogs.length - 1] as Catalog;
        const limit = await startLimit({
          url: serverFor(variant, largest.size).url + spec.path(largest),
          headers: headersFor(spec, largest),
          workDir,
          node: nodeBinary,
        });
        try {
          const limitResult = await measureWithCpu({ url: limit.url, server: limit });
          entry.measurement.limitRuns.push(limitResult);
          log(
            `limit of ${spec.label}: ${Math.round(limitResult.requestsPerSecond)} req/s, p99 ${limitResult.p99} ms, CPU/request ${cpuText(limitResult.serverCpuMs)} ms`,
          );
        } finally {
          await limit.stop();
        }
      }
      for (const catalog of order) {
        const server = serverFor(variant, catalog.size);
        const result = await measureWithCpu({
          url: server.url + spec.path(catalog),
          server,
          databaseUrl: catalog.databaseUrl,
          headers: headersFor(spec, catalog),
          variant,
        });
        entry.measurement.bySize.get(catalog.size)?.runs.push(result);
        const hits = hitShare(result.cache);
        log(
          `${driver} ${catalog.size} ${spec.label} ${variant}${rounds > 1 ? ` (round ${round})` : ""}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, CPU/request server ${cpuText(result.serverCpuMs)} ms db ${cpuText(result.dbCpuMs)} ms, load ${result.loadAverage?.toFixed(1)}${variant === "cached" ? `, X-Cache: HIT ${hits === null ? "?" : `${(100 * hits).toFixed(1)} %`}` : ""}`,
        );
        if (variant === "cached" && result.cache && result.cache.hit < result.requests)
          log(
            `warning: only ${result.cache.hit} of the run's ${result.requests} responses were X-Cache: HIT (${result.cache.miss} MISS, ${result.cache.none} without X-Cache)`,
          );
      }
    }
  }
  const loadAtEnd = os.loadavg();
  const storeProcesses: StoreProcess[] = [];
  for (const [variant, bySize] of servers)
    for (const [size, running] of bySize)
      storeProcesses.push({
        size,
        variant,
        startMs: running.startMs,
        idle: idle.get(running) ?? null,
        after: await running.memory(),
      });
  const floor = {
    startMs: floorServer.startMs,
    idle: floorIdle,
    after: await floorServer.memory(),
    html: { bytes: floorProbe.htmlBytes, sent: floorProbe.sentBytes, encoding: floorProbe.encoding },
  };

  const lighthouseResults: LighthouseResult[] = [];
  if (lighthouse) {
    await installLighthouse();
    const largest = catalogs[catalogs.length - 1] as Catalog;
    // what shoppers get: the page cache on, when this run measured it
    const running = serverFor(servers.has("cached") ? "cached" : "uncached", largest.size);
    // the bare framework's page first, reported beside the store's: what this machine allows
    const audited = [
      { label: "floor", url: `${floorServer.publicUrl}/` },
      ...measuredPages
        .filter((spec) => spec.lighthouse)
        .map((page) => ({ label: page.label, url: running.publicUrl + page.path(largest) })),
    ];
    for (const page of audited) {
      log(
        `lighthouse ${page.label} (${page.label === "floor" ? "bare React Router" : `${largest.size} products, ${driver}`})`,
      );
      const result = await runLighthouseMedian({ ...page, outDir: workDir, runs: lighthouseRuns });
      log(
        `lighthouse ${page.label}: ${Object.entries(result.scores)
          .map(([category, score]) => `${category} ${score}`)
          .join(", ")}`,
      );
      lighthouseResults.push(result);
    }
  }
  return {
    report: {
      driver,
      catalogs,
      pages: entries.map((entry) => entry.measurement),
      servers: storeProcesses,
      floor,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
    },
    lighthouse: lighthouseResults,
  };
}

/** The baseline build as the report names it: its folder and, in a git checkout, its commit. */
function describeBaseline(dir: string): string {
  try {
    const commit = execFileSync("git", ["-C", dir, "log", "-1", "--format=%h (%cs)"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return `the build in \`${dir}\`, commit ${commit}`;
  } catch {
    return `the build in \`${dir}\``;
  }
}

/** A source file changed after the build was made, if any. */
async function newerSource(builtAt: number): Promise<string | undefined> {
  for (const folder of ["app", "core", "server"]) {
    for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (statSync(file).mtimeMs > builtAt) return file;
    }
  }
  return undefined;
}

/**
 * The memory soak on one driver: a store process as shipped on a fresh catalog of --soak-size
 * products, loaded with the mix of scripts/bench/soak.ts; stopped and its database dropped after.
 */
async function soakDriver(
  driver: Driver,
  workDir: string,
  serverRoot: string,
): Promise<SoakRun & { serverVersion: string }> {
  const size = soakSize;
  const catalog = await seedDriverCatalog(driver, workDir, size, "soak");
  // the V8 heap is read from /metrics, which answers only this token
  const metricsToken = randomBytes(32).toString("hex");
  const env: Record<string, string> = { METRICS_TOKEN: metricsToken };
  if (uncachedOnly) env.PAGE_CACHE_TTL_SECONDS = "0";
  const server = await startServer({ appRoot: serverRoot, catalog, env, node: nodeBinary });
  cleanups.push({ label: `stop server ${server.pid}`, run: () => server.stop() });
  log(
    `${driver}: soak of ${size.toLocaleString("en-US")} products at ${server.url} (pid ${server.pid}): ${soakRate} requests/s for ${soakSeconds} s, then ${soakIdle} s idle`,
  );
  const ttl = env.PAGE_CACHE_TTL_SECONDS ?? process.env.PAGE_CACHE_TTL_SECONDS;
  const run = await runSoak({
    driver,
    server,
    catalog,
    cacheTtlSeconds: ttl === undefined ? null : Number(ttl),
    rate: soakRate,
    connections,
    loadSeconds: soakSeconds,
    idleSeconds: soakIdle,
    sampleSeconds: 10,
    metricsToken,
    log,
  });
  return { ...run, serverVersion: catalog.serverVersion };
}

async function main() {
  const startedAt = new Date();
  if (args.build || !existsSync("build/server/index.js") || !existsSync("build/client/assets")) {
    log(args.build ? "running npm run build" : "no production build: running npm run build");
    await run("npm", ["run", "build"]);
  } else {
    const stale = await newerSource(statSync("build/server/index.js").mtimeMs);
    if (stale) log(`warning: ${stale} is newer than build/; pass --build to measure the current code`);
  }
  // the soak loads the store alone
  const floorReason = args.soak ? undefined : args.build ? "--build" : await floorBuildReason();
  if (floorReason) {
    log(`building the floor (${floorReason}): react-router build ${path.relative(appRoot, FLOOR_DIR)}`);
    await buildFloor(appRoot);
  }
  const drivers = await chooseDrivers();
  // a full run ends with the soak on both databases (PGlite alone when PostgreSQL does not answer)
  const soakDrivers: Driver[] = args.soak
    ? drivers
    : args["skip-soak"] || onlyPattern
      ? []
      : (await postgresReachable(adminUrl))
        ? ["postgres", "pglite"]
        : ["pglite"];

  // the script always ends by itself: a generous ceiling for the whole run (seeding a million
  // products took about three minutes on this machine; 500 s per million are allowed)
  const entriesPerRound = measuredPages.reduce(
    (sum, page) => sum + storeVariants("", baselineDir).filter((store) => store.serves(page)).length,
    0,
  );
  const soakMs = 120_000 + soakSize * 0.5 + (soakSeconds + soakIdle + 120) * 1000;
  const perDriverMs = args.soak
    ? 0
    : sizes.reduce((sum, size) => sum + 120_000 + size * 0.5, 0) +
      entriesPerRound * rounds * (sizes.length + 2) * (duration + warmup + 5) * 1000 +
      (args.lighthouse ? 4 * lighthouseRuns * 240_000 : 0);
  setTimeout(
    () => void exitAfterCleanup(1, "the benchmark took far longer than expected; stopped"),
    drivers.length * perDriverMs + soakDrivers.length * soakMs + 300_000,
  ).unref();

  const env: Environment = {
    date: startedAt.toISOString().replace(/\.\d+Z$/, "Z"),
    command: ["npm run bench", ...(process.argv.length > 2 ? ["--", ...process.argv.slice(2)] : [])].join(
      " ",
    ),
    cpu: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: serverNode,
    benchNode: process.version,
    loadAverage: os.loadavg(),
    connections,
    duration,
    warmup,
    rounds,
    headers: BROWSER_HEADERS,
    cacheTtlSeconds: uncachedOnly ? null : cacheTtl,
    baseline: baselineDir ? describeBaseline(baselineDir) : null,
  };
  if (args.soak)
    log(
      `soak on ${drivers.join(", ")}: ${soakSize} products, ${soakRate} requests/s for ${soakSeconds} s, ${soakIdle} s idle; servers on Node.js ${serverNode}; load ${env.loadAverage.map((value) => value.toFixed(2)).join(" ")}`,
    );
  else
    log(
      `drivers ${drivers.join(", ")}; sizes ${sizes.join(", ")}; ${connections} connections, ${duration} s per URL; page cache ${uncachedOnly ? "off only" : `off and on (TTL ${cacheTtl} s)`}${env.baseline ? `; baseline ${env.baseline}` : ""}; servers on Node.js ${serverNode}; load ${env.loadAverage.map((value) => value.toFixed(2)).join(" ")}`,
    );

  const workDir = await mkdtemp(path.join(os.tmpdir(), "nocturn-bench-"));
  cleanups.push({ label: `remove ${workDir}`, run: () => rm(workDir, { recursive: true, force: true }) });
  cleanups.push({ label: "stop Lighthouse", run: async () => stopLighthouseRuns() });
  // the servers run a private copy: other work may rebuild build/ during the run
  const serverRoot = path.join(workDir, "app");
  const { manifestFile } = await snapshotBuild(appRoot, serverRoot);
  if (args.soak) {
    const soaked = await soakAll(soakDrivers, workDir, serverRoot, env);
    await report(soaked.sections);
    return;
  }
  const baselineRoot = baselineDir ? path.join(workDir, "baseline") : undefined;
  if (baselineDir && baselineRoot) await snapshotBuild(baselineDir, baselineRoot);
  const variants = storeVariants(serverRoot, baselineRoot);

  const bundles = await measureRouteBundles(path.join(serverRoot, "build", "client"), manifestFile);
  for (const bundle of bundles) {
    log(`JS ${bundle.label}: ${(bundle.jsGzip / 1024).toFixed(1)} KiB gzip in ${bundle.chunks.length} files`);
  }

  const floorManifestFile = await floorManifest();
  const [floorBundle] = floorManifestFile
    ? await measureRouteBundles(path.join(FLOOR_DIR, "build", "client"), floorManifestFile, [
        { label: "floor", routeId: "routes/home" },
      ])
    : [];
  if (floorBundle) log(`JS floor: ${(floorBundle.jsGzip / 1024).toFixed(1)} KiB gzip`);

  const sections: Record<string, string> = { bundle: bundleSection(bundles, env.date, floorBundle) };
  const reports: DriverReport[] = [];
  const lighthouseResults: LighthouseResult[] = [];
  for (const [index, driver] of drivers.entries()) {
    const mark = cleanups.length;
    try {
      const measured = await benchDriver(driver, workDir, variants, args.lighthouse && index === 0);
      reports.push(measured.report);
      lighthouseResults.push(...measured.lighthouse);
      sections[driver] = driverSection(env, measured.report);
      if (measured.lighthouse.length > 0) {
        const largest = sizes[sizes.length - 1] as number;
        sections.lighthouse = lighthouseSection({
          results: measured.lighthouse,
          date: env.date,
          context: `production build on ${driver === "postgres" ? "PostgreSQL" : "PGlite"} with ${largest.toLocaleString("en-US")} products, served ${uncachedOnly ? "with the page cache off" : "with the page cache on (what shoppers get)"} at http://localhost on this machine`,
          commandLine: lighthouseCommandLine(),
          runs: lighthouseRuns,
        });
      }
      printSummary(measured.report);
    } finally {
      // stop this driver's servers and drop its databases before the next driver
      await cleanUp(mark);
    }
  }

  const soaked = await soakAll(soakDrivers, workDir, serverRoot, env);
  Object.assign(sections, soaked.sections);
  sections.targets = targetsSection({
    env,
    reports,
    bundles,
    lighthouse: lighthouseResults,
    soaks: soakDrivers.length > 0 ? soaked.soaks : null,
  });
  await report(sections);
}

/** Prints the sections and, unless the run was partial or --print-only, writes them into the report. */
async function report(sections: Record<string, string>) {
  for (const body of Object.values(sections)) console.log(`\n${body}`);
  if (!args["print-only"] && !onlyPattern) {
    await updateReport(reportFile, sections);
    log(`results written to ${path.relative(appRoot, reportFile)}`);
  }
}

/** The soak on each driver, one after the other: each driver's "soak" section and summary. */
async function soakAll(drivers: Driver[], workDir: string, serverRoot: string, env: Environment) {
  const sections: Record<string, string> = {};
  const soaks: { driver: Driver; summary: SoakSummary }[] = [];
  for (const driver of drivers) {
    const mark = cleanups.length;
    try {
      const run = await soakDriver(driver, workDir, serverRoot);
      const summary = summarizeSoak(run);
      soaks.push({ driver, summary });
      log(
        `${driver} soak: RSS ${Math.round(summary.startMiB)} MiB at the start, peak ${Math.round(summary.peakMiB)}, ${Math.round(summary.endMiB)} at the end of the load, ${summary.afterIdleMiB === null ? "-" : Math.round(summary.afterIdleMiB)} after idle; ${summary.achievedRate.toFixed(1)} responses/s, p99 ${run.latency.p99} ms, ${run.errors} errors, ${run.skipped} skipped; target < ${SOAK_TARGET_MIB} MiB ${summary.meetsTarget ? "met" : "MISSED"}`,
      );
      sections[`soak-${driver}`] = soakSection(
        {
          date: env.date,
          command: env.command,
          cpu: env.cpu,
          cores: env.cores,
          memoryGiB: env.memoryGiB,
          os: env.os,
          node: env.node,
          serverVersion: run.serverVersion,
          nodeOptions: process.env.NODE_OPTIONS,
        },
        run,
      );
    } finally {
      await cleanUp(mark);
    }
  }
  return { sections, soaks };
}

function printSummary(report: DriverReport) {
  const smallest = Math.min(...report.catalogs.map((catalog) => catalog.size));
  for (const page of report.pages) {
    for (const [size, measured] of page.bySize) {
      const summary = summarize(measured.runs);
      const vsFloor = floorRatio(page, size);
      const vsSmallest = size === smallest ? null : scaleRatio(page, smallest, size);
      const cpu = cpuText(summary.serverCpuMs === null ? null : summary.serverCpuMs + (summary.dbCpuMs ?? 0));
      log(
        `${report.driver} ${page.label.padEnd(17)} ${page.variant.padEnd(8)} ${String(size).padStart(7)}: ${Math.round(summary.requestsPerSecond)} req/s, p99 ${summary.p99} ms, CPU/request ${cpu} ms, ${vsFloor?.toFixed(2) ?? "?"}x floor${vsSmallest === null ? "" : `, ${vsSmallest.toFixed(2)}x of ${smallest}`}`,
      );
    }
  }
}

main()
  .then(() => exitAfterCleanup(0))
  .catch((error: unknown) => exitAfterCleanup(1, `bench failed: ${(error as Error).stack ?? String(error)}`));
