// The whole store over HTTP for request-level tests: the real Express app (server/http/app.ts)
// with the real routes, compiled by Vite as `npm run dev` does, on its own test database.
// The app and its services are loaded through Vite too, so they share one copy of every module
// with the routes (two copies would make `instanceof` fail between them).

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { createApp as CreateApp } from "../../server/http/app";
import { createApp } from "../../server/http/app";
import type { Services } from "../../server/http/context";
import { createHttpServer } from "../../server/http/http-server";
import type { createServices as CreateServices } from "../../server/http/services";
import { setupTestServices, type TestServices } from "./test-services";

/** One line the app logged, as pino writes it. */
export interface LogEntry {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface TestApp {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  server: Server;
  t: TestServices;
  /** The route modules as the app runs them. */
  build: ServerBuild;
  /** Everything the app logged (level info and above) during the current test. */
  logs: LogEntry[];
  /** The lines logged at error level or above (pino's 50+). */
  errors: () => LogEntry[];
}

/** Loading the route modules through Vite takes a while on a busy machine. */
const STARTUP_TIMEOUT_MS = 180_000;

/**
 * This test file's store, listening on a free port on 127.0.0.1: made before its first test,
 * closed after its last. `env` is added to the configuration (createTestServices).
 */
export function setupTestApp(env: Record<string, string> = {}): TestApp {
  const t = setupTestServices(env);
  const app = { t, logs: [] as LogEntry[] } as TestApp;
  app.errors = () => app.logs.filter((entry) => entry.level >= 50);
  let vite: ViteDevServer | undefined;

  beforeAll(async () => {
    vite = await createServer({
      server: { middlewareMode: true, hmr: false, ws: false },
      appType: "custom",
      logLevel: "error",
    });
    const loaded = vite;
    const log = pino(
      { level: "info" },
      { write: (line: string) => void app.logs.push(JSON.parse(line) as LogEntry) },
    );
    const build = () => loaded.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    app.build = await build();
    const { createServices } = (await loaded.ssrLoadModule("/server/http/services.ts")) as {
      createServices: typeof CreateServices;
    };
    const { createApp } = (await loaded.ssrLoadModule("/server/http/app.ts")) as {
      createApp: typeof CreateApp;
    };
    // the same configuration and database as `t.services`: cookies made there are valid here
    const { services } = await createServices({ config: t.services.config, db: t.services.db, log });
    const express = createApp({ services, build });
    app.server = createHttpServer(express);
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    app.port = (app.server.address() as AddressInfo).port;
    app.url = `http://127.0.0.1:${app.port}`;
  }, STARTUP_TIMEOUT_MS);

  beforeEach(() => {
    app.logs.length = 0;
  });

  afterAll(async () => {
    if (app.server) {
      app.server.closeAllConnections();
      await new Promise<void>((resolve) => app.server.close(() => resolve()));
    }
    await vite?.close();
  });

  return app;
}

/**
 * The store's real Express app (server/http/app.ts) on its real route modules, listening on a free
 * port of 127.0.0.1, on the given services. The route modules are compiled by Vite as in
 * `npm run dev`, so no build is needed; the first request to a route compiles it (~1 s).
 */
export async function startTestApp(services: Services) {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const app = createApp({ services, build });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    /** A request to the app; redirects are answered, not followed. */
    fetch: (pathname: string, init: RequestInit = {}) =>
      fetch(`${baseUrl}${pathname}`, { ...init, redirect: "manual" }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await vite.close();
    },
  };
}

export type StartedTestApp = Awaited<ReturnType<typeof startTestApp>>;
