// How the client build's hashed files are sent: the brotli or gzip copy made at build time
// (react-router.config.ts) when the client accepts it, never compressed again, cached for a year.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import http, { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestServices } from "../../tests/setup/test-services";
import { createApp } from "./app";

const t = setupTestServices();
const script = Buffer.from(`export const hello = ${JSON.stringify("night ".repeat(2000))};\n`);
const styles = Buffer.from(`.a{color:red}\n`.repeat(400));
let server: Server;
let port: number;

beforeAll(async () => {
  const clientRoot = await mkdtemp(path.join(tmpdir(), "nocturn-client-"));
  await mkdir(path.join(clientRoot, "assets"));
  await writeFile(path.join(clientRoot, "assets", "entry-Ab12.js"), script);
  await writeFile(path.join(clientRoot, "assets", "entry-Ab12.js.br"), brotliCompressSync(script));
  await writeFile(path.join(clientRoot, "assets", "entry-Ab12.js.gz"), gzipSync(script));
  // a file the build left without copies
  await writeFile(path.join(clientRoot, "assets", "root-Cd34.css"), styles);
  const build = { routes: {}, future: {} } as unknown as ServerBuild;
  const app = createApp({ services: t.services, build: async () => build, clientRoot });
  server = await new Promise<Server>((resolve) => {
    const listening = createServer(app).listen(0, "127.0.0.1", () => resolve(listening));
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** The raw answer (fetch would decode the body). */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {};
      http
        .get({ host: "127.0.0.1", port, path: pathname, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    },
  );
}

const IMMUTABLE = "public, max-age=31536000, immutable";

describe("hashed assets", () => {
  it("sends the brotli copy to a browser that accepts it, with the same caching as before", async () => {
    const answer = await get("/assets/entry-Ab12.js", "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": expect.stringMatching(/^text\/javascript/),
      "cache-control": IMMUTABLE,
      vary: expect.stringContaining("Accept-Encoding"),
    });
    expect(answer.body).toEqual(brotliCompressSync(script));
  });

  it("sends the gzip copy to a client without brotli, and the file itself to one without either", async () => {
    const gzipped = await get("/assets/entry-Ab12.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.body).toEqual(gzipSync(script));
    const plain = await get("/assets/entry-Ab12.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
    expect(plain.body).toEqual(script);
  });

  it("compresses a file that has no copies on the fly", async () => {
    const answer = await get("/assets/root-Cd34.css", "br, gzip");
    expect(answer.headers).toMatchObject({ "content-encoding": "br", "cache-control": IMMUTABLE });
  });
});
