import cluster, { type Worker } from "node:cluster";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { collectClusterMetrics } from "../metrics/cluster-metrics";
import { closeMetricsServer, startMetricsServer } from "../metrics/metrics-endpoint";

/** Waits before restarting a worker that died, longer each time workers keep dying. */
const RESTART_BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];
/** A worker that ran this long before it died was not crash-looping: the back-off starts over. */
const STABLE_AFTER_MS = 60_000;

/** What this process is: the primary of a cluster, one of its workers, or the store on its own. */
export function processRole(options: { workers: number; dev: boolean }): "primary" | "worker" | "single" {
  if (cluster.isWorker) return "worker";
  // in development Vite runs in the process; one is enough
  return options.workers > 1 && !options.dev ? "primary" : "single";
}

/**
 * The cluster's primary (WEB_CONCURRENCY > 1): forks `workers` processes that each run the store's
 * HTTP server on the shared port (node:cluster hands connections out between them), and serves
 * nothing itself. It has already run the once-only start-up work (migrations, demo seed, admin).
 *
 * - A worker that dies unexpectedly is replaced, after a back-off that grows while workers keep
 *   dying (0.5 s up to 30 s) and starts over once one has run for a minute.
 * - If no worker has come up at all, start-up failed (a port in use, a broken build): restarting
 *   cannot help, so the primary stops and exits 1 for the orchestrator to see.
 * - SIGTERM and SIGINT are passed on to every worker, which drains and stops as a single process
 *   does; the primary exits when the last one has, or kills what is left after `stopTimeoutMs`.
 */
export async function runClusterPrimary(options: {
  workers: number;
  log: Logger;
  stopTimeoutMs: number;
  metrics: Config["metrics"];
}) {
  const { workers, log, stopTimeoutMs } = options;
  // every worker's metrics added up: on METRICS_PORT here, and for a worker scraped with the token
  const metricsConfig = options.metrics;
  const clusterMetrics =
    metricsConfig.port !== undefined || metricsConfig.token
      ? collectClusterMetrics({ answerWorkers: Boolean(metricsConfig.token) })
      : undefined;
  const metricsServer =
    clusterMetrics && metricsConfig.port !== undefined
      ? await startMetricsServer({
          port: metricsConfig.port,
          host: metricsConfig.host,
          source: clusterMetrics,
          log,
        })
      : undefined;
  const startedAt = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let failures = 0;
  let anyListened = false;
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);

  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of restarts) clearTimeout(timer);
    if (metricsServer) void closeMetricsServer(metricsServer);
    const running = alive();
    log.info({ workers: running.length }, `${reason}: stopping the workers`);
    if (running.length === 0) process.exit(exitCode);
    for (const worker of running) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of alive()) {
        log.error(
          { worker: worker.process.pid },
          `worker ${worker.process.pid} did not stop in time; killing it`,
        );
        worker.process.kill("SIGKILL");
      }
    }, stopTimeoutMs).unref();
  };

  cluster.on("listening", (worker, address) => {
    anyListened = true;
    log.info({ worker: worker.process.pid, port: address.port }, `worker ${worker.process.pid} listening`);
  });

  cluster.on("exit", (worker, code, signal) => {
    const pid = worker.process.pid;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    const ranMs = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      log.info({ worker: pid, code, signal }, `worker ${pid} stopped (${how})`);
      if (alive().length === 0) {
        log.info("stopped");
        process.exit(exitCode);
      }
      return;
    }
    if (!anyListened) {
      log.fatal({ worker: pid, code, signal }, `worker ${pid} exited during start-up (${how})`);
      stop("start-up failed", 1);
      return;
    }
    if (ranMs >= STABLE_AFTER_MS) failures = 0;
    const delay = RESTART_BACKOFF_MS[Math.min(failures, RESTART_BACKOFF_MS.length - 1)]!;
    failures++;
    log.error(
      { worker: pid, code, signal, restartInMs: delay },
      `worker ${pid} exited unexpectedly (${how}); starting another in ${delay / 1000} s`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, delay);
    restarts.add(timer);
  });

  process.once("SIGTERM", () => stop("SIGTERM", 0));
  process.once("SIGINT", () => stop("SIGINT", 0));

  log.info({ workers }, `starting ${workers} worker processes`);
  for (let i = 0; i < workers; i++) fork();
}
