// Run by the Dockerfile in /app after `npm ci --omit=dev`: deletes every installed package that
// the production dependencies do not need, and the command links left pointing at nothing.
//
// npm keeps, under --omit=dev, the dev tools that a production package names as an *optional* peer
// (better-auth: vitest, drizzle-kit, ...; @react-router/node: typescript), with their own
// dependencies and platform binaries: over 100 MB that nothing runs in the image. --omit=optional
// is no way out: it also drops the platform binaries sharp and esbuild (tsx) need. So this walks
// the lockfile from package.json's dependencies, through each package's dependencies, optional
// dependencies and required peers, resolving names as Node does (nearest node_modules first), and
// deletes what the walk never reaches.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const { packages } = JSON.parse(readFileSync("package-lock.json", "utf8"));

/** The lockfile path `name` resolves to from the package at `from` ("" is the app). */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf("/node_modules/");
    base = at === -1 ? "" : base.slice(0, at);
  }
}

const needed = new Set();
function visit(at) {
  if (needed.has(at)) return;
  needed.add(at);
  const entry = packages[at];
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const names = [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
  ];
  for (const name of names) {
    const target = resolve(at, name);
    // an optional dependency for another platform is in the lockfile, not on disk
    if (target && existsSync(target)) visit(target);
  }
}
const app = packages[""];
for (const name of [...Object.keys(app.dependencies ?? {}), ...Object.keys(app.optionalDependencies ?? {})]) {
  visit(resolve("", name));
}

let removed = 0;
for (const at of Object.keys(packages)) {
  if (at && !needed.has(at) && existsSync(at)) {
    rmSync(at, { recursive: true, force: true });
    removed++;
  }
}

// node_modules/.bin (and nested ones): links to the commands of the packages just deleted
let links = 0;
function removeDeadLinks(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const at = path.join(folder, entry.name);
    if (entry.isSymbolicLink() && !existsSync(at)) {
      rmSync(at);
      links++;
    } else if (entry.isDirectory()) {
      removeDeadLinks(at);
    }
  }
}
removeDeadLinks("node_modules");
console.log(`node_modules: kept ${needed.size} packages, removed ${removed} and ${links} dead command links`);
