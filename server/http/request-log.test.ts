// What the app logs for a request: one short line at info, the headers only at debug, and the
// request id on every line a request logs (errors included), so one request's lines can be found.
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { LogRecord } from "../../tests/setup/recording-logger";
import { setupTestServices } from "../../tests/setup/test-services";
import { createLogger } from "../logger";
import { createApp } from "./app";

const t = setupTestServices();
let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/**
 * The real app on the test services, logging at `level` into `records`; a build without routes and
 * a client folder with one file, /robots.txt.
 */
async function startApp(level: string) {
  const records: LogRecord[] = [];
  const log = createLogger({ level, destination: { write: (line) => void records.push(JSON.parse(line)) } });
  // enough for the body layer to find no route; React Router itself fails on it (a 500)
  const build = { routes: {}, future: {} } as unknown as ServerBuild;
  const clientRoot = await mkdtemp(path.join(tmpdir(), "nocturn-client-"));
  await writeFile(path.join(clientRoot, "robots.txt"), "User-agent: *\n");
  const app = createApp({ services: { ...t.services, log }, build: async () => build, clientRoot });
  server = await new Promise<Server>((resolve) => {
    const listening = createServer(app).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { records, fetch: (pathname: string, init?: RequestInit) => fetch(`${url}${pathname}`, init) };
}

const SECRETS = { Cookie: "nocturn.session_token=secret-session", Authorization: "Bearer secret-token" };

describe("the request log", () => {
  it("is one short line per request at info: method, path, status, duration and request id", async () => {
    const app = await startApp("info");
    const response = await app.fetch("/robots.txt?token=secret-in-query", { headers: SECRETS });
    expect(response.status).toBe(200);
    expect(app.records).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        reqId: response.headers.get("X-Request-Id"),
        method: "GET",
        path: "/robots.txt",
        status: 200,
        ms: expect.any(Number),
        msg: "request completed",
      },
    ]);
  });

  it("keeps a client's request id, and puts it on every line the request logs, errors included", async () => {
    const app = await startApp("info");
    const response = await app.fetch("/some/page", { headers: { "X-Request-Id": "probe-1234-abcd" } });
    expect(response.status).toBe(500);
    expect(response.headers.get("X-Request-Id")).toBe("probe-1234-abcd");
    const [failure, line] = app.records;
    expect(app.records).toHaveLength(2);
    expect(failure).toMatchObject({ level: 50, reqId: "probe-1234-abcd", msg: "unhandled request error" });
    expect(failure?.err).toMatchObject({ stack: expect.any(String) });
    // the request's own line does not repeat the error: it was logged, with its stack, where it happened
    expect(line).toMatchObject({ level: 50, reqId: "probe-1234-abcd", path: "/some/page", status: 500 });
    expect(line?.err).toBeUndefined();
  });

  it("adds the request's and the response's headers at debug, with credentials redacted", async () => {
    const app = await startApp("debug");
    const response = await app.fetch("/robots.txt", { headers: SECRETS });
    const [line] = app.records.filter((record) => record.msg === "request completed");
    expect(line).toMatchObject({
      level: 30,
      reqId: response.headers.get("X-Request-Id"),
      path: "/robots.txt",
      req: { method: "GET", headers: { cookie: "[Redacted]", authorization: "[Redacted]" } },
      res: { statusCode: 200, headers: { "content-type": "text/plain; charset=utf-8" } },
    });
    expect(JSON.stringify(app.records)).not.toContain("secret-");
  });

  it("logs the health probes at debug only, a 503 included", async () => {
    const quiet = await startApp("info");
    expect((await quiet.fetch("/healthz")).status).toBe(200);
    expect((await quiet.fetch("/readyz")).status).toBe(200);
    expect(quiet.records).toEqual([]);

    const verbose = await startApp("debug");
    await verbose.fetch("/readyz");
    expect(verbose.records).toEqual([
      expect.objectContaining({ level: 20, path: "/readyz", status: 200, msg: "request completed" }),
    ]);
  });
});
