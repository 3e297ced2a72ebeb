// The probes a load balancer asks: /healthz (the process answers) and /readyz (send it requests).
import http, { type Server } from "node:http";
import net from "node:net";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupTestServices } from "../../tests/setup/test-services";
import { openDatabase } from "../db/client";
import { createApp } from "./app";
import { drainHttpServer } from "./drain";
import { createReadiness, READY_TIMEOUT_MS, type Readiness } from "./health";
import { createHttpServer } from "./http-server";

const t = setupTestServices();
const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** The real app (a build without routes: the probes never reach React Router) on a free port. */
async function startApp(options: { services?: typeof t.services; readiness?: Readiness } = {}) {
  const build = { routes: {}, future: {} } as unknown as ServerBuild;
  const app = createApp({
    services: options.services ?? t.services,
    build: async () => build,
    readiness: options.readiness,
  });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return { server, url, fetch: (pathname: string) => fetch(`${url}${pathname}`) };
}

describe("GET /healthz", () => {
  it("answers 200 ok without a session, uncached", async () => {
    const response = await (await startApp()).fetch("/healthz");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

describe("GET /readyz", () => {
  it("answers 200 when every migration is applied and the database answers", async () => {
    const response = await (await startApp()).fetch("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 while draining, and /healthz stays 200", async () => {
    const readiness = createReadiness();
    const app = await startApp({ readiness });
    readiness.startDraining();
    const response = await app.fetch("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", reason: "draining" });
    expect((await app.fetch("/healthz")).status).toBe(200);
  });

  it("answers 503 when the database does not answer in time, without waiting for it", async () => {
    // accepts connections and never says a word, as a database behind a dropped network does
    const silent = net.createServer(() => {});
    const sockets = new Set<net.Socket>();
    silent.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const unreachable = await openDatabase({
      url: `postgres://nocturn@127.0.0.1:${port}/nocturn`,
      pool: { connectTimeoutMs: READY_TIMEOUT_MS + 1_000 },
    });
    try {
      const app = await startApp({ services: { ...t.services, db: unreachable.db } });
      const started = performance.now();
      const response = await app.fetch("/readyz");
      const tookMs = performance.now() - started;
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", reason: "database timeout" });
      expect(tookMs).toBeLessThan(READY_TIMEOUT_MS + 1_000);
      expect((await app.fetch("/healthz")).status).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
      await unreachable.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("answers 503 when a migration in drizzle/ is not applied", async () => {
    const [last] = (
      (await t.services.db.execute(
        sql`delete from drizzle.__drizzle_migrations
             where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    try {
      const response = await (await startApp()).fetch("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", reason: "1 migration not applied" });
    } finally {
      await t.services.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await (await startApp()).fetch("/readyz")).status).toBe(200);
  });
});

describe("draining on shutdown", () => {
  /** GET on one kept-alive connection of `agent`: the status, the Connection header, the socket. */
  const get = (agent: http.Agent, url: string) =>
    new Promise<{ status: number; connection: string | undefined; socket: net.Socket }>((resolve, reject) => {
      const request = http.get(url, { agent }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            socket: request.socket!,
          }),
        );
      });
      request.on("error", reject);
    });

  it("stops being ready at once, serves requests for the drain delay, then closes", async () => {
    const readiness = createReadiness();
    const app = await startApp({ readiness });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const drainMs = 2_000;
    const idleCloseMs = 500;
    const started = performance.now();
    const drained = drainHttpServer({
      server: app.server,
      readiness,
      drainMs,
      idleCloseMs,
      log: t.services.log,
    });

    expect((await app.fetch("/readyz")).status).toBe(503);
    // everything else is still answered while the balancer takes the process out of rotation, on
    // connections kept alive: a balancer without probes opens no new one to a process about to close
    const during = await get(agent, `${app.url}/healthz`);
    expect(during).toMatchObject({ status: 200, connection: "keep-alive" });
    expect(performance.now() - started).toBeLessThan(drainMs);

    await vi.waitFor(() => expect(app.server.listening).toBe(false), { timeout: drainMs + 1_000 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(drainMs - 10);
    // a kept-alive connection is still answered once, and closed after its answer
    const after = await get(agent, `${app.url}/healthz`);
    expect(after).toMatchObject({ status: 200, connection: "close" });
    expect(after.socket).toBe(during.socket);
    // a new connection is refused: a balancer sends the request to another process
    await expect(get(new http.Agent(), `${app.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
    await drained;
    agent.destroy();
  });

  it("closes connections left idle once the balancer would have closed its own", async () => {
    const readiness = createReadiness();
    const app = await startApp({ readiness });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await get(agent, `${app.url}/healthz`);
    const closed = new Promise((resolve) => idle.socket.once("close", resolve));
    const started = performance.now();

    await drainHttpServer({
      server: app.server,
      readiness,
      drainMs: 0,
      idleCloseMs: 300,
      log: t.services.log,
    });
    await closed;
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    agent.destroy();
  });
});
