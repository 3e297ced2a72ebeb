import { format } from "node:util";
import { afterAll, afterEach } from "vitest";
import { isExpectedConsoleMessage } from "./expected-console";

/**
 * Fails any test that writes to console.error or console.warn (React's warnings among them), as the
 * Epic Stack does, unless tests/setup/expected-console.ts lists the message. Messages are collected
 * and checked after each test rather than thrown where they are written: a library may call the
 * console inside a try/catch or a callback whose throw would be lost. What a file's beforeAll or
 * afterAll writes is checked once its last hook has run.
 */
const unexpected: string[] = [];

for (const level of ["error", "warn"] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = format(...args);
    if (isExpectedConsoleMessage("node", text)) return;
    original(...args);
    unexpected.push(`console.${level}: ${text}`);
  };
}

/** The unexpected messages written since the last check; a test of this guard takes them itself. */
export function takeUnexpectedConsoleMessages(): string[] {
  return unexpected.splice(0);
}

function failOnUnexpected(when: string) {
  const messages = takeUnexpectedConsoleMessages();
  if (messages.length === 0) return;
  throw new Error(
    `${when} wrote to the console (fix the cause, or list it in tests/setup/expected-console.ts with a reason):\n` +
      messages.map((message) => `  - ${message}`).join("\n"),
  );
}

afterEach(() => failOnUnexpected("This test"));
afterAll(() => failOnUnexpected("This file's setup or teardown"));
