import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { measureRouteBundles } from "./bundle";

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

/**
 * A build as React Router writes it: the manifest script, the entry, the root, an account layout
 * with a tab under it (each importing a chunk), and a server build recording `routeDiscovery`.
 */
async function makeBuild(discovery: "lazy" | "initial" | null) {
  const root = await mkdtemp(path.join(tmpdir(), "bundle-test-"));
  made.push(root);
  const assets = path.join(root, "client", "assets");
  await mkdir(assets, { recursive: true });
  const manifest = {
    entry: { module: "/assets/entry.js", imports: ["/assets/framework.js"] },
    routes: {
      root: { module: "/assets/root.js", imports: ["/assets/framework.js"] },
      "routes/account/layout": { module: "/assets/layout.js", parentId: "root" },
      "routes/account/orders": {
        module: "/assets/orders.js",
        parentId: "routes/account/layout",
        imports: ["/assets/dialog.js"],
      },
      "routes/admin": { module: "/assets/admin.js", parentId: "root" },
    },
  };
  const files: Record<string, string> = {
    "manifest-1.js": `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
    "entry.js": 'import"./framework.js";',
    "framework.js": "export const react = 1;".repeat(50),
    "root.js": 'import{react as a}from"./framework.js";',
    "layout.js": 'import"./icons.js";',
    "icons.js": "export const icon = 2;",
    "orders.js": "export default 3;",
    "dialog.js": "export const dialog = 4;",
    "admin.js": "export const admin = 5;",
    "app.css": "body{margin:0}",
  };
  for (const [file, source] of Object.entries(files)) await writeFile(path.join(assets, file), source);
  if (discovery) {
    await mkdir(path.join(root, "server", "assets"), { recursive: true });
    await writeFile(
      path.join(root, "server", "assets", "server-build-1.js"),
      `var routeDiscovery = {\n\t"mode": "${discovery}",\n\t"manifestPath": "/__manifest"\n};`,
    );
  }
  return path.join(root, "client");
}

const ORDERS = [{ label: "account orders", routeId: "routes/account/orders" }];
const filesOf = (bundle: { chunks: { file: string }[] } | undefined) =>
  bundle?.chunks.map((chunk) => chunk.file).sort();

describe("measureRouteBundles", () => {
  it("follows the route's chain and static imports, leaving out what the page does not load", async () => {
    const [orders] = await measureRouteBundles(await makeBuild("lazy"), "manifest-1.js", ORDERS);
    // the layout and its icon come with the tab; the admin's route and the manifest file do not:
    // with lazy discovery the HTML carries the page's routes inline
    expect(filesOf(orders)).toEqual([
      "/assets/dialog.js",
      "/assets/entry.js",
      "/assets/framework.js",
      "/assets/icons.js",
      "/assets/layout.js",
      "/assets/orders.js",
      "/assets/root.js",
    ]);
    expect(orders?.jsGzip).toBe(orders?.chunks.reduce((sum, chunk) => sum + chunk.gzip, 0));
  });

  it("counts the manifest file when the HTML loads it: initial discovery, or no server build to tell", async () => {
    for (const discovery of ["initial", null] as const) {
      const [orders] = await measureRouteBundles(await makeBuild(discovery), "manifest-1.js", ORDERS);
      expect(filesOf(orders)).toContain("/assets/manifest-1.js");
    }
  });
});
