import { type ChildProcessByStdio, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { closedPort, outputOf, RUN_MAIN, spawnModule } from "../../tests/setup/processes";
import { WARN } from "../../tests/setup/recording-logger";
import { insertTestProduct } from "../../tests/setup/test-commerce";
import { openDatabase } from "../db/client";

describe("start-up against an unreachable PostgreSQL", () => {
  it("logs one line per attempt without the password, then one line and exits non-zero", async () => {
    const port = await closedPort();

    const child = spawnModule(RUN_MAIN, {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATA_DIR: await mkdtemp(path.join(tmpdir(), "nocturn-start-")),
        DATABASE_URL: `postgres://nocturn:s3cret-pw@127.0.0.1:${port}/shopdb`,
        DATABASE_STARTUP_TIMEOUT_MS: "1200",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const { code, output } = await outputOf(child);

    expect(code).toBe(1);
    expect(output).not.toContain("s3cret-pw");
    const lines = output.trim().split("\n");
    const messages = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    const attempts = messages.slice(0, -1);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    attempts.forEach((line, index) => {
      expect(line.level).toBe(WARN);
      expect(line.msg).toMatch(
        new RegExp(`^database at 127\\.0\\.0\\.1:${port}/shopdb not reachable \\(attempt ${index + 1}\\): `),
      );
    });
    expect(messages.at(-1)).toMatchObject({ level: 60 });
    expect(messages.at(-1)?.msg).toMatch(
      new RegExp(
        `^Database at 127\\.0\\.0\\.1:${port}/shopdb still not reachable after 1\\.2 s .* Giving up\\.$`,
      ),
    );
  }, 90_000);
});

describe("start-up refusals", () => {
  it("refuses several processes on the embedded PGlite with one line and status 1", async () => {
    const child = spawnModule(RUN_MAIN, {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATA_DIR: await mkdtemp(path.join(tmpdir(), "nocturn-start-")),
        WEB_CONCURRENCY: "2",
        AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
        MEDIA_SHARED_DIR: await mkdtemp(path.join(tmpdir(), "nocturn-media-")),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const { code, stdout, stderr } = await outputOf(child);

    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "WEB_CONCURRENCY=2: PGlite is single-process: set DATABASE_URL to run several processes.\n",
    );
  }, 60_000);
});

interface LogLine {
  level: number;
  msg: string;
  worker?: number;
  [key: string]: unknown;
}

/** The JSON lines a child process writes, and a way to wait for the next one that matches. */
function readLogLines(child: ChildProcessByStdio<null, Readable, Readable>) {
  const lines: LogLine[] = [];
  let text = "";
  let partial = "";
  const waiting = new Set<() => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    text += chunk;
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop() ?? "";
    // the demo admin's password is printed, not logged: those lines are not JSON
    for (const part of parts) if (part.startsWith("{")) lines.push(JSON.parse(part) as LogLine);
    for (const check of waiting) check();
  });
  child.stderr.on("data", (chunk: Buffer) => (text += chunk));
  return {
    lines,
    /** Resolves with the first line (from `from` on) for which `matches` holds. */
    waitFor(matches: (line: LogLine) => boolean, from = 0): Promise<LogLine> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.slice(from).find(matches);
          if (!found) return;
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        child.once("exit", (code) => reject(new Error(`exited with ${code} while waiting:\n${text}`)));
        check();
      });
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("WEB_CONCURRENCY=2 (PostgreSQL, TEST_DATABASE_URL)", () => {
  let primary: ChildProcessByStdio<null, Readable, Readable> | undefined;
  let databaseName: string | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://localhost";

  afterEach(async () => {
    // only if the test ended early: the workers exit with the primary's IPC channel
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      const exited = new Promise((resolve) => primary!.once("exit", resolve));
      primary.kill("SIGKILL");
      await exited;
    }
    if (databaseName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  });

  /** A database of its own with one product (so no demo catalog is rendered) and a start script. */
  async function prepareStart() {
    databaseName = `nocturn_test_${process.ppid}_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName} template ${inject("postgresTemplate")}`);
    await admin.end();
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${databaseName}`;
    const database = await openDatabase({ url: databaseUrl.href });
    await insertTestProduct(database.db);
    await database.close();
    const workDir = await mkdtemp(path.join(tmpdir(), "nocturn-cluster-"));
    const entry = path.join(workDir, "start.mjs");
    await writeFile(
      entry,
      `const { main } = await import(${JSON.stringify(path.resolve("server/http/main.ts"))});\nawait main();\n`,
    );
    return { databaseUrl: databaseUrl.href, workDir, entry };
  }

  /** The store on a database of its own, started as `npm start` does with two workers; `env`: more settings. */
  async function startTwoWorkers(port: number, env: Record<string, string> = {}) {
    const { databaseUrl, workDir, entry } = await prepareStart();
    const child = spawn(process.execPath, ["--import", "tsx", entry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: workDir,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
        MEDIA_SHARED_DIR: path.join(workDir, "shared-media"),
        WEB_CONCURRENCY: "2",
        SHUTDOWN_DRAIN_MS: "0",
        PAGE_CACHE_TTL_SECONDS: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    primary = child;
    return { child, workDir, log: readLogLines(child) };
  }

  it("adds up every worker's metrics, on METRICS_PORT and for the token on the store's port", async () => {
    const [port, metricsPort] = [await closedPort(), await closedPort()];
    const token = "cluster-metrics-token-0123456789abcdef";
    const { child, log } = await startTwoWorkers(port, {
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: token,
    });
    const isListening = (line: LogLine) => /^worker \d+ listening$/.test(line.msg);
    const first = await log.waitFor(isListening);
    await log.waitFor((line) => isListening(line) && line.worker !== first.worker);
    expect(log.lines.map((line) => line.msg)).toContain(`metrics on http://127.0.0.1:${metricsPort}/metrics`);

    // the shared port hands connections out in turn: these probes reach both workers
    const probes = 12;
    for (let i = 0; i < probes; i++) {
      expect(
        (await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { Connection: "close" } })).status,
      ).toBe(200);
    }
    const healthProbes = (text: string) =>
      Number(
        /^http_request_duration_seconds_count\{method="GET",route="health",status="200"\} (\d+)$/m.exec(
          text,
        )?.[1],
      );
    const onPort = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(onPort.status).toBe(200);
    expect(healthProbes(await onPort.text())).toBe(probes);
    const withToken = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(200);
    const text = await withToken.text();
    expect(healthProbes(text)).toBe(probes);
    // the database's numbers are the same in every worker: reported once, not added up
    expect(text).toMatch(/^nocturn_reservations_held 0$/m);
    expect(text).toMatch(/^nocturn_db_pool_connections \d+$/m);

    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
  }, 180_000);

  it("migrates once, serves from two workers, replaces one that dies and stops them on SIGTERM", async () => {
    const port = await closedPort();
    const { child, workDir, log } = await startTwoWorkers(port);
    const isListening = (line: LogLine) => /^worker \d+ listening$/.test(line.msg);
    const first = await log.waitFor(isListening);
    const second = await log.waitFor((line) => isListening(line) && line.worker !== first.worker);
    const url = `http://127.0.0.1:${port}`;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${url}/healthz`)).text()).toBe("ok");

    // the once-only work ran in the primary, before the workers started
    expect(log.lines.filter((line) => line.msg === "database ready")).toEqual([
      expect.not.objectContaining({ worker: expect.anything() }),
    ]);
    expect(log.lines.map((line) => line.msg)).toContain(
      `images in the shared folder ${path.join(workDir, "shared-media")}`,
    );

    // a worker that dies is replaced
    const killedAt = log.lines.length;
    process.kill(first.worker!, "SIGKILL");
    await log.waitFor(
      (line) =>
        line.msg === `worker ${first.worker} exited unexpectedly (signal SIGKILL); starting another in 0.5 s`,
      killedAt,
    );
    const replacement = await log.waitFor(isListening, killedAt);
    expect([first.worker, second.worker]).not.toContain(replacement.worker);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // SIGTERM reaches every worker; the primary exits once both have stopped
    const stoppingAt = log.lines.length;
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const stopped = log.lines.slice(stoppingAt).map((line) => line.msg);
    expect(stopped).toEqual(
      expect.arrayContaining([
        `worker ${second.worker} stopped (code 0)`,
        `worker ${replacement.worker} stopped (code 0)`,
        "stopped",
      ]),
    );
    expect(
      log.lines.filter(
        (line) =>
          line.level >= 50 &&
          line.msg !==
            `worker ${first.worker} exited unexpectedly (signal SIGKILL); starting another in 0.5 s`,
      ),
    ).toEqual([]);
  }, 180_000);
});
