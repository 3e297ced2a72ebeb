import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const serverDir = path.resolve(import.meta.dirname, "server") + path.sep;

/**
 * Fails the build when browser code reaches a server module. Route modules may import from
 * server/ inside loaders and actions (React Router strips those from the client bundle); anything
 * that survives into the client graph is a leak of server code, and possibly of secrets.
 */
function serverOnlyGuard(): Plugin {
  return {
    name: "nocturn:server-only-guard",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved && path.resolve(resolved.id.split("?")[0] ?? "").startsWith(serverDir)) {
        throw new Error(
          `Server module "${path.relative(import.meta.dirname, resolved.id)}" imported by browser code in "${importer}". ` +
            "Use it only inside a loader or action, or move the shared rule to core/.",
        );
      }
      return resolved;
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, ws: { host: "127.0.0.1" } },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/http/main.ts" } } },
  },
  plugins: [serverOnlyGuard(), tailwindcss(), reactRouter()],
});
