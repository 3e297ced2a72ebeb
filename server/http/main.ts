import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { bootstrapAdmin } from "../auth/create-admin";
import { seedDemoCatalog } from "../catalog/demo/seed-demo-catalog";
import { ConfigError, parseConfig } from "../config";
import { seedDemoCoupons } from "../coupons/demo-coupons";
import { openDatabase } from "../db/client";
import { DatabaseUnreachableError, waitForDatabase } from "../db/wait-for-database";
import { startBackgroundJobs } from "../jobs/store-jobs";
import { createLogger } from "../logger";
import { createApp } from "./app";
import { createHttpServer } from "./http-server";
import { CATALOG_CHANGED, createPageCache } from "./page-cache";
import { createServices } from "./services";

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the store: configuration, database and migrations, demo catalog, HTTP server. */
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
  const log = createLogger({ level: config.logLevel });

  if (config.databaseUrl) {
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
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
    pool: config.database.pool,
    log,
  });
  await database.migrate();
  log.info({ driver: database.driver }, "database ready");

  const { services, mediaRoot } = await createServices({ config, db: database.db, log });
  const { auth, mailer, storage } = services;
  log.info({ mail: mailer.driver }, "adapters ready");
  if (config.isProduction && mailer.driver === "outbox") {
    log.warn(
      "SMTP_URL is not set: e-mails (with their reset links) go to DATA_DIR/outbox and the log, not to customers",
    );
  }

  const seeded = await seedDemoCatalog({ db: database.db, storage, log: (message) => log.info(message) });
  if (seeded.seeded) {
    const coupons = await seedDemoCoupons({ db: database.db });
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
  const app = createApp({ services, build, devMiddleware: vite?.middlewares, mediaRoot, pageCache });

  const server = createHttpServer(app).listen(config.port, config.host, () => {
    log.info({ url: config.publicUrl }, `${config.storeName} is listening on port ${config.port}`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // finish requests in flight, then force the rest closed
    const forceClose = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(forceClose);
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
