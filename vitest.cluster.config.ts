import { defineConfig } from "vitest/config";

// Several store processes behind nginx (tests/cluster/): after `npm run build`, with nginx and a
// PostgreSQL server (TEST_DATABASE_URL). One file at a time: the processes need the machine.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    setupFiles: ["tests/setup/fail-on-console.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
