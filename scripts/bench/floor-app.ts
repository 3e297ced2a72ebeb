import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { keepOutputTail, type RunningServer, startProcess } from "./server";

/** The bare React Router app the store's pages are compared with (scripts/bench/floor/). */
export const FLOOR_DIR = path.resolve(import.meta.dirname, "floor");
const FLOOR_SERVER = path.join(FLOOR_DIR, "build", "server", "index.js");

/** Why the floor needs a build: missing, or a source file newer than it; undefined when it is current. */
export async function floorBuildReason(): Promise<string | undefined> {
  if (!existsSync(FLOOR_SERVER)) return "no build";
  const builtAt = statSync(FLOOR_SERVER).mtimeMs;
  const sources = ["react-router.config.ts", "vite.config.ts", "server.ts"].map((name) =>
    path.join(FLOOR_DIR, name),
  );
  for (const entry of await readdir(path.join(FLOOR_DIR, "app"), { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) sources.push(path.join(entry.parentPath, entry.name));
  }
  // the floor takes the store's framework settings (its react-router.config imports the root's)
  sources.push(path.resolve(FLOOR_DIR, "../../../react-router.config.ts"));
  const newer = sources.find((file) => statSync(file).mtimeMs > builtAt);
  return newer ? `${path.relative(FLOOR_DIR, newer)} is newer than the build` : undefined;
}

/**
 * `react-router build scripts/bench/floor` with the store's own node_modules (the same React,
 * React Router, Vite and Express): no second install, and the versions cannot drift apart.
 */
export function buildFloor(appRoot: string): Promise<void> {
  const cli = path.join(appRoot, "node_modules", "@react-router", "dev", "bin.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "build", FLOOR_DIR], {
      cwd: appRoot,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = keepOutputTail(child);
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`building the floor failed (${code}):\n${output()}`)),
    );
  });
}

/**
 * The floor's production server: `node build/server/index.js` with Node.js's defaults, as a bare
 * app's template starts it, on the store's Node.js binary (`node`, default: the one running the
 * benchmark).
 */
export function startFloor(node?: string): Promise<RunningServer> {
  return startProcess({
    cwd: FLOOR_DIR,
    script: FLOOR_SERVER,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1" },
    node,
  });
}

/** The floor's client manifest (manifest-<hash>.js), for its first-load JavaScript. */
export async function floorManifest(): Promise<string | undefined> {
  const files = await readdir(path.join(FLOOR_DIR, "build", "client", "assets"));
  return files.find((name) => /^manifest-[\w-]+\.js$/.test(name));
}
