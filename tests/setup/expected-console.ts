/**
 * The console messages a test may cause without failing: the one list for Vitest
 * (tests/setup/fail-on-console.ts) and for Playwright (tests/e2e/support/fixtures.ts). Anything
 * else written to console.error or console.warn, and any uncaught error in the browser, fails the
 * test that caused it. Add an entry only with the reason the message is right, never to quiet a bug.
 */
export interface ExpectedConsoleMessage {
  /** "node": Vitest's process; "browser": a page under Playwright. */
  where: "node" | "browser";
  pattern: RegExp;
  reason: string;
}

export const EXPECTED_CONSOLE_MESSAGES: readonly ExpectedConsoleMessage[] = [
  {
    where: "node",
    pattern: /\[Better Auth\]: (Reset Password: )?User not found$/,
    reason:
      "better-auth warns on every sign-in or reset for an unknown e-mail, which the auth tests provoke on purpose; " +
      "server/auth/auth.ts does not hand better-auth a logger yet, so it writes to the console instead of pino",
  },
  {
    where: "node",
    pattern: /^The `envFile` option is deprecated, please use `envDir: false` instead\.$/,
    reason:
      "@react-router/dev 7.18.4's Vite plugin still passes Vite 8's deprecated envFile option whenever a test starts " +
      "the real app through a Vite dev server (tests/setup/test-app.ts); the plugin, not our code, writes it",
  },
  {
    where: "browser",
    pattern: /^Failed to load resource: the server responded with a status of 4\d\d /,
    reason:
      "Chromium logs every 4xx answer; the store answers 4xx by design (403 forbidden page, 404 page, 401 sign-in " +
      "required, 409 duplicate coupon code...) and the tests assert those answers themselves. 5xx stays unexpected",
  },
];

export function isExpectedConsoleMessage(where: ExpectedConsoleMessage["where"], text: string): boolean {
  return EXPECTED_CONSOLE_MESSAGES.some((entry) => entry.where === where && entry.pattern.test(text));
}
