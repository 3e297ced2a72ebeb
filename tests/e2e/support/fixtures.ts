import { test as base } from "@playwright/test";

export { expect, type Locator, type Page } from "@playwright/test";

let contexts = 0;

/**
 * A client address of its own for each browser context (sent as X-Forwarded-For; the test server
 * trusts it from loopback, TRUST_PROXY in playwright.config.ts). The store's rate limits count per
 * address (sign-up: 10 in 10 minutes), so each test is a different shopper, as in real life.
 */
export function clientAddress(): string {
  contexts++;
  return `198.18.${(process.pid + contexts) % 250}.${(contexts % 250) + 1}`;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
    await use(context);
  },
});
