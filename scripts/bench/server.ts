import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import net from "node:net";
import { nodeFlags } from "../../node-flags.js";
import type { Catalog } from "./seed";

/** The last 4,000 characters a child process wrote, for the error that says why it failed. */
export function keepOutputTail(child: ChildProcess): () => string {
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => output;
}

export interface RunningServer {
  /** http://127.0.0.1:port */
  url: string;
  /** http://localhost:port, the server's PUBLIC_URL (what Lighthouse loads) */
  publicUrl: string;
  pid: number;
  startMs: number;
  /** Resident memory of the server process now and its peak so far, or null without /proc. */
  memory(): Promise<ProcessMemory | null>;
  stop(): Promise<void>;
}

export interface ProcessMemory {
  /** VmRSS */
  rssMiB: number;
  /** VmHWM: the highest RSS the process reached */
  peakMiB: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The store's environment for a catalog, as its production server runs: the bench's seed uses the
 * same one (DATA_DIR holds the secret that signs the seeded customer's session cookie).
 */
export function storeEnvironment(
  catalog: Pick<Catalog, "dataDir" | "databaseUrl">,
  port?: number,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost${port ? `:${port}` : ""}`,
    DATA_DIR: catalog.dataDir,
    LOG_LEVEL: "warn",
    // no balancer to drain from: stop at once between measurements
    SHUTDOWN_DRAIN_MS: "0",
  };
  // the seed listens on nothing: the configuration's default port stands in
  if (port) env.PORT = String(port);
  else delete env.PORT;
  if (catalog.databaseUrl) env.DATABASE_URL = catalog.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/**
 * What the store's production start adds to `node server.js` (package.json's `serve`, the
 * Dockerfile): glibc's malloc with one arena and a fixed trim threshold, and V8's young generation
 * sized for the database (node-flags.js). Both are read when the process starts, before server.js
 * runs (docs/PERFORMANCE.md, "Memory").
 */
export const STORE_MALLOC_ENV = { MALLOC_ARENA_MAX: "1", MALLOC_TRIM_THRESHOLD_: "131072" };

/**
 * `node server.js` in production mode on the catalog's database, started as in production
 * (node-flags.js, STORE_MALLOC_ENV), with `env` on top of the store's environment (e.g.
 * PAGE_CACHE_TTL_SECONDS); resolves once /healthz answers.
 */
export async function startServer(options: {
  appRoot: string;
  catalog: Pick<Catalog, "dataDir" | "databaseUrl">;
  env?: Record<string, string>;
  /** the Node.js binary (default: the one running the benchmark) */
  node?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  return startProcess({
    cwd: options.appRoot,
    script: "server.js",
    nodeFlags: nodeFlags(options.catalog.databaseUrl ? "postgres" : "pglite"),
    port,
    env: { ...storeEnvironment(options.catalog, port), ...STORE_MALLOC_ENV, ...options.env },
    node: options.node,
  });
}

/** A Node.js server started as `node <script>` in `cwd`; resolves once /healthz answers on `port`. */
export async function startProcess(options: {
  cwd: string;
  script: string;
  /** Node.js options before the script */
  nodeFlags?: string[];
  port?: number;
  env: NodeJS.ProcessEnv;
  /** the Node.js binary (default: the one running the benchmark) */
  node?: string;
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const started = performance.now();
  const child = spawn(options.node ?? process.execPath, [...(options.nodeFlags ?? []), options.script], {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepOutputTail(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = () => stopChild(child, exited, () => hasExited);
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (hasExited) throw new Error(`The server exited during start:\n${output()}`);
      if (Date.now() > deadline)
        throw new Error(`The server did not answer /healthz within 120 s:\n${output()}`);
      const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) break;
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const startMs = performance.now() - started;
  return {
    url,
    publicUrl: `http://localhost:${port}`,
    pid: child.pid ?? 0,
    startMs,
    async memory() {
      const status = await readFile(`/proc/${child.pid}/status`, "utf8").catch(() => "");
      const rss = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      const peak = /VmHWM:\s+(\d+)/.exec(status)?.[1];
      return rss && peak ? { rssMiB: Number(rss) / 1024, peakMiB: Number(peak) / 1024 } : null;
    },
    stop,
  };
}

/** SIGTERM (the server finishes requests in flight), SIGKILL if it is still there after 15 s. */
async function stopChild(child: ChildProcess, exited: Promise<unknown>, hasExited: () => boolean) {
  if (hasExited()) return;
  child.kill("SIGTERM");
  const killed = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!killed && !hasExited()) {
    child.kill("SIGKILL");
    await Promise.race([exited, sleep(5_000)]);
  }
}
