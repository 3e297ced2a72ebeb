import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WARN } from "../../tests/setup/recording-logger";

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
