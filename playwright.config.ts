import { defineConfig, devices } from "@playwright/test";
import { DEMO_SELLER, SELLER_FIELDS, type SellerField } from "./core/seller";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

/** Flags for Debian's Chromium on a machine with no outside network (see README). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // none: a test that passes only on a second try is a bug in the test or in the store
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // a fresh data folder each run: the store seeds its demo catalog on start, as on a new machine
    command: "rm -rf .tmp/e2e-data && node server.js",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: ".tmp/e2e-data",
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      // each test sends its own X-Forwarded-For (tests/e2e/support/fixtures.ts)
      TRUST_PROXY: "loopback",
      // a production store names its seller (docs/LEGAL.md): this one the demo seller, every field set
      ...Object.fromEntries(
        (Object.keys(SELLER_FIELDS) as SellerField[]).map((field) => [
          SELLER_FIELDS[field].env,
          DEMO_SELLER[field],
        ]),
      ),
    },
  },
});
