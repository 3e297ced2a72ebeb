// The memory soak (issue 31): a store process under minutes of mixed anonymous and signed-in
// traffic at a fixed rate, its resident memory sampled every few seconds, then left idle. What a
// shop owner sizes a VPS by is the RSS after such a stretch, not after a 10 s burst.
import { readFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import { shopQueryString } from "../../core/shop-query";
import { nodeFlags } from "../../node-flags.js";
import { BROWSER_HEADERS } from "./load";
import type { Catalog, Driver } from "./seed";
import { BENCH_COLOR } from "./seed";
import { type RunningServer, STORE_MALLOC_ENV } from "./server";

/** The target of issue 31: a store process's RSS at the end of the soak, on either database. */
export const SOAK_TARGET_MIB = 300;

/** One kind of request of the mix and its share of the traffic (weights add up to 100). */
export interface SoakRoute {
  label: string;
  weight: number;
  /** the path of the next such request (product pages pick one of many products) */
  path: (random: () => number) => string;
  signedIn?: boolean;
}

/**
 * What a shop's visitors ask for, by weight: mostly the storefront, anonymous (the page cache's
 * candidates), product pages spread over many products (most of them misses, as on a real
 * catalog), the cart's product look-up, and a signed-in customer's account pages (never cached).
 */
export function soakMix(catalog: Catalog): SoakRoute[] {
  const products = catalog.productSample.length > 0 ? catalog.productSample : [catalog.productId];
  const pick = (random: () => number) => products[Math.floor(random() * products.length)] as string;
  return [
    { label: "home", weight: 15, path: () => "/" },
    { label: "shop", weight: 10, path: () => "/products" },
    { label: "shop search", weight: 5, path: () => `/products?q=${encodeURIComponent(catalog.search.term)}` },
    { label: "shop, deep page", weight: 5, path: () => catalog.deepPage },
    { label: "shop, colour", weight: 5, path: () => `/products${shopQueryString({ color: BENCH_COLOR })}` },
    {
      label: "shop, price range",
      weight: 5,
      path: () => `/products${shopQueryString({ minCents: 4000, maxCents: 8000 })}`,
    },
    { label: "shop, on sale", weight: 5, path: () => `/products${shopQueryString({ onSale: true })}` },
    { label: "product", weight: 25, path: (random) => `/products/${pick(random)}` },
    { label: "cart", weight: 5, path: () => "/cart" },
    {
      label: "cart products",
      weight: 5,
      path: (random) => `/api/cart-products?ids=${[pick(random), pick(random), pick(random)].join(",")}`,
    },
    { label: "account", weight: 8, path: () => "/account", signedIn: true },
    { label: "account orders", weight: 7, path: () => "/account/orders", signedIn: true },
  ];
}

/** A small seeded generator (mulberry32): every soak sends the same sequence of requests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The route a number in [0, 1) falls on, by the routes' weights. */
export function chooseRoute(routes: SoakRoute[], value: number): SoakRoute {
  const total = routes.reduce((sum, route) => sum + route.weight, 0);
  let point = value * total;
  for (const route of routes) {
    if (point < route.weight) return route;
    point -= route.weight;
  }
  return routes[routes.length - 1] as SoakRoute;
}

/** The server process's memory at one moment of the soak. */
export interface SoakSample {
  /** seconds since the load started */
  seconds: number;
  phase: "load" | "idle";
  /** VmRSS */
  rssMiB: number;
  /** V8's heap: used and reserved (nodejs_heap_size_*_bytes), when the metrics answered */
  heapUsedMiB: number | null;
  heapTotalMiB: number | null;
  /** memory outside V8's heap that it knows of: Buffers, ArrayBuffers (nodejs_external_memory_bytes) */
  externalMiB: number | null;
  /** responses completed since the previous sample */
  responses: number;
}

export interface SoakRun {
  driver: Driver;
  size: number;
  /** PAGE_CACHE_TTL_SECONDS of the process (the store's default unless the run said otherwise) */
  cacheTtlSeconds: number | null;
  rate: number;
  connections: number;
  loadSeconds: number;
  idleSeconds: number;
  samples: SoakSample[];
  /** how many products the product pages and the cart's look-up pick from */
  productCount: number;
  /** VmHWM at the end: the highest RSS the process reached, between samples too */
  peakMiB: number;
  /** per route of the mix: its weight, requests sent, 2xx answers and other answers */
  routes: { label: string; weight: number; signedIn: boolean; sent: number; ok: number; failed: number }[];
  /** requests not sent because `connections` were already waiting: the store fell behind the rate */
  skipped: number;
  /** responses that took longer than the request timeout, or connections that failed */
  errors: number;
  latency: { p50: number; p99: number };
  loadAverage: { start: number[]; end: number[] };
}

export interface SoakSummary {
  /** RSS before the first request */
  startMiB: number;
  peakMiB: number;
  /** RSS at the last sample under load */
  endMiB: number;
  /** RSS at the last idle sample, or null without an idle phase */
  afterIdleMiB: number | null;
  /** completed responses divided by the load's length */
  achievedRate: number;
  /** whether the end of the soak is under SOAK_TARGET_MIB */
  meetsTarget: boolean;
}

/** Start, peak, end of load and after idle of a soak's series; the peak is at least the highest sample. */
export function summarizeSoak(run: Pick<SoakRun, "samples" | "peakMiB" | "loadSeconds">): SoakSummary {
  const load = run.samples.filter((sample) => sample.phase === "load");
  const idle = run.samples.filter((sample) => sample.phase === "idle");
  const first = load[0];
  const last = load[load.length - 1];
  if (!first || !last) throw new Error("a soak without samples under load");
  const responses = run.samples
    .filter((sample) => sample.phase === "load" && sample !== first)
    .reduce((sum, sample) => sum + sample.responses, 0);
  const endMiB = last.rssMiB;
  return {
    startMiB: first.rssMiB,
    peakMiB: Math.max(run.peakMiB, ...run.samples.map((sample) => sample.rssMiB)),
    endMiB,
    afterIdleMiB: idle.length > 0 ? (idle[idle.length - 1] as SoakSample).rssMiB : null,
    achievedRate: run.loadSeconds > 0 ? responses / run.loadSeconds : 0,
    meetsTarget: endMiB < SOAK_TARGET_MIB,
  };
}

/** The value of an untyped Prometheus sample line `name value`, in MiB. */
export function metricMiB(text: string, name: string): number | null {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, "m").exec(text);
  return match?.[1] === undefined ? null : Number(match[1]) / 1024 / 1024;
}

async function readStatusMiB(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const rss = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  const peak = /VmHWM:\s+(\d+)/.exec(status)?.[1];
  if (!rss || !peak) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return { rss: Number(rss) / 1024, peak: Number(peak) / 1024 };
}

async function readHeap(server: RunningServer, metricsToken: string | undefined) {
  if (!metricsToken) return { heapUsedMiB: null, heapTotalMiB: null, externalMiB: null };
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const text = response?.ok ? await response.text() : "";
  return {
    heapUsedMiB: metricMiB(text, "nodejs_heap_size_used_bytes"),
    heapTotalMiB: metricMiB(text, "nodejs_heap_size_total_bytes"),
    externalMiB: metricMiB(text, "nodejs_external_memory_bytes"),
  };
}

/**
 * When the samples after the first are taken: every `every` seconds of the load and at its end,
 * then every `every` seconds of the idle phase and at its end.
 */
export function sampleTimes(options: {
  loadSeconds: number;
  idleSeconds: number;
  every: number;
}): { seconds: number; phase: SoakSample["phase"] }[] {
  const { loadSeconds, idleSeconds, every } = options;
  const times: { seconds: number; phase: SoakSample["phase"] }[] = [];
  const phase = (offset: number, length: number, name: SoakSample["phase"]) => {
    for (let seconds = every; seconds < length; seconds += every)
      times.push({ seconds: offset + seconds, phase: name });
    if (length > 0) times.push({ seconds: offset + length, phase: name });
  };
  phase(0, loadSeconds, "load");
  phase(loadSeconds, idleSeconds, "idle");
  return times;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

/**
 * Sends the mix at `rate` requests per second for `loadSeconds` (open loop: a request leaves on
 * its tick whatever the previous ones are doing, as visitors arrive, with at most `connections`
 * waiting; a tick beyond that is counted as skipped), reads the process's RSS and V8 heap every
 * `sampleSeconds`, then keeps sampling for `idleSeconds` without traffic.
 */
export async function runSoak(options: {
  driver: Driver;
  server: RunningServer;
  catalog: Catalog;
  cacheTtlSeconds: number | null;
  rate: number;
  connections: number;
  loadSeconds: number;
  idleSeconds: number;
  sampleSeconds: number;
  /** METRICS_TOKEN of the server, to read its V8 heap from /metrics */
  metricsToken?: string;
  log: (message: string) => void;
}): Promise<SoakRun> {
  const { server, catalog, rate, connections, loadSeconds, idleSeconds, sampleSeconds, log } = options;
  const routes = soakMix(catalog);
  const random = seededRandom(31);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const counts = new Map(routes.map((route) => [route.label, { sent: 0, ok: 0, failed: 0 }]));
  const latencies: number[] = [];
  let inFlight = 0;
  let skipped = 0;
  let errors = 0;
  let responses = 0;

  const send = (route: SoakRoute) => {
    const count = counts.get(route.label) as { sent: number; ok: number; failed: number };
    count.sent++;
    inFlight++;
    const started = performance.now();
    const headers = route.signedIn
      ? { ...BROWSER_HEADERS, cookie: catalog.customer.cookie }
      : BROWSER_HEADERS;
    let finished = false;
    // once per request: a socket destroyed mid-response reports on the request and the response
    const finish = (status: number | null) => {
      if (finished) return;
      finished = true;
      inFlight--;
      if (status === null) errors++;
      else {
        responses++;
        latencies.push(performance.now() - started);
        if (status >= 200 && status < 300) count.ok++;
        else count.failed++;
      }
    };
    const request = http.get(
      `${server.url}${route.path(random)}`,
      { agent, headers, timeout: 30_000 },
      (response) => {
        // the body is read and dropped, as a browser reads it: a stream nobody reads holds the server's buffers
        response.resume();
        response.once("end", () => finish(response.statusCode ?? 0));
        response.once("error", () => finish(null));
        response.once("close", () => finish(response.complete ? (response.statusCode ?? 0) : null));
      },
    );
    request.once("timeout", () => request.destroy(new Error("timed out")));
    request.once("error", () => finish(null));
  };

  const samples: SoakSample[] = [];
  let counted = 0;
  const sample = async (seconds: number, phase: SoakSample["phase"]) => {
    const [status, heap] = [await readStatusMiB(server.pid), await readHeap(server, options.metricsToken)];
    const since = responses - counted;
    counted = responses;
    samples.push({ seconds, phase, rssMiB: status.rss, ...heap, responses: since });
    log(
      `soak ${options.driver} ${String(seconds).padStart(4)} s ${phase}: RSS ${Math.round(status.rss)} MiB` +
        (heap.heapUsedMiB === null
          ? ""
          : `, heap ${Math.round(heap.heapUsedMiB)} of ${Math.round(heap.heapTotalMiB ?? 0)} MiB, external ${Math.round(heap.externalMiB ?? 0)} MiB`) +
        `, ${since} responses, ${inFlight} in flight, ${skipped} skipped`,
    );
  };

  const loadAtStart = os.loadavg();
  await sample(0, "load");
  const started = performance.now();
  // the samples on their own schedule: a slow /metrics answer must not hold back the traffic
  const sampler = (async () => {
    for (const at of sampleTimes({ loadSeconds, idleSeconds, every: sampleSeconds })) {
      const wait = started + at.seconds * 1000 - performance.now();
      if (wait > 0) await sleep(wait);
      await sample(at.seconds, at.phase);
    }
  })();
  const interval = 1000 / rate;
  const total = Math.round(loadSeconds * rate);
  // ticks on a fixed schedule from the start, so a late timer does not lower the rate
  for (let tick = 0; tick < total; tick++) {
    const wait = started + tick * interval - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight >= connections) skipped++;
    else send(chooseRoute(routes, random()));
  }
  // the requests still in flight end during the idle phase; they are not new traffic
  await sampler;
  agent.destroy();
  const loadAtEnd = os.loadavg();
  latencies.sort((a, b) => a - b);
  return {
    driver: options.driver,
    size: catalog.size,
    cacheTtlSeconds: options.cacheTtlSeconds,
    rate,
    connections,
    loadSeconds,
    idleSeconds,
    samples,
    productCount: new Set(catalog.productSample).size || 1,
    peakMiB: (await readStatusMiB(server.pid)).peak,
    routes: routes.map((route) => ({
      label: route.label,
      weight: route.weight,
      signedIn: route.signedIn === true,
      ...(counts.get(route.label) ?? { sent: 0, ok: 0, failed: 0 }),
    })),
    skipped,
    errors,
    latency: { p50: Math.round(percentile(latencies, 0.5)), p99: Math.round(percentile(latencies, 0.99)) },
    loadAverage: { start: loadAtStart, end: loadAtEnd },
  };
}

/** What the section says about the machine and the command, as the bench's other sections do. */
export interface SoakEnvironment {
  date: string;
  command: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  /** the database's server_version */
  serverVersion: string;
  /** NODE_OPTIONS the store ran with, if any */
  nodeOptions?: string;
}

const whole = (value: number) => Math.round(value).toLocaleString("en-US");
const optionalMiB = (value: number | null) => (value === null ? "–" : whole(value));
const loads = (values: number[]) => values.map((value) => value.toFixed(2)).join(" / ");

/** The soak's section of docs/PERFORMANCE.md for one driver: the summary, then the series. */
export function soakSection(env: SoakEnvironment, run: SoakRun): string {
  const summary = summarizeSoak(run);
  const name = run.driver === "postgres" ? "PostgreSQL" : "PGlite (embedded)";
  const totalWeight = run.routes.reduce((sum, route) => sum + route.weight, 0);
  const mix = run.routes
    .map(
      (route) =>
        `${route.label}${route.signedIn ? " (signed in)" : ""} ${Math.round((100 * route.weight) / totalWeight)} %`,
    )
    .join(", ");
  const failed = run.routes.filter((route) => route.failed > 0);
  const responses = run.routes.reduce((sum, route) => sum + route.ok + route.failed, 0);
  const start = [
    ...Object.entries(STORE_MALLOC_ENV).map(([name, value]) => `${name}=${value}`),
    "node",
    ...nodeFlags(run.driver),
    "server.js",
  ].join(" ");
  const lines = [
    `### ${name}`,
    "",
    `- Date: ${env.date}`,
    `- Command: \`${env.command}\``,
    `- Machine: ${env.cores} cores (${env.cpu}), ${env.memoryGiB} GiB RAM, ${env.os}; Node.js ${env.node}${env.nodeOptions ? ` with NODE_OPTIONS=\`${env.nodeOptions}\`` : ""}`,
    `- Database: ${run.driver === "postgres" ? "PostgreSQL on the same machine (its own processes, not counted)" : "PGlite in the store process"}, server_version ${env.serverVersion}; ${whole(run.size)} products`,
    `- Store process: \`${start}\` (as \`npm run serve\` and the image start it) in production mode, page cache ${run.cacheTtlSeconds === 0 ? "off" : `on (PAGE_CACHE_TTL_SECONDS ${run.cacheTtlSeconds ?? "default"})`}`,
    `- Traffic: ${run.rate} requests/s for ${run.loadSeconds} s, sent on a fixed schedule whatever the answers (at most ${run.connections} waiting; a request due beyond that is skipped and counted), then ${run.idleSeconds} s without traffic. Mix: ${mix}; product pages and the cart's look-up spread over ${run.productCount} products of the catalog.`,
    `- Load average (1 / 5 / 15 min): ${loads(run.loadAverage.start)} before, ${loads(run.loadAverage.end)} after (2 cores: above 2, other work waited for CPU too)`,
    `- Answers: ${whole(responses)} responses (${summary.achievedRate.toFixed(1)} per second), p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms; ${run.errors} errors or timeouts, ${run.skipped} skipped${failed.length > 0 ? `; not 2xx: ${failed.map((route) => `${route.label} ${route.failed}`).join(", ")}` : ""}`,
    "",
    `**RSS: ${whole(summary.startMiB)} MiB at the start, peak ${whole(summary.peakMiB)} MiB, ${whole(summary.endMiB)} MiB at the end of the load${summary.afterIdleMiB === null ? "" : `, ${whole(summary.afterIdleMiB)} MiB after ${run.idleSeconds} s idle`}.** Target: under ${SOAK_TARGET_MIB} MiB at the end of the soak: ${summary.meetsTarget ? "met" : "**missed**"}.`,
    "",
    "RSS is VmRSS from /proc; V8 heap and external memory (Buffers and ArrayBuffers V8 knows of) from the store's /metrics. What RSS holds beyond the heap and external memory is native: code, malloc's arenas (compression, TLS). On PGlite, external memory counts its WebAssembly memory whole (128 MiB), of which only the pages PostgreSQL has touched are resident.",
    "",
    "| s | phase | RSS MiB | V8 heap used / total MiB | external MiB | responses |",
    "|---:|---|---:|---:|---:|---:|",
    ...run.samples.map(
      (sample) =>
        `| ${sample.seconds} | ${sample.phase} | ${whole(sample.rssMiB)} | ${optionalMiB(sample.heapUsedMiB)} / ${optionalMiB(sample.heapTotalMiB)} | ${optionalMiB(sample.externalMiB)} | ${whole(sample.responses)} |`,
    ),
  ];
  return lines.join("\n");
}
