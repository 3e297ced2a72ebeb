import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["{core,server,app,scripts}/**/*.test.{ts,tsx}", "tests/setup/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    // a console.error or console.warn fails the test (the expected ones: tests/setup/expected-console.ts)
    setupFiles: ["tests/setup/fail-on-console.ts"],
    // each file opens its own database; PGlite needs ~0.5 GB per instance
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
