import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
} from "@playwright/test";
import { isExpectedConsoleMessage } from "../../setup/expected-console";

export { expect, type Locator, type Page } from "@playwright/test";

let contexts = 0;

/**
 * A client address of its own for each browser context (sent as X-Forwarded-For; the test server
 * trusts it from loopback, TRUST_PROXY in playwright.config.ts). The store's rate limits count per
 * address (sign-up: 5 in 10 minutes), so each test is a different shopper, as in real life.
 */
function clientAddress(): string {
  contexts++;
  return `198.18.${(process.pid + contexts) % 250}.${(contexts % 250) + 1}`;
}

/** What a context's pages wrote to console.error/console.warn or threw, less the expected messages. */
const problemsOf = new WeakMap<BrowserContext, string[]>();

/**
 * Collects, for every page of `context`, console errors and warnings (React's included) and
 * uncaught errors. The `context` fixture checks them after each test; tests/setup/expected-console.ts
 * lists the messages that are right.
 */
function watchConsole(context: BrowserContext): BrowserContext {
  const problems: string[] = [];
  problemsOf.set(context, problems);
  context.on("console", (message) => {
    const type = message.type();
    if (type !== "error" && type !== "warning") return;
    const text = message.text();
    if (isExpectedConsoleMessage("browser", text)) return;
    problems.push(`console.${type}: ${text} (${message.location().url || message.page()?.url()})`);
  });
  context.on("weberror", (error) =>
    problems.push(`uncaught: ${error.error().stack ?? error.error().message}`),
  );
  return context;
}

function expectNoConsoleProblems(context: BrowserContext) {
  const problems = problemsOf.get(context) ?? [];
  expect(
    problems,
    "the browser reported errors (fix the cause, or list it in tests/setup/expected-console.ts)",
  ).toEqual([]);
}

/** A second browser context for a test that needs one (another user, no JavaScript), watched the same way. */
export async function newWatchedContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = watchConsole(
    await browser.newContext({
      ...options,
      extraHTTPHeaders: { ...options.extraHTTPHeaders, "X-Forwarded-For": clientAddress() },
    }),
  );
  return {
    context,
    /** Closes the context after checking its console. */
    close: async () => {
      await context.close();
      expectNoConsoleProblems(context);
    },
  };
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
    watchConsole(context);
    await use(context);
    expectNoConsoleProblems(context);
  },
});
