import { describe, expect, it } from "vitest";
import {
  currencySymbol,
  formatMoney,
  formatMoneyShort,
  parseAmountToCents,
  twoDecimalCurrency,
} from "./money";

const usd = { currency: "USD", locale: "en-US" };

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [999, "$9.99"],
    [4999, "$49.99"],
    [123456789, "$1,234,567.89"],
  ])("%i cents is %s in dollars", (cents, text) => {
    expect(formatMoney(cents, usd)).toBe(text);
  });

  it("writes the currency the locale's way", () => {
    expect(formatMoney(1250, { currency: "EUR", locale: "en-US" })).toBe("€12.50");
    expect(formatMoney(1250, { currency: "eur", locale: "de-DE" })).toBe("12,50\u00a0€");
    expect(formatMoney(123456, { currency: "PLN", locale: "pl-PL" })).toBe("1234,56\u00a0zł");
  });

  it("keeps the cents of a currency Intl writes without them (HUF at Stripe)", () => {
    expect(formatMoney(123450, { currency: "HUF", locale: "en-US" })).toBe("HUF\u00a01,234.50");
  });
});

describe("formatMoneyShort", () => {
  it("drops .00 from a round amount and keeps real cents", () => {
    expect(formatMoneyShort(10000, usd)).toBe("$100");
    expect(formatMoneyShort(10050, usd)).toBe("$100.50");
    expect(formatMoneyShort(10000, { currency: "EUR", locale: "en-US" })).toBe("€100");
  });
});

describe("currencySymbol", () => {
  it.each([
    ["USD", "en-US", "$"],
    ["EUR", "en-US", "€"],
    ["EUR", "de-DE", "€"],
    ["PLN", "pl-PL", "zł"],
  ])("%s in %s is %s", (currency, locale, symbol) => {
    expect(currencySymbol({ currency, locale })).toBe(symbol);
  });
});

describe("twoDecimalCurrency", () => {
  it.each([
    ["USD", "USD"],
    ["eur", "EUR"],
    [" pln ", "PLN"],
    ["CZK", "CZK"],
    ["HUF", "HUF"],
    ["SEK", "SEK"],
  ])("accepts %j as %s", (value, code) => {
    expect(twoDecimalCurrency(value)).toBe(code);
  });

  it.each(["JPY", "KRW", "ISK", "KWD", "BHD", "XYZ", "EURO", "", "12"])("refuses %j", (value) => {
    expect(twoDecimalCurrency(value)).toBeNull();
  });
});

describe("parseAmountToCents", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.50", 1250],
    [" 0.99 ", 99],
    ["0", 0],
  ])("%s is %i cents", (text, cents) => {
    expect(parseAmountToCents(text)).toBe(cents);
  });

  it.each(["", "abc", "-1", "1.999", "1e3", "1,5"])("refuses %j", (text) => {
    expect(parseAmountToCents(text)).toBeNull();
  });
});
