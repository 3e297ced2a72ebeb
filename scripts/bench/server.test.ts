// The bench measures the store as it is shipped: started the way `npm run serve` and the image do.
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { STORE_MALLOC_ENV } from "./server";

const settings = Object.entries(STORE_MALLOC_ENV).map(([name, value]) => `${name}=${value}`);

describe("the store's start in the bench", () => {
  it("has the settings of package.json's serve script", async () => {
    const pkg = JSON.parse(await readFile("package.json", "utf8")) as { scripts: Record<string, string> };
    const serve = pkg.scripts.serve ?? "";
    for (const setting of settings) expect(serve).toContain(setting);
    expect(serve).toContain("node $(node node-flags.js) server.js");
  });

  it("has the settings of the container image", async () => {
    const dockerfile = await readFile("Dockerfile", "utf8");
    for (const setting of settings) expect(dockerfile).toContain(setting);
    expect(dockerfile).toContain('CMD ["sh", "-c", "exec node $(node node-flags.js) server.js"]');
  });
});

describe("node-flags.js: the young generation by database", () => {
  const run = promisify(execFile);
  const withoutDatabase = { ...process.env, DATABASE_URL: undefined };

  /**
   * What `node $(node node-flags.js) server.js` puts between node and server.js, for a copy of
   * node-flags.js in a folder of its own with `dotEnv` as its .env.
   */
  async function flags(env: NodeJS.ProcessEnv, dotEnv?: string): Promise<string> {
    const folder = await mkdtemp(path.join(os.tmpdir(), "node-flags-"));
    try {
      await copyFile("node-flags.js", path.join(folder, "node-flags.js"));
      if (dotEnv) await writeFile(path.join(folder, ".env"), dotEnv);
      // started from another folder: it reads the .env beside it, as server.js does
      const { stdout } = await run(process.execPath, [path.join(folder, "node-flags.js")], {
        cwd: os.tmpdir(),
        env,
      });
      return stdout.trim();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  it("gives PostgreSQL 2 × 32 MiB and the embedded PGlite 2 × 4 MiB", async () => {
    expect(await flags({ ...withoutDatabase, DATABASE_URL: "postgres://db/nocturn" })).toBe(
      "--max-semi-space-size=32",
    );
    expect(await flags(withoutDatabase)).toBe("--max-semi-space-size=4");
    expect(await flags({ ...withoutDatabase, DATABASE_URL: "" })).toBe("--max-semi-space-size=4");
  });

  it("reads DATABASE_URL from the .env beside it; the environment's own value wins", async () => {
    const dotEnv = "DATABASE_URL=postgres://db/nocturn\n";
    expect(await flags(withoutDatabase, dotEnv)).toBe("--max-semi-space-size=32");
    expect(await flags({ ...withoutDatabase, DATABASE_URL: "" }, dotEnv)).toBe("--max-semi-space-size=4");
  });
});
