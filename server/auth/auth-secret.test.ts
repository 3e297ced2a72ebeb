import { mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthSecret } from "./auth-secret";

const newDataDir = () => mkdtemp(path.join(tmpdir(), "nocturn-secret-"));

describe("the generated AUTH_SECRET", () => {
  it("is generated once, kept for the owner only and read back on the next start", async () => {
    const dataDir = await newDataDir();
    const secret = await resolveAuthSecret({ dataDir });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(path.join(dataDir, "auth-secret"))).mode & 0o777).toBe(0o600);
    expect(await resolveAuthSecret({ dataDir })).toBe(secret);
    expect(await readdir(dataDir)).toEqual(["auth-secret"]);
  });

  it("is the same for starts that race on one DATA_DIR", async () => {
    const dataDir = await newDataDir();
    const secrets = await Promise.all(Array.from({ length: 6 }, () => resolveAuthSecret({ dataDir })));
    expect(new Set(secrets).size).toBe(1);
    expect((await readFile(path.join(dataDir, "auth-secret"), "utf8")).trim()).toBe(secrets[0]);
    expect(await readdir(dataDir)).toEqual(["auth-secret"]);
  });

  it("replaces an unusable stored secret, and a configured one wins", async () => {
    const dataDir = await newDataDir();
    await writeFile(path.join(dataDir, "auth-secret"), "short\n");
    const secret = await resolveAuthSecret({ dataDir });
    expect(secret).toHaveLength(64);
    expect(await resolveAuthSecret({ dataDir })).toBe(secret);
    expect(await resolveAuthSecret({ dataDir, configured: "x".repeat(40) })).toBe("x".repeat(40));
  });
});
