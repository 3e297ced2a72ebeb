import { describe, expect, it } from "vitest";
import { parseForm } from "./form-schema";
import { taxRateMessages as m, rateInputValue, taxRateFormSchema } from "./tax-rate-form";

const check = (rate: string, country = "DE") => parseForm(taxRateFormSchema, { rate, country });
const messageOf = (rate: string, country?: string) => {
  const result = check(rate, country);
  return result.ok ? null : result.message;
};

describe("tax rate form", () => {
  it.each([
    ["19", 1900],
    [" 25.5 ", 2550],
    ["8.25%", 825],
    ["17 %", 1700],
    ["0", 0],
    ["100", 10_000],
    ["019", 1900],
  ])("reads %j as %i basis points", (rate, basisPoints) => {
    expect(check(rate)).toEqual({ ok: true, value: { rate: basisPoints, country: "DE" } });
  });

  it.each([
    ["", m.required],
    ["   ", m.required],
    ["abc", m.notANumber],
    ["19,5", m.notANumber],
    ["1e2", m.notANumber],
    ["120", m.outOfRange],
    ["100.01", m.outOfRange],
    ["-5", m.outOfRange],
    ["19.125", m.tooPrecise],
  ])("refuses %j with the message for its first problem", (rate, message) => {
    expect(messageOf(rate)).toBe(message);
  });

  it("refuses a country the store does not ship to, after the rate's own problem", () => {
    expect(messageOf("19", "US")).toBe(m.unknownCountry);
    expect(messageOf("abc", "US")).toBe(m.notANumber);
    expect(parseForm(taxRateFormSchema, { rate: "19" })).toEqual({ ok: false, message: m.unknownCountry });
  });

  it("shows a stored rate in the field without its percent sign", () => {
    expect([1900, 2550, 825, 0, 10_000].map(rateInputValue)).toEqual(["19", "25.5", "8.25", "0", "100"]);
  });
});
