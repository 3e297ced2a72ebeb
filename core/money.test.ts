import { describe, expect, it } from "vitest";
import { formatUsd, parseUsdToCents } from "./money";

describe("formatUsd", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [999, "$9.99"],
    [4999, "$49.99"],
    [123456789, "$1,234,567.89"],
  ])("%i cents is %s", (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});

describe("parseUsdToCents", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.50", 1250],
    [" 0.99 ", 99],
    ["0", 0],
  ])("%s is %i cents", (text, cents) => {
    expect(parseUsdToCents(text)).toBe(cents);
  });

  it.each(["", "abc", "-1", "1.999", "1e3", "1,5"])("refuses %j", (text) => {
    expect(parseUsdToCents(text)).toBeNull();
  });
});
