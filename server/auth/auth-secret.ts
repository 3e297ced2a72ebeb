import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

const MIN_LENGTH = 32;

/**
 * AUTH_SECRET signs session cookies. When it is not configured, one is generated on first start
 * and kept in DATA_DIR (readable by the owner only), so sessions survive restarts.
 */
export async function resolveAuthSecret(options: { configured?: string; dataDir: string }): Promise<string> {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, "auth-secret");
  const stored = await readSecret(file);
  if (stored !== undefined && stored.length >= MIN_LENGTH) return stored;
  const secret = randomBytes(32).toString("hex");
  await mkdir(options.dataDir, { recursive: true });
  if (stored === undefined) {
    // written aside, then linked into place: link fails if the file exists, and the file never
    // appears half-written. Of processes sharing DATA_DIR that start at once, the first wins and
    // the others use its secret instead of each keeping the one it generated.
    const aside = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(aside, `${secret}\n`, { mode: 0o600 });
    try {
      await link(aside, file);
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const winner = await readSecret(file);
      if (winner !== undefined && winner.length >= MIN_LENGTH) return winner;
    } finally {
      await unlink(aside);
    }
  }
  // an unusable stored secret (empty, too short) is replaced
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
