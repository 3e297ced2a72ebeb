// Starts the store. `node server.js` serves the production build; `--dev` runs Vite in middleware mode.
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

// V8 lets its heap grow up to four times what survived the last full collection before it
// collects again; under steady traffic most of that is garbage waiting. At 50 % the store's heap
// stayed near 130 MiB instead of 260 MiB in the memory soak, for about a tenth more CPU per request
// (docs/PERFORMANCE.md, "Memory"). It bounds the garbage, not the heap: a large export still gets
// all the memory it needs. What must be set before the process starts (V8's young generation,
// glibc's malloc arenas) is in package.json's `serve` and the Dockerfile.
v8.setFlagsFromString("--heap-growing-percent=50");

// every relative path (build/, drizzle/, data/) is relative to the app folder
process.chdir(dirname(fileURLToPath(import.meta.url)));
if (existsSync(".env")) process.loadEnvFile(".env");

if (process.argv.includes("--dev")) {
  process.env.NODE_ENV ??= "development";
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const { main } = await vite.ssrLoadModule("./server/http/main.ts");
  await main({ vite });
} else {
  if (!existsSync("build/server/index.js")) {
    console.error("No production build found. Run `npm run build` first, or `npm start` to build and start.");
    process.exit(1);
  }
  const { main } = await import("./build/server/index.js");
  await main();
}
