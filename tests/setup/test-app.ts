// The whole store over HTTP for request-level tests: the real Express app (server/http/app.ts)
// with the real routes, compiled by Vite as `npm run dev` does, on its own test database.
// The app and its services are loaded through Vite too, so they share one copy of every module
// with the routes (two copies would make `instanceof` fail between them).

import type { AddressInfo } from "node:net";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { createApp as CreateApp } from "../../server/http/app";
import type { createHttpServer as CreateHttpServer } from "../../server/http/http-server";
import { CATALOG_CHANGED, createPageCache, type PageCache } from "../../server/http/page-cache";
import type { createServices as CreateServices, Services } from "../../server/services";
import { setupTestServices, type TestServices } from "./test-services";

/** One line the app logged, as pino writes it. */
export interface LogEntry {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** Loading the route modules through Vite takes a while on a busy machine. */
const STARTUP_TIMEOUT_MS = 180_000;

/**
 * The store's real Express app (server/http/app.ts) on its real route modules, listening on a free
 * port of 127.0.0.1, with services made from the given configuration, database and logger (cookies
 * made with `services` are valid here, and its metrics are `services.metrics`, so a use case run
 * with `services` shows on the app's /metrics). The route modules are compiled by Vite as in `npm run dev`,
 * so no build is needed; the first request to a route compiles it (~1 s).
 */
export async function startTestApp(
  services: Pick<Services, "config" | "db" | "log" | "metrics">,
  options: { pageCache?: PageCache } = {},
) {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const { createServices } = (await vite.ssrLoadModule("/server/services.ts")) as {
    createServices: typeof CreateServices;
  };
  const { createApp } = (await vite.ssrLoadModule("/server/http/app.ts")) as { createApp: typeof CreateApp };
  const { createHttpServer } = (await vite.ssrLoadModule("/server/http/http-server.ts")) as {
    createHttpServer: typeof CreateHttpServer;
  };
  const created = await createServices({
    config: services.config,
    db: services.db,
    log: services.log,
    metrics: services.metrics,
  });
  const server = createHttpServer(
    createApp({ services: created.services, build, pageCache: options.pageCache }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    server,
    /** The route modules as the app runs them. */
    build: await build(),
    /** A request to the app; redirects are answered, not followed. */
    fetch: (pathname: string, init: RequestInit = {}) =>
      fetch(`${url}${pathname}`, { ...init, redirect: "manual" }),
    /** The app's own mail queue (its services are not the test's): `await mailQueue.settled()`. */
    mailQueue: created.services.mailQueue,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await created.services.mailQueue.stop();
      await vite.close();
    },
  };
}

export type StartedTestApp = Awaited<ReturnType<typeof startTestApp>>;

export interface TestApp extends Omit<StartedTestApp, "close"> {
  t: TestServices;
  /** Everything the app logged (level info and above) during the current test. */
  logs: LogEntry[];
  /** The lines logged at error level or above (pino's 50+). */
  errors: () => LogEntry[];
  /** With `{ pageCache: true }`: the app's page cache, listening on the test database as main does. */
  pageCache: PageCache;
}

/**
 * This test file's store (startTestApp on createTestServices' configuration and database): made
 * before its first test, closed after its last. `env` is added to the configuration.
 */
export function setupTestApp(
  env: Record<string, string> = {},
  options: { pageCache?: boolean } = {},
): TestApp {
  const t = setupTestServices(env);
  const app = { t, logs: [] as LogEntry[] } as TestApp;
  app.errors = () => app.logs.filter((entry) => entry.level >= 50);
  let started: StartedTestApp | undefined;
  let catalogChanges: { close(): Promise<void> } | undefined;

  beforeAll(async () => {
    const log = pino(
      { level: "info" },
      { write: (line: string) => void app.logs.push(JSON.parse(line) as LogEntry) },
    );
    if (options.pageCache) {
      app.pageCache = createPageCache({ ttlMs: 60_000, log });
      catalogChanges = await t.handle.listen(CATALOG_CHANGED, app.pageCache.listener);
    }
    started = await startTestApp(
      { config: t.services.config, db: t.services.db, log, metrics: t.services.metrics },
      { pageCache: options.pageCache ? app.pageCache : undefined },
    );
    Object.assign(app, started);
  }, STARTUP_TIMEOUT_MS);

  beforeEach(() => {
    app.logs.length = 0;
  });

  afterAll(async () => {
    await catalogChanges?.close();
    await started?.close();
  });

  return app;
}
