import { writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { type RunningServer, startProcess } from "./server";

/** Set per response, or by the server that sends it. */
const NOT_REPLAYED = /^(content-length|date|connection|keep-alive|transfer-encoding)$/i;

/**
 * A page's response as the store sends it for `headers`: status, headers and the body's bytes as
 * they came over the wire (still compressed).
 */
function capture(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: [string, string][]; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string;
            if (!NOT_REPLAYED.test(name)) pairs.push([name, res.rawHeaders[i + 1] as string]);
          }
          resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The limit for one cached page (scripts/bench/limit-server.mjs): the store's response to `url`,
 * taken once, then served from memory by plain node:http on the store's Node.js binary.
 */
export async function startLimit(options: {
  url: string;
  headers: Record<string, string>;
  workDir: string;
  node?: string;
}): Promise<RunningServer> {
  const page = await capture(options.url, options.headers);
  if (page.status !== 200) throw new Error(`${options.url} answered ${page.status}: no limit to measure`);
  const file = path.join(options.workDir, `limit-${Date.now()}.json`);
  await writeFile(file, JSON.stringify({ ...page, body: page.body.toString("base64") }));
  return startProcess({
    cwd: import.meta.dirname,
    script: "limit-server.mjs",
    env: { ...process.env, LIMIT_PAGE: file },
    node: options.node,
  });
}
