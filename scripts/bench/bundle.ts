import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

interface ManifestEntry {
  module: string;
  imports?: string[];
}

interface RouterManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { parentId?: string }>;
}

export interface RouteBundle {
  label: string;
  routeId: string;
  chunks: { file: string; bytes: number; gzip: number }[];
  jsBytes: number;
  jsGzip: number;
  /** as the server sends it to browsers: compression's brotli at quality 4 */
  jsBrotli: number;
  cssGzip: number;
}

/**
 * Every page a person can open, signed in or not (issue 31); the admin's pages aside. A nested
 * route's chain (the account's tabs under their layout) is followed.
 */
const PAGE_ROUTES: readonly { label: string; routeId: string }[] = [
  { label: "home", routeId: "routes/shop/home" },
  { label: "shop", routeId: "routes/shop/products" },
  { label: "product", routeId: "routes/shop/product" },
  { label: "cart", routeId: "routes/cart/cart" },
  { label: "checkout success", routeId: "routes/checkout/checkout-success" },
  { label: "test checkout", routeId: "routes/checkout/test-checkout" },
  { label: "back-in-stock confirmation", routeId: "routes/shop/back-in-stock-confirm" },
  { label: "login", routeId: "routes/auth/login" },
  { label: "register", routeId: "routes/auth/register" },
  { label: "forgot password", routeId: "routes/auth/forgot-password" },
  { label: "reset password", routeId: "routes/auth/reset-password" },
  { label: "account profile", routeId: "routes/account/account-profile" },
  { label: "account orders", routeId: "routes/account/account-orders" },
  { label: "account settings", routeId: "routes/account/account-settings" },
  { label: "return form", routeId: "routes/account/return-request" },
  { label: "withdraw", routeId: "routes/withdraw/withdraw" },
  { label: "legal", routeId: "routes/legal/legal" },
  { label: "legal document", routeId: "routes/legal/legal-section" },
  { label: "withdrawal form", routeId: "routes/legal/legal-withdrawal-form" },
  { label: "about", routeId: "routes/pages/about" },
  { label: "forbidden", routeId: "routes/pages/forbidden" },
  { label: "not found", routeId: "routes/pages/not-found" },
];

// static imports in Rollup's minified output: `import{a as b}from"./x.js"`, `import"./x.js"`
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g;

// how the server build records React Router's `routeDiscovery` setting
const LAZY_DISCOVERY = /routeDiscovery\s*=\s*\{\s*"mode":\s*"lazy"/;

/**
 * Whether a page's HTML makes the browser download the manifest file (`manifest-*.js`, every
 * route of the app). With lazy route discovery, React Router's default for a server-rendered app,
 * it does not: the HTML carries the page's own routes inline and `<Scripts>` neither preloads nor
 * imports the file (react-router's `isFogOfWarEnabled`); other routes are asked for on the way
 * (`/__manifest`). Read from the server build beside `clientDir`; without one, the file is counted.
 */
async function loadsManifestFile(clientDir: string): Promise<boolean> {
  const serverDir = path.join(clientDir, "..", "server");
  const files = await readdir(serverDir, { recursive: true }).catch(() => [] as string[]);
  for (const file of files.filter((name) => name.endsWith(".js"))) {
    if (LAZY_DISCOVERY.test(await readFile(path.join(serverDir, file), "utf8"))) return false;
  }
  return true;
}

/**
 * The JavaScript a first visit to each route downloads, as its HTML makes the browser load it:
 * the client entry, the root route and the route, each with every chunk it imports statically
 * (followed transitively in the chunks themselves, in case the manifest lists only direct ones),
 * and React Router's manifest file when the HTML loads it (loadsManifestFile).
 */
export async function measureRouteBundles(
  clientDir: string,
  manifestFile: string,
  routes = PAGE_ROUTES,
): Promise<RouteBundle[]> {
  const assetsDir = path.join(clientDir, "assets");
  const manifestSource = await readFile(path.join(assetsDir, manifestFile), "utf8");
  const json = manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1);
  const manifest = JSON.parse(json) as RouterManifest;

  const sizes = new Map<string, { bytes: number; gzip: number; brotli: number; source: string }>();
  const sizeOf = async (urlPath: string) => {
    let size = sizes.get(urlPath);
    if (!size) {
      const source = await readFile(path.join(clientDir, urlPath));
      size = {
        bytes: source.length,
        gzip: gzipSync(source).length,
        brotli: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
        source: source.toString("utf8"),
      };
      sizes.set(urlPath, size);
    }
    return size;
  };

  // the one stylesheet every page loads, inlined or linked (app/lib/inline-stylesheet.tsx); the
  // manifest does not list it, as the root route imports it by URL
  const stylesheets = (await readdir(assetsDir)).filter((file) => file.endsWith(".css"));
  const cssGzip = (await Promise.all(stylesheets.map((file) => sizeOf(`/assets/${file}`)))).reduce(
    (sum, size) => sum + size.gzip,
    0,
  );

  const manifestScript = (await loadsManifestFile(clientDir)) ? [`/assets/${manifestFile}`] : [];
  const bundles: RouteBundle[] = [];
  for (const { label, routeId } of routes) {
    const route = manifest.routes[routeId];
    if (!route) throw new Error(`Route ${routeId} is not in the React Router manifest`);
    const chain: ManifestEntry[] = [manifest.entry];
    for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
      const entry = manifest.routes[id];
      if (entry) chain.splice(1, 0, entry);
    }
    const queue = [...manifestScript, ...chain.flatMap((entry) => [entry.module, ...(entry.imports ?? [])])];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const file = queue.shift() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const { source } = await sizeOf(file);
      for (const match of source.matchAll(STATIC_IMPORT)) {
        queue.push(path.posix.join(path.posix.dirname(file), match[1] as string));
      }
    }
    const chunks = await Promise.all(
      [...seen].map(async (file) => {
        const size = await sizeOf(file);
        return { file, bytes: size.bytes, gzip: size.gzip, brotli: size.brotli };
      }),
    );
    chunks.sort((a, b) => b.gzip - a.gzip);
    bundles.push({
      label,
      routeId,
      chunks: chunks.map(({ file, bytes, gzip }) => ({ file, bytes, gzip })),
      jsBytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
      jsGzip: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0),
      jsBrotli: chunks.reduce((sum, chunk) => sum + chunk.brotli, 0),
      cssGzip,
    });
  }
  return bundles;
}
