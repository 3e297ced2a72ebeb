import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const LIGHTHOUSE_VERSION = "12.8.2";
const CHROME_PATH = "/usr/bin/chromium";
const CHROME_FLAGS =
  "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/**
 * Lighthouse's own install, outside the app's dependencies (about 190 MB), with its trace engine's
 * third-party-web pinned as the stack notes record for Lighthouse 12.8 on Node 20.
 */
const INSTALL_DIR = path.resolve(".tmp", "lighthouse");
const BINARY = path.join(INSTALL_DIR, "node_modules", ".bin", "lighthouse");

/** Installs Lighthouse into .tmp/lighthouse from the registry, once. */
export async function installLighthouse(): Promise<void> {
  if (existsSync(BINARY)) return;
  await mkdir(INSTALL_DIR, { recursive: true });
  const manifest = {
    name: "nocturn-bench-lighthouse",
    private: true,
    dependencies: { lighthouse: LIGHTHOUSE_VERSION },
    overrides: { "@paulirish/trace_engine": { "third-party-web": "0.30.0" } },
  };
  await writeFile(path.join(INSTALL_DIR, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await promisify(execFile)("npm", ["install", "--no-audit", "--no-fund"], { cwd: INSTALL_DIR });
}

interface LighthouseAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}

interface LighthouseReport {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }
  >;
  audits: Record<string, LighthouseAudit>;
}

export interface LighthouseResult {
  label: string;
  url: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: Record<string, string>;
  /** audits of any category scored below 1, with the category they count in */
  failed: { category: string; id: string; title: string; score: number; displayValue?: string }[];
  warnings: string[];
  /** Lighthouse's measure of the machine's speed at the time (a mid-range phone is ~1000) */
  benchmarkIndex: number | null;
  /** performance scores of every run, when the page was run more than once */
  performanceRuns?: (number | null)[];
  /** why the runs that Lighthouse could not complete failed */
  failedRuns?: string[];
}

function lighthouseArgs(url: string, outputPath: string): string[] {
  return [
    url,
    `--chrome-path=${CHROME_PATH}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    "--output=json",
    `--output-path=${outputPath}`,
    "--quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
  ];
}

/** Human-readable form of the command, for the report. */
export function lighthouseCommandLine(): string {
  return [
    `lighthouse <url>`,
    `--chrome-path=${CHROME_PATH}`,
    `--chrome-flags="${CHROME_FLAGS}"`,
    "--output=json --output-path=<file> --quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
  ].join(" ");
}

/** Process groups of Lighthouse runs in progress (node and Chromium). */
const runningGroups = new Set<number>();

/** Ends every Lighthouse run still in progress, e.g. when the benchmark is interrupted. */
export function stopLighthouseRuns() {
  for (const pid of runningGroups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  runningGroups.clear();
}

/** Lighthouse, mobile preset (the default), one page; the run is stopped after 4 minutes. */
async function runLighthouse(options: {
  label: string;
  url: string;
  outDir: string;
}): Promise<LighthouseResult> {
  const outputPath = path.join(options.outDir, `lighthouse-${options.label}.json`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(BINARY, lighthouseArgs(options.url, outputPath), {
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    });
    if (child.pid) runningGroups.add(child.pid);
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    // kill the whole group (node, chromium) when it hangs
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // it ended meanwhile
      }
    }, 240_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (child.pid) runningGroups.delete(child.pid);
      if (code === 0) resolve();
      else reject(new Error(`lighthouse ${options.url} ended with ${signal ?? code}:\n${stderr}`));
    });
  });

  const report = JSON.parse(await readFile(outputPath, "utf8")) as LighthouseReport;
  if (report.runtimeError) throw new Error(`lighthouse ${options.url}: ${report.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = report.categories[id]?.score;
      return [id, score == null ? null : Math.round(score * 100)];
    }),
  ) as LighthouseResult["scores"];
  const metricIds = [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ];
  const metrics = Object.fromEntries(
    metricIds.map((id) => [report.audits[id]?.title ?? id, report.audits[id]?.displayValue ?? "n/a"]),
  );
  const failed: LighthouseResult["failed"] = [];
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      // performance: the metrics are listed separately; keep the opportunities and diagnostics
      if (category === "performance" && ref.group === "metrics") continue;
      if (category === "performance" && audit.score >= 0.9) continue;
      failed.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
      });
    }
  }
  return {
    label: options.label,
    url: options.url,
    scores,
    metrics,
    failed,
    warnings: report.runWarnings ?? [],
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
  };
}

/**
 * Runs a page `runs` times and keeps the run with the median performance score. A run Lighthouse
 * itself could not complete (NO_NAVSTART: "Please run Lighthouse again") is reported beside the
 * others, not retried and not allowed to discard the benchmark's load results; when no run
 * completed, the page's scores are null (reported as n/a, and the target as missed).
 */
export async function runLighthouseMedian(options: {
  label: string;
  url: string;
  outDir: string;
  runs: number;
}): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  const failedRuns: string[] = [];
  for (let run = 0; run < options.runs; run++) {
    try {
      results.push(await runLighthouse({ ...options, label: `${options.label}-${run + 1}` }));
    } catch (error) {
      failedRuns.push(
        (error as Error).message.split("\n").find((line) => /Runtime error|ended with/.test(line)) ??
          (error as Error).message,
      );
    }
  }
  const sorted = [...results].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const base: LighthouseResult = median
    ? { ...median, label: options.label }
    : {
        label: options.label,
        url: options.url,
        scores: { performance: null, accessibility: null, "best-practices": null, seo: null },
        metrics: {},
        failed: [],
        warnings: [],
        benchmarkIndex: null,
      };
  return {
    ...base,
    ...(options.runs > 1 ? { performanceRuns: results.map((result) => result.scores.performance) } : {}),
    ...(failedRuns.length > 0 ? { failedRuns } : {}),
  };
}
