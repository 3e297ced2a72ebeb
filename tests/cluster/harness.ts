// Several store processes behind nginx, as deploy/nginx.conf runs them: what tests/cluster/ starts.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const APP_ROOT = path.resolve(import.meta.dirname, "..", "..");
const NGINX = process.env.NGINX_BINARY ?? "/usr/sbin/nginx";

/** What the cluster tests need from the machine; a clear message instead of a confusing failure. */
export function requireClusterPrerequisites(): string {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const missing = [
    !postgresUrl && "TEST_DATABASE_URL (a PostgreSQL server: several processes cannot share PGlite)",
    !existsSync(NGINX) && `nginx at ${NGINX} (apt-get install nginx-light, or set NGINX_BINARY)`,
    !existsSync(path.join(APP_ROOT, "build", "server", "index.js")) && "a production build (npm run build)",
  ].filter(Boolean);
  if (missing.length > 0) throw new Error(`The cluster tests need ${missing.join("; ")}.`);
  return postgresUrl as string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` every 50 ms until it returns a value other than undefined/false, or fails. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: last });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fresh, empty database on the test server, dropped by `drop`. */
export async function createClusterDatabase(postgresUrl: string) {
  const name = `nocturn_cluster_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface StoreProcess {
  name: string;
  port: number;
  url: string;
  /** Every JSON log line the process wrote so far. */
  logs: Record<string, unknown>[];
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the process to end. */
  stop(): Promise<number | null>;
}

/** `node server.js` from the production build, on `port`, with `env` on top of the test's own. */
export async function startStore(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<StoreProcess> {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: APP_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      output.push(line);
      if (line.startsWith("{")) logs.push(JSON.parse(line) as Record<string, unknown>);
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  const store: StoreProcess = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    logs,
    child,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  const listening = await Promise.race([
    eventually(
      `${name} to listen`,
      async () => logs.some((line) => line.listening === true || /is listening/.test(String(line.msg))),
      90_000,
    ),
    exited.then((code) => {
      throw new Error(`${name} exited with ${code} before listening:\n${output.join("\n").slice(-4000)}`);
    }),
  ]);
  if (!listening) throw new Error(`${name} did not start`);
  return store;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface Balancer {
  url: string;
  /** One entry per request nginx answered: request id, status, the upstream(s) tried, request line. */
  accessLog(): Promise<{ id: string; status: number; upstream: string; request: string }[]>;
  /** nginx's error log (warnings and worse): why it answered 502, in a failing test's message. */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * nginx with deploy/nginx.conf (its listen port and upstream addresses replaced) inside a minimal
 * main configuration of the test's own (pid, logs and temporary files in a fresh folder).
 */
export async function startBalancer(upstreamPorts: number[]): Promise<Balancer> {
  const port = await freePort();
  const prefix = await mkdtemp(path.join(tmpdir(), "nocturn-nginx-"));
  // nginx's workers run as an unprivileged user when started by root
  await chmod(prefix, 0o777);
  for (const folder of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    await mkdir(path.join(prefix, folder), { mode: 0o777 });
    await chmod(path.join(prefix, folder), 0o777);
  }
  const site = await readFile(path.join(APP_ROOT, "deploy", "nginx.conf"), "utf8");
  const servers = upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join("\n");
  const replaced = site
    .replace(/^ {4}server 127\.0\.0\.1:3001 .*\n {4}server 127\.0\.0\.1:3002 .*$/m, servers)
    .replace(/^ {4}listen 8080;$/m, `    listen 127.0.0.1:${port};`);
  if (replaced === site || !replaced.includes(`listen 127.0.0.1:${port};`) || !replaced.includes(servers)) {
    throw new Error("deploy/nginx.conf no longer has the upstream and listen lines the test replaces");
  }
  await writeFile(path.join(prefix, "nocturn.conf"), replaced);
  await writeFile(
    path.join(prefix, "nginx.conf"),
    `daemon off;
worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 2048; }
http {
  log_format upstreams '$request_id $status "$upstream_addr" "$request"';
  access_log ${prefix}/access.log upstreams;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/nocturn.conf;
}
`,
  );
  const child = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const errors: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => errors.push(chunk.toString("utf8")));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([
    // a connection, not a request: a request now would find no process yet, and nginx would count
    // that against both for fail_timeout
    eventually("nginx to listen", () => accepts(port), 10_000),
    exited.then(async () => {
      const log = await readFile(path.join(prefix, "error.log"), "utf8").catch(() => "");
      throw new Error(`nginx exited: ${errors.join("")}\n${log}`);
    }),
  ]);
  return {
    url,
    async accessLog() {
      const text = await readFile(path.join(prefix, "access.log"), "utf8");
      return text
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const match = /^(\S+) (\d+) "([^"]*)" "([^"]*)"$/.exec(line);
          if (!match) throw new Error(`unexpected access log line: ${line}`);
          return { id: match[1]!, status: Number(match[2]), upstream: match[3]!, request: match[4]! };
        });
    },
    errorLog: () => readFile(path.join(prefix, "error.log"), "utf8"),
    async stop() {
      child.kill("SIGQUIT");
      await exited;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
