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

/** React, React DOM and React Router: every page loads all of them first. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const rootRoute = path.resolve(import.meta.dirname, "app", "root.tsx");

/**
 * Two chunks for the JavaScript every page runs, where Rolldown would cut it into some thirty
 * files (one per set of routes sharing a module: each icon, the cart, the button...), most of a
 * few hundred bytes, each compressed on its own and listed in the manifest: `framework` (React,
 * React DOM, React Router) and `shell`, the modules the root route imports (header, footer, cart
 * count, toasts) with all they import in turn, framework aside. Every page loads the root route,
 * so neither adds code to any page, and a first visit downloads ~6 KiB (gzip) less
 * (docs/PERFORMANCE.md#first-load-javascript). What the root loads on demand (the small-screen
 * menu, sonner) and each route's own code keep chunks of their own.
 */
function firstLoadChunks(): Plugin {
  let rootImports = new Set<string>();
  return {
    name: "nocturn:first-load-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const imports = this.getModuleInfo(rootRoute)?.importedIds;
      if (!imports) throw new Error(`The root route ${rootRoute} is not in the client build`);
      rootImports = new Set(imports.filter((id) => !id.startsWith(serverDir) && !/\.css($|\?)/.test(id)));
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 2 },
            // with every module these import (includeDependenciesRecursively), framework aside
            { name: "shell", test: (id) => rootImports.has(id), priority: 1 },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, ws: { host: "127.0.0.1" } },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/http/main.ts" } } },
  },
  plugins: [serverOnlyGuard(), firstLoadChunks(), tailwindcss(), reactRouter()],
});
