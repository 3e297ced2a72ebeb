// The V8 options the store is started with, chosen by its database: `npm run serve` and the
// image's CMD run `node $(node node-flags.js) server.js`. V8 sizes its young generation when the
// process starts, before server.js could read DATABASE_URL (or .env), so they are worked out here.
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * V8's young generation, where a request's short-lived objects are made: 2 × 32 MiB on
 * PostgreSQL, 2 × 4 MiB on PGlite, whose database (some 120 MiB) lives in the same process. The
 * larger space takes about a fifth less CPU per uncached product page, for some 50 MiB more under
 * load: a store process on PostgreSQL stays far under its 300 MiB, one on PGlite would not
 * (docs/PERFORMANCE.md, "Young generation by database").
 *
 * @param {"postgres" | "pglite"} database
 * @returns {string[]}
 */
export function nodeFlags(database) {
  return [`--max-semi-space-size=${database === "postgres" ? 32 : 4}`];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // the same folder and .env as server.js
  process.chdir(dirname(fileURLToPath(import.meta.url)));
  if (existsSync(".env")) process.loadEnvFile(".env");
  console.log(nodeFlags(process.env.DATABASE_URL ? "postgres" : "pglite").join(" "));
}
