import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordingLogger, WARN } from "../../tests/setup/recording-logger";
import { setupTestServices } from "../../tests/setup/test-services";
import { consumeRateLimit } from "../auth/rate-limit";
import { rateLimit } from "../db/schema";
import { startSweeper } from "./main";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the sweeper", () => {
  const t = setupTestServices();

  const rateLimitKeys = async (keys: string[]) =>
    (await t.services.db.select({ key: rateLimit.key }).from(rateLimit).where(inArray(rateLimit.key, keys)))
      .map((row) => row.key)
      .sort();

  it("drops rate-limit counters idle for a day and keeps current ones", async () => {
    const rule = { window: 60, max: 5 };
    await consumeRateLimit({ db: t.services.db, key: "sweep:stale", rule, now: Date.now() - 2 * DAY_MS });
    await consumeRateLimit({ db: t.services.db, key: "sweep:current", rule });

    // stop() waits for the pass that starting the sweeper began
    await startSweeper({ services: t.services }).stop();

    expect(await rateLimitKeys(["sweep:stale", "sweep:current"])).toEqual(["sweep:current"]);
  });

  it("prunes safely from several processes at once", async () => {
    const rule = { window: 60, max: 5 };
    const stale = Array.from({ length: 50 }, (_, i) => `sweep:stale:${i}`);
    for (const key of stale) {
      await consumeRateLimit({ db: t.services.db, key, rule, now: Date.now() - 2 * DAY_MS });
    }
    const { log, records } = recordingLogger();
    // each sweeper stands for one process sharing the database
    const sweepers = Array.from({ length: 3 }, () => startSweeper({ services: { ...t.services, log } }));
    await Promise.all(sweepers.map((sweeper) => sweeper.stop()));

    expect(await rateLimitKeys(stale)).toEqual([]);
    expect(records.filter((record) => record.level >= WARN)).toEqual([]);
  });
});

describe("start-up against an unreachable PostgreSQL", () => {
  it("logs one line per attempt without the password, then one line and exits non-zero", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));

    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        'const { main } = await import("./server/http/main.ts"); await main();',
      ],
      {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          DATA_DIR: await mkdtemp(path.join(tmpdir(), "nocturn-start-")),
          DATABASE_URL: `postgres://nocturn:s3cret-pw@127.0.0.1:${port}/shopdb`,
          DATABASE_STARTUP_TIMEOUT_MS: "1200",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));

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
