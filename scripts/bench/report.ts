import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import type { RouteBundle } from "./bundle";
import type { LighthouseResult } from "./lighthouse";
import type { LoadResult } from "./load";
import type { Catalog, Driver } from "./seed";

/** Fewer than this share of the small catalog's requests per second misses the target. */
const SCALE_TARGET = 0.75;
const JS_BUDGET_KIB = 150;
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
  node: string;
  loadAverage: number[];
  connections: number;
  duration: number;
  warmup: number;
  rounds: number;
  headers: Record<string, string>;
}

export interface PageMeasurement {
  label: string;
  /** path with the placeholders the report shows */
  pattern: string;
  bySize: Map<
    number,
    { path: string; runs: LoadResult[]; html: { bytes: number; sent: number; encoding: string } }
  >;
}

export interface DriverReport {
  driver: Driver;
  catalogs: Catalog[];
  pages: PageMeasurement[];
  server: Map<number, { startMs: number; rssMiB: number | null }>;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const int = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? Math.round(value).toString() : value.toFixed(1));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medianOf(values: (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === "number");
  return known.length > 0 ? median(known) : null;
}

export function summarize(runs: LoadResult[]) {
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
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
  };
}

/** CPU milliseconds per request of the server and the database together. */
function cpuPerRequest(summary: ReturnType<typeof summarize>): number | null {
  if (summary.serverCpuMs === null) return null;
  return summary.serverCpuMs + (summary.dbCpuMs ?? 0);
}

const optionalMs = (value: number | null) => (value === null ? "–" : value.toFixed(1));

function environmentLines(env: Environment): string[] {
  return [
    `- Date: ${env.date}`,
    `- Command: \`${env.command}\``,
    `- Machine: ${env.cores} cores (${env.cpu}), ${env.memoryGiB} GiB RAM, ${env.os}; load average before the run ${env.loadAverage.map((value) => value.toFixed(2)).join(" / ")} (1 / 5 / 15 min)`,
    `- Node.js ${env.node}; autocannon 9 in the benchmark process on the same machine as the server and the database`,
    `- Load: ${env.connections} connections, ${env.duration} s per URL after a ${env.warmup} s warm-up, ${env.rounds} round${env.rounds > 1 ? "s (medians shown)" : ""}; header \`accept-encoding: ${env.headers["accept-encoding"]}\` like a browser (the server answers with brotli)`,
  ];
}

export function driverSection(env: Environment, report: DriverReport): string {
  const sizes = report.catalogs.map((catalog) => catalog.size).sort((a, b) => a - b);
  const first = report.catalogs[0];
  const name = report.driver === "postgres" ? "PostgreSQL" : "PGlite (embedded)";
  const lines = [
    `### ${name}`,
    "",
    ...environmentLines(env),
    `- Database: driver \`${report.driver}\`, server_version ${first?.serverVersion ?? "?"}${report.driver === "postgres" ? ", same machine, pool of 10 connections per server process" : ", in the server process (one connection)"}`,
    `- Catalogs: ${report.catalogs
      .map(
        (catalog) =>
          `${int(catalog.size)} products (seeded in ${(catalog.seedMs / 1000).toFixed(1)} s; \`q=${catalog.search.term}\` matches ${int(catalog.search.matches)} = ${((100 * catalog.search.matches) / catalog.size).toFixed(1)} %)`,
      )
      .join(", ")}`,
    `- Server: ${sizes
      .map((size) => {
        const server = report.server.get(size);
        if (!server) return `${int(size)}: ?`;
        return `${int(size)} products: ready in ${(server.startMs / 1000).toFixed(1)} s, ${server.rssMiB === null ? "?" : Math.round(server.rssMiB)} MiB RSS after the run`;
      })
      .join("; ")}`,
    "",
    `CPU/request is the CPU time the server process${report.driver === "postgres" ? " and the database backends" : ""} spent per request during the run, read from /proc: it depends less than requests/s on what else the machine runs, though contention still inflates it (compare the control row across sizes and rounds). Load is the machine's 1-minute load average at the end of the run (2 cores: above 2 means other work waited for CPU too). HTML / sent: the page's size and the bytes the server sent for it to a browser (streamed and compressed as it does for real visitors).`,
    "",
    `| page | URL | products | req/s${env.rounds > 1 ? " (min–max)" : ""} | p50 ms | p99 ms | requests | CPU/request server${report.driver === "postgres" ? " + db" : ""} | load | HTML / sent |`,
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const page of report.pages) {
    for (const size of sizes) {
      const measured = page.bySize.get(size);
      if (!measured) continue;
      const summary = summarize(measured.runs);
      const spread = summary.spread
        ? ` (${int(summary.spread[0] as number)}–${int(summary.spread[1] as number)})`
        : "";
      const cpu =
        report.driver === "postgres"
          ? `${optionalMs(summary.serverCpuMs)} + ${optionalMs(summary.dbCpuMs)} ms`
          : `${optionalMs(summary.serverCpuMs)} ms`;
      lines.push(
        `| ${page.label} | \`${page.pattern}\` | ${int(size)} | ${int(summary.requestsPerSecond)}${spread} | ${summary.requests ? ms(summary.p50) : "–"} | ${summary.requests ? ms(summary.p99) : "–"} | ${int(summary.requests)} | ${cpu} | ${summary.loadAverage === null ? "?" : summary.loadAverage.toFixed(1)} | ${kib(measured.html.bytes)} / ${kib(measured.html.sent)} KiB ${measured.html.encoding} |`,
      );
    }
  }
  const small = sizes[0];
  const large = sizes[sizes.length - 1];
  if (small !== undefined && large !== undefined && small !== large) {
    const perRound = env.rounds > 1;
    lines.push(
      "",
      `Target: each page at ${int(large)} products within 25 % of the same page at ${int(small)} products: requests/s at least ${SCALE_TARGET * 100} % of it${perRound ? ", taken as the median of the rounds' ratios (each round measures both sizes back to back, so both see the same machine conditions)" : ""}. CPU/request compares the work per request (server${report.driver === "postgres" ? " + database" : ""}).`,
      "",
      `| page | req/s ratio ${int(large)} : ${int(small)}${perRound ? " (per round)" : ""} | p50 at ${int(small)} → ${int(large)} | CPU/request at ${int(small)} → ${int(large)} | target (req/s) |`,
      "|---|---:|---:|---:|---|",
    );
    for (const page of report.pages) {
      const a = page.bySize.get(small);
      const b = page.bySize.get(large);
      if (!a || !b) continue;
      const sa = summarize(a.runs);
      const sb = summarize(b.runs);
      const ratios = a.runs
        .map((run, index) => {
          const other = b.runs[index];
          return other && run.requestsPerSecond > 0
            ? other.requestsPerSecond / run.requestsPerSecond
            : Number.NaN;
        })
        .filter((value) => !Number.isNaN(value));
      const ratio = ratios.length > 0 ? median(ratios) : Number.NaN;
      const verdict = Number.isNaN(ratio) ? "not measured" : ratio >= SCALE_TARGET ? "met" : "**missed**";
      const percent = (value: number) => (100 * value).toFixed(0);
      const shown = Number.isNaN(ratio)
        ? "n/a"
        : `${percent(ratio)} %${perRound ? ` (${ratios.map(percent).join(", ")})` : ""}`;
      lines.push(
        `| ${page.label} | ${shown} | ${ms(sa.p50)} → ${ms(sb.p50)} ms | ${optionalMs(cpuPerRequest(sa))} → ${optionalMs(cpuPerRequest(sb))} ms | ${verdict} |`,
      );
    }
  }
  return lines.join("\n");
}

export function bundleSection(bundles: RouteBundle[], date: string): string {
  const lines = [
    `Measured ${date} from \`build/client\` (React Router manifest \`build/client/assets/manifest-*.js\`). A first visit downloads React Router's manifest script, the client entry, the root route and the route module, each with the chunks it imports statically. gzip at level 6, as the \`compression\` middleware sends it to clients that ask for gzip; Chromium asks for brotli and gets quality 4, shown for reference. Budget: under ${JS_BUDGET_KIB} KiB gzip per storefront route.`,
    "",
    "| route | files | JS raw | JS gzip | JS brotli (q4) | CSS gzip | budget |",
    "|---|---:|---:|---:|---:|---:|---|",
  ];
  for (const bundle of bundles) {
    lines.push(
      `| ${bundle.label} (\`${bundle.routeId}\`) | ${bundle.chunks.length} | ${kib(bundle.jsBytes)} KiB | ${kib(bundle.jsGzip)} KiB | ${kib(bundle.jsBrotli)} KiB | ${kib(bundle.cssGzip)} KiB | ${bundle.jsGzip / 1024 < JS_BUDGET_KIB ? "met" : "**missed**"} |`,
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
  const mark = (value: number | null, target: number) =>
    value === null ? "n/a" : value >= target ? `${value}` : `**${value}**`;
  const lines = [
    `Measured ${options.date}, ${options.context}. Lighthouse 12.8.2, mobile (default config: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown)${options.runs > 1 ? `, ${options.runs} runs per page, the run with the median performance score shown` : ", one run per page"}:`,
    "",
    `\`${options.commandLine}\``,
    "",
    `| page | performance (≥ ${targets.performance}) | accessibility (${targets.accessibility}) | best practices (${targets["best-practices"]}) | SEO (${targets.seo}) | FCP | LCP | TBT | CLS | Speed Index | benchmarkIndex |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const result of options.results) {
    const metric = (title: string) => result.metrics[title] ?? "n/a";
    lines.push(
      `| ${result.label} | ${mark(result.scores.performance, targets.performance)}${result.performanceRuns ? ` (runs: ${result.performanceRuns.join(", ")})` : ""} | ${mark(result.scores.accessibility, targets.accessibility)} | ${mark(result.scores["best-practices"], targets["best-practices"])} | ${mark(result.scores.seo, targets.seo)} | ${metric("First Contentful Paint")} | ${metric("Largest Contentful Paint")} | ${metric("Total Blocking Time")} | ${metric("Cumulative Layout Shift")} | ${metric("Speed Index")} | ${result.benchmarkIndex === null ? "?" : Math.round(result.benchmarkIndex)} |`,
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

const TEMPLATE = `# Performance

Measured with \`npm run bench\` (\`scripts/bench.ts\`). The sections between the \`bench:\` markers are
rewritten by each run; everything else is written by hand.

<!-- bench:postgres:begin -->
Not measured yet.
<!-- bench:postgres:end -->

<!-- bench:pglite:begin -->
Not measured yet.
<!-- bench:pglite:end -->

<!-- bench:bundle:begin -->
Not measured yet.
<!-- bench:bundle:end -->

<!-- bench:lighthouse:begin -->
Not measured yet.
<!-- bench:lighthouse:end -->
`;

/** Replaces the named generated sections of the report, keeping everything written by hand. */
export async function updateReport(file: string, sections: Record<string, string>) {
  let text = existsSync(file) ? await readFile(file, "utf8") : TEMPLATE;
  for (const [name, body] of Object.entries(sections)) {
    const begin = `<!-- bench:${name}:begin -->`;
    const end = `<!-- bench:${name}:end -->`;
    const from = text.indexOf(begin);
    const to = text.indexOf(end);
    const block = `${begin}\n${body}\n${end}`;
    if (from === -1 || to < from) text = `${text.trimEnd()}\n\n${block}\n`;
    else text = text.slice(0, from) + block + text.slice(to + end.length);
  }
  await writeFile(file, text);
}
