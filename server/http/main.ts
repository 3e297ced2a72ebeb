import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createAuth } from "../auth/auth";
import { resolveAuthSecret } from "../auth/auth-secret";
import { bootstrapAdmin } from "../auth/create-admin";
import { seedDemoCatalog } from "../catalog/demo/seed-demo-catalog";
import { ConfigError, parseConfig } from "../config";
import { openDatabase } from "../db/client";
import { createLogger } from "../logger";
import { createMailer } from "../mail/create-mailer";
import { createStorage } from "../storage/create-storage";
import { createApp } from "./app";
import { createFlash } from "./flash";

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

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "pglite"),
  });
  await database.migrate();
  log.info({ driver: database.driver }, "database ready");

  const { storage, mediaRoot } = createStorage(config);
  const secret = await resolveAuthSecret({ configured: config.authSecret, dataDir: config.dataDir });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxFolder: path.join(config.dataDir, "outbox"),
    log,
  });
  const auth = createAuth({ db: database.db, config, secret, mailer, log });
  const flash = createFlash({ secret, secure: config.publicUrl.startsWith("https:") });
  const services = { config, db: database.db, storage, mailer, auth, flash, log };
  log.info({ mail: mailer.driver }, "adapters ready");
  if (config.isProduction && mailer.driver === "outbox") {
    log.warn(
      "SMTP_URL is not set: e-mails (with their reset links) go to DATA_DIR/outbox and the log, not to customers",
    );
  }

  const seeded = await seedDemoCatalog({ db: database.db, storage, log: (message) => log.info(message) });
  if (seeded.seeded) log.info({ products: seeded.products }, "demo catalog seeded");
  await bootstrapAdmin({
    auth,
    db: database.db,
    configured: config.admin,
    dataDir: config.dataDir,
    // printed, not logged: the password must not end up in log storage
    announce: (message) => console.log(message),
  });

  const { vite } = options;
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const app = createApp({ services, build, devMiddleware: vite?.middlewares, mediaRoot });

  const server = app.listen(config.port, config.host, () => {
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
    await vite?.close();
    await database.close();
    log.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
