import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Built by the benchmark: `react-router build scripts/bench/floor` with the root's node_modules.
// The Express server (server.ts) is the server build's entry, as server/http/main.ts is the store's.
export default defineConfig({
  environments: {
    ssr: { build: { rollupOptions: { input: "./server.ts" } } },
  },
  plugins: [reactRouter()],
});
