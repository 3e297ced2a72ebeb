import { defineConfig } from "vitest/config";

// The container image and the compose stack (tests/container/): run by .ci/container after it has
// built the image (NOCTURN_IMAGE) or started compose.yaml (NOCTURN_URL), one file at a time.
export default defineConfig({
  test: {
    include: ["tests/container/**/*.test.ts"],
    setupFiles: ["tests/setup/fail-on-console.ts"],
    pool: "forks",
    maxWorkers: 1,
    testTimeout: 240_000,
    hookTimeout: 300_000,
  },
});
