import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer, HTTP_SERVER_LIMITS, type HttpServerLimits } from "./http-server";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server that answers "ok" to whatever reaches the app, with `limits`. */
async function listen(limits: HttpServerLimits = HTTP_SERVER_LIMITS): Promise<number> {
  server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => res.end("ok"));
  }, limits);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Writes `raw` on a plain TCP connection and resolves with all the server sent until it closed. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw));
    let received = "";
    socket.on("data", (data) => {
      received += data.toString();
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}

/** Short timeouts, so a test can wait for them to pass. */
const QUICK: HttpServerLimits = {
  ...HTTP_SERVER_LIMITS,
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  connectionsCheckingIntervalMs: 50,
};

describe("createHttpServer", () => {
  it("has the documented limits", async () => {
    await listen();
    expect(server?.headersTimeout).toBe(20_000);
    expect(server?.requestTimeout).toBe(120_000);
    expect(server?.keepAliveTimeout).toBe(65_000);
    expect((server as Server & { maxHeaderSize?: number }).maxHeaderSize).toBe(16 * 1024);
  });

  it("answers 431 to a request head over 16 KB, and serves one just under it", async () => {
    const port = await listen();
    const big = await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Pad: ${"a".repeat(17 * 1024)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    const fine = await exchange(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Pad: ${"a".repeat(15 * 1024)}\r\n\r\n`,
    );
    expect(fine).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("answers 408 and hangs up on a client that never finishes its headers", async () => {
    const port = await listen(QUICK);
    const answer = await exchange(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("answers 408 and hangs up on a client that never finishes its body", async () => {
    const port = await listen(QUICK);
    const answer = await exchange(port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly part");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
