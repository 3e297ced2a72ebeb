import { describe, expect, it, vi } from "vitest";
import { closedPort } from "../../tests/setup/processes";
import { recordingLogger, WARN } from "../../tests/setup/recording-logger";
import { TcpProxy } from "../../tests/setup/tcp-proxy";
import { DatabaseUnreachableError, waitForDatabase } from "./wait-for-database";

const PASSWORD = "s3cret-pw";

describe("waitForDatabase", () => {
  it("retries a refused connection with one line per attempt naming host and database, then fails in one line", async () => {
    const port = await closedPort();
    const { log, records } = recordingLogger();
    const error = await waitForDatabase({
      url: `postgres://nocturn:${PASSWORD}@127.0.0.1:${port}/shopdb`,
      timeoutMs: 1_500,
      connectTimeoutMs: 500,
      log,
    }).catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    expect(message).toMatch(
      new RegExp(
        `^Database at 127\\.0\\.0\\.1:${port}/shopdb still not reachable after 1\\.5 s \\(\\d+ attempts\\): .*ECONNREFUSED.*Giving up\\.$`,
      ),
    );

    const attempts = records.filter((record) => record.level === WARN);
    // 0.5 s, then 1 s (cut to what is left of the 1.5 s): at least two attempts before giving up
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    attempts.forEach((record, index) => {
      expect(record.msg).toMatch(
        new RegExp(
          `^database at 127\\.0\\.0\\.1:${port}/shopdb not reachable \\(attempt ${index + 1}\\): .*ECONNREFUSED.*; retrying in [\\d.]+ s$`,
        ),
      );
    });
    expect(message).toContain(`(${attempts.length + 1} attempts)`);
    expect(JSON.stringify(records) + message).not.toContain(PASSWORD);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL (TEST_DATABASE_URL)", () => {
    const target = new URL(process.env.TEST_DATABASE_URL ?? "postgres://localhost");

    it("goes on once the database comes up during the wait", async () => {
      const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      proxy.port = await closedPort();
      const url = new URL(target.href);
      url.host = `127.0.0.1:${proxy.port}`;
      const { log, records } = recordingLogger();
      try {
        const waiting = waitForDatabase({ url: url.href, timeoutMs: 30_000, connectTimeoutMs: 1_000, log });
        // the database "starts" after the first refused attempt
        await vi.waitFor(() => expect(records.some((record) => record.level === WARN)).toBe(true));
        await proxy.start();
        await waiting;
        expect(records.at(-1)?.msg).toMatch(/^database at 127\.0\.0\.1:\d+\/\w+ is reachable$/);
      } finally {
        await proxy.stop();
      }
    });

    it("gives up at once when waiting cannot help (no such database)", async () => {
      const url = new URL(target.href);
      url.pathname = "/nocturn_no_such_database";
      const { log, records } = recordingLogger();
      const error = await waitForDatabase({
        url: url.href,
        timeoutMs: 30_000,
        connectTimeoutMs: 1_000,
        log,
      }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(DatabaseUnreachableError);
      expect((error as Error).message).toMatch(
        /^Cannot use the database at [^ ]+\/nocturn_no_such_database: database "nocturn_no_such_database" does not exist$/,
      );
      expect(records).toEqual([]);
    });
  });
});
