import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { missingSellerSettings } from "../../core/seller";
import { bootstrapAdmin } from "../auth/create-admin";
import { seedDemoCatalog } from "../catalog/demo/seed-demo-catalog";
import { ConfigError, parseConfig } from "../config";
import { seedDemoCoupons } from "../coupons/demo-coupons";
import { openDatabase } from "../db/client";
import { DatabaseLockedError } from "../db/pglite-lock";
import { DatabaseUnreachableError, waitForDatabase } from "../db/wait-for-database";
import { startBackgroundJobs } from "../jobs/store-jobs";
import { createLogger } from "../logger";
import { askPrimaryForMetrics, shareMetricsWithPrimary } from "../metrics/cluster-metrics";
import { createMetrics } from "../metrics/metrics";
import { closeMetricsServer, startMetricsServer } from "../metrics/metrics-endpoint";
import { prepareDatabase } from "../prepare-database";
import { createServices } from "../services";
import { describeImageStorage } from "../storage/create-storage";
import { createApp } from "./app";
import { processRole, runClusterPrimary } from "./cluster";
import { drainHttpServer, SHUTDOWN_GRACE_MS } from "./drain";
import { createReadiness } from "./health";
import { createHttpServer } from "./http-server";
import { CATALOG_CHANGED, createPageCache } from "./page-cache";

/**
 * Starts the store: configuration, database and migrations, demo catalog, HTTP server. With
 * WEB_CONCURRENCY > 1 this process does the once-only start-up work and then forks that many
 * workers (cluster.ts), each of which runs this function again and serves HTTP.
 */
export async function main(options: { vite?: ViteDevServer } = {}) {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const role = processRole({ workers: config.webConcurrency, dev: Boolean(options.vite) });
  const baseLog = createLogger({ level: config.logLevel });
  // several workers write one stream: say which one
  const log = role === "worker" ? baseLog.child({ worker: process.pid }) : baseLog;

  // the primary has waited for the database, migrated it and seeded it for its workers
  if (config.databaseUrl && role !== "worker") {
    try {
      await waitForDatabase({
        url: config.databaseUrl,
        timeoutMs: config.database.startupTimeoutMs,
        connectTimeoutMs: config.database.pool.connectTimeoutMs,
        log,
      });
    } catch (error) {
      if (!(error instanceof DatabaseUnreachableError)) throw error;
      log.fatal(error.message);
      process.exit(1);
    }
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, "pglite"),
      pool: config.database.pool,
      log,
    });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    log.fatal(error.message);
    process.exit(1);
  }

  // one registry per process; the primary's is never served (it adds up its workers' instead)
  const metrics = createMetrics({ db: database.db, processMetrics: role !== "primary" });
  if (database.pool) metrics.watchPool(database.pool);
  if (role === "worker") shareMetricsWithPrimary(metrics.registry);
  const { services, mediaRoot } = await createServices({ config, db: database.db, log, metrics });
  const { auth, mailer, storage } = services;
  if (role !== "worker") {
    log.info({ mail: mailer.driver }, "adapters ready");
    log.info(describeImageStorage(config));
    if (config.isProduction && mailer.driver === "outbox") {
      log.warn(
        "SMTP_URL is not set: e-mails (with their reset links) go to DATA_DIR/outbox and the log, not to customers",
      );
    }
    const missingSeller = missingSellerSettings(config.seller);
    if (config.isProduction && missingSeller.length > 0) {
      log.warn(
        { missing: missingSeller },
        `the seller's identity is incomplete: set ${missingSeller.join(", ")} (docs/LEGAL.md#who-the-seller-is); the legal notice, footer and e-mails leave them out`,
      );
    }
    // once however many processes start: separate processes take turns (startup-lock.ts)
    await database.duringStartup(async () => {
      await prepareDatabase(database);
      log.info({ driver: database.driver }, "database ready");
      const seeded = await seedDemoCatalog({ db: database.db, storage, log: (message) => log.info(message) });
      if (seeded.seeded) {
        const coupons = await seedDemoCoupons({ db: database.db, money: config });
        log.info({ products: seeded.products, coupons }, "demo catalog seeded");
      }
      await bootstrapAdmin({
        auth,
        db: database.db,
        configured: config.admin,
        dataDir: config.dataDir,
        // printed, not logged: the password must not end up in log storage
        announce: (message) => console.log(message),
      });
    });
  }
  if (role === "primary") {
    await database.close();
    await runClusterPrimary({
      workers: config.webConcurrency,
      log,
      stopTimeoutMs: config.shutdownDrainMs + SHUTDOWN_GRACE_MS + 5_000,
      metrics: config.metrics,
    });
    return undefined;
  }

  const jobs = startBackgroundJobs({ services });
  // delivers the queued e-mails (outgoing_email), left over from before too; stopped on shutdown
  services.mailQueue.start();

  const { vite } = options;
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  // not in development: a code change would not reach a cached page
  const pageCache =
    !vite && config.pageCacheTtlMs > 0 ? createPageCache({ ttlMs: config.pageCacheTtlMs, log }) : undefined;
  const catalogChanges = pageCache ? await database.listen(CATALOG_CHANGED, pageCache.listener) : undefined;
  const readiness = createReadiness();
  const app = createApp({
    services,
    build,
    devMiddleware: vite?.middlewares,
    mediaRoot,
    pageCache,
    readiness,
    // a worker's own registry would show one worker: the primary adds them all up
    metricsSource: role === "worker" ? askPrimaryForMetrics() : metrics.read,
  });
  // in a cluster the primary listens on METRICS_PORT (a worker would share the port round-robin)
  const metricsServer =
    config.metrics.port !== undefined && role === "single"
      ? await startMetricsServer({
          port: config.metrics.port,
          host: config.metrics.host,
          source: metrics.read,
          log,
        })
      : undefined;

  const server = createHttpServer(app).listen(config.port, config.host, () => {
    log.info({ url: config.publicUrl }, `${config.storeName} is listening on port ${config.port}`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    await drainHttpServer({ server, readiness, drainMs: config.shutdownDrainMs, log });
    if (metricsServer) await closeMetricsServer(metricsServer);
    await jobs.stop();
    await services.mailQueue.stop();
    await catalogChanges?.close();
    await vite?.close();
    await database.close();
    log.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
