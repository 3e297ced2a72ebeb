import { describe, expect, it } from "vitest";
import { formatCardExpiry, formatCardNumber } from "./card-format";

describe("card number as typed", () => {
  it.each([
    ["", ""],
    ["4242", "4242"],
    ["42424", "4242 4"],
    ["4242424242424242", "4242 4242 4242 4242"],
    ["4242-4242 4242x4242", "4242 4242 4242 4242"],
    ["12345678901234567890123", "1234 5678 9012 3456 789"],
  ])("%j shows as %j", (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });
});

describe("card expiry as typed", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["12", "12"],
    ["123", "12/3"],
    ["1230", "12/30"],
    ["12/30", "12/30"],
    ["12 / 30", "12/30"],
    ["12303", "12/30"],
    ["4", "04"],
    ["430", "04/30"],
    ["12/2030", "12/30"],
    ["1/2031", "01/31"],
    // deleting back over the slash leaves the month
    ["12/", "12"],
  ])("%j shows as %j", (typed, shown) => {
    expect(formatCardExpiry(typed)).toBe(shown);
  });

  it("gives the server the MM/YY it checks", () => {
    expect(formatCardExpiry("1230")).toMatch(/^\d{2}\/\d{2}$/);
  });
});
