import { cp, mkdir, readdir, readFile, rm, symlink } from "node:fs/promises";
import path from "node:path";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Copies the production build (with server.js, package.json and the migrations) into `dest` and
 * links node_modules, so the servers under test keep running one build while `npm run build`
 * rewrites build/ in the working tree. Retries while build/ is half written. Returns the name of
 * the client manifest the server build uses.
 */
export async function snapshotBuild(appRoot: string, dest: string): Promise<{ manifestFile: string }> {
  let problem = "";
  for (let attempt = 1; attempt <= 10; attempt++) {
    await mkdir(dest, { recursive: true });
    for (const name of ["build", "drizzle", "server.js", "package.json"]) {
      await cp(path.join(appRoot, name), path.join(dest, name), { recursive: true, force: true });
    }
    const checked = await checkBuild(dest);
    if (typeof checked === "object") {
      await symlink(path.join(appRoot, "node_modules"), path.join(dest, "node_modules"), "dir");
      return checked;
    }
    problem = checked;
    await rm(dest, { recursive: true, force: true });
    await sleep(3000);
  }
  throw new Error(`build/ kept changing while it was copied (${problem}); run the benchmark again`);
}

/** The client manifest, or what is missing when the server and client halves do not belong together. */
async function checkBuild(dir: string): Promise<{ manifestFile: string } | string> {
  const serverDir = path.join(dir, "build", "server");
  const clientAssets = path.join(dir, "build", "client", "assets");
  const clientFiles = new Set(await readdir(clientAssets).catch(() => [] as string[]));
  const serverAssets = await readdir(path.join(serverDir, "assets")).catch(() => [] as string[]);
  const index = await readFile(path.join(serverDir, "index.js"), "utf8").catch(() => "");
  if (!index) return "no build/server/index.js";
  for (const match of index.matchAll(/from\s*["']\.\/assets\/([^"']+)["']/g)) {
    if (!serverAssets.includes(match[1] as string)) return `server chunk ${match[1]} missing`;
  }
  const manifests = new Set<string>();
  for (const source of [
    index,
    ...(await Promise.all(
      serverAssets
        .filter((name) => name.endsWith(".js"))
        .map((name) => readFile(path.join(serverDir, "assets", name), "utf8")),
    )),
  ]) {
    for (const match of source.matchAll(/\/assets\/(manifest-[\w-]+\.js)/g))
      manifests.add(match[1] as string);
  }
  const [manifestFile] = manifests;
  if (manifests.size !== 1 || !manifestFile) return `expected one client manifest, found ${manifests.size}`;
  if (!clientFiles.has(manifestFile)) return `client ${manifestFile} missing`;
  const manifest = await readFile(path.join(clientAssets, manifestFile), "utf8");
  for (const match of manifest.matchAll(/"\/assets\/([^"]+)"/g)) {
    if (!clientFiles.has(match[1] as string)) return `client ${match[1]} missing`;
  }
  return { manifestFile };
}
