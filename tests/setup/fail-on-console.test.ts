import { describe, expect, it } from "vitest";
import { EXPECTED_CONSOLE_MESSAGES } from "./expected-console";
import { takeUnexpectedConsoleMessages } from "./fail-on-console";

describe("the console guard", () => {
  it("collects console.error and console.warn, which then fail the test", () => {
    console.error("Warning: Each child in a list should have a unique %s prop.", '"key"');
    console.warn("something odd");
    expect(takeUnexpectedConsoleMessages()).toEqual([
      'console.error: Warning: Each child in a list should have a unique "key" prop.',
      "console.warn: something odd",
    ]);
  });

  it("lets the listed messages through", () => {
    console.warn("2026-01-01T00:00:00.000Z WARN [Better Auth]: User not found");
    expect(takeUnexpectedConsoleMessages()).toEqual([]);
  });

  it("gives a reason for every listed message", () => {
    for (const entry of EXPECTED_CONSOLE_MESSAGES) expect(entry.reason.length).toBeGreaterThan(20);
  });
});
