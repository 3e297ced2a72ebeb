import { defineConfig, devices } from "@playwright/test";
import { DEMO_SELLER, SELLER_FIELDS, type SellerField } from "./core/seller";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
/** A second store that sells in euros (STORE_CURRENCY=EUR), for tests/e2e/currency-eur.spec.ts. */
const EUR_PORT = PORT + 1;
const eurBaseURL = `http://localhost:${EUR_PORT}`;
const EUR_SPEC = "**/currency-eur.spec.ts";

/** What both test stores run with: a production store naming its seller. */
const storeEnv = (port: number, dataDir: string) => ({
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
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
});

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
  projects: [
    {
      name: "chromium",
      testIgnore: EUR_SPEC,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      metadata: { dataDir: ".tmp/e2e-data" },
    },
    {
      name: "eur",
      testMatch: EUR_SPEC,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: eurBaseURL },
      // the store's data folder, where the helpers read the admin's credentials and the outbox
      metadata: { dataDir: ".tmp/e2e-data-eur" },
    },
  ],
  // a fresh data folder each run: the store seeds its demo catalog on start, as on a new machine
  webServer: [
    {
      // the demo catalog and the shop filters' products in colours and on sale, then the store
      command:
        "rm -rf .tmp/e2e-data && node --import tsx tests/e2e/support/seed-shop-filters.ts && node server.js",
      url: `${baseURL}/healthz`,
      // the demo seed renders its pictures: minutes on a busy machine
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: storeEnv(PORT, ".tmp/e2e-data"),
    },
    {
      command: "rm -rf .tmp/e2e-data-eur && node server.js",
      url: `${eurBaseURL}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...storeEnv(EUR_PORT, ".tmp/e2e-data-eur"), STORE_CURRENCY: "EUR" },
    },
  ],
});
