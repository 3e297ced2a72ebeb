import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { couponFormSchema, couponAdminMessages as m } from "./coupon-form";
import { parseForm } from "./form-schema";

type CouponFormInput = z.input<typeof couponFormSchema>;

const valid: CouponFormInput = {
  code: "summer-25",
  name: "Summer Sale",
  description: "",
  discountType: "percentage",
  discountValue: "25",
  minimumOrder: "0",
  unlimitedUses: true,
  usageLimit: "",
  neverExpires: true,
  expiresAt: "",
};

const check = (overrides: Partial<CouponFormInput>) =>
  parseForm(couponFormSchema, { ...valid, ...overrides });
const messageOf = (overrides: Partial<CouponFormInput>) => {
  const result = check(overrides);
  return result.ok ? null : result.message;
};
const storedOf = (overrides: Partial<CouponFormInput>) => {
  const result = check(overrides);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe("coupon form: required fields and the spec's order", () => {
  it.each([
    ["code", { code: "  " }],
    ["name", { name: "" }],
    ["discount value", { discountValue: " " }],
  ])("a missing %s is 'Please fill in all required fields'", (_field, overrides) => {
    expect(messageOf(overrides)).toBe("Please fill in all required fields");
  });

  it("description, minimum, limit and expiry are optional", () => {
    expect(messageOf({ description: "", minimumOrder: "" })).toBeNull();
  });

  it("reports the first problem in the spec's order", () => {
    // missing name and a zero value: required fields first
    expect(messageOf({ name: "", discountValue: "0" })).toBe(m.required);
    // zero value and an over-100 percentage cannot both happen; zero value before a bad limit
    expect(messageOf({ discountValue: "0", unlimitedUses: false, usageLimit: "0" })).toBe(
      "Discount value must be greater than 0",
    );
    expect(messageOf({ discountValue: "150", unlimitedUses: false, usageLimit: "0" })).toBe(
      "Percentage discount cannot exceed 100%",
    );
    expect(messageOf({ unlimitedUses: false, usageLimit: "0" })).toBe(m.usageLimitTooLow);
  });

  it("names every problem in turn as the earlier ones are fixed", () => {
    let form: Partial<CouponFormInput> = {
      code: "a b",
      name: "",
      description: "x".repeat(501),
      discountType: "bogo",
      discountValue: "ten",
      unlimitedUses: false,
      usageLimit: "2.5",
      minimumOrder: "-1",
      neverExpires: false,
      expiresAt: "",
    };
    const fixes: [string, Partial<CouponFormInput>][] = [
      [m.required, { name: "x".repeat(101) }],
      [m.codeFormat, { code: "SUMMER" }],
      [m.nameTooLong, { name: "Summer" }],
      [m.descriptionTooLong, { description: "" }],
      [m.discountTypeInvalid, { discountType: "percentage" }],
      [m.valueNotNumber, { discountValue: "0" }],
      [m.valueNotPositive, { discountValue: "101" }],
      [m.percentTooHigh, { discountValue: "12.345" }],
      [m.valueTooPrecise, { discountValue: "12.5" }],
      [m.usageLimitNotWhole, { usageLimit: "5000000000" }],
      [m.usageLimitTooHigh, { usageLimit: "5" }],
      [m.minimumInvalid, { minimumOrder: "100000000" }],
      [m.minimumTooHigh, { minimumOrder: "10" }],
      [m.expiryRequired, { expiresAt: "2030-06-01T18:30" }],
      [m.expiryInvalid, { expiresAt: "2030-06-01T16:30:00.000Z" }],
    ];
    for (const [message, fix] of fixes) {
      expect(messageOf(form)).toBe(message);
      form = { ...form, ...fix };
    }
    expect(messageOf(form)).toBeNull();
  });
});

describe("coupon form: code", () => {
  it("is stored upper-case and trimmed", () => {
    expect(storedOf({ code: "  summer-25 " }).code).toBe("SUMMER-25");
    expect(storedOf({ code: "vip_2026" }).code).toBe("VIP_2026");
  });

  it.each([
    "AB",
    "A".repeat(41),
    "SUMMER SALE",
    "SALE!",
    "ÉTÉ25",
    "10%OFF",
  ])("refuses %s and says why", (code) => {
    expect(messageOf({ code })).toBe(m.codeFormat);
    expect(m.codeFormat).toMatch(/3 to 40 characters/);
    expect(m.codeFormat).toMatch(/A-Z, digits 0-9, dashes \(-\) and underscores \(_\)/);
  });

  it("accepts 3 and 40 characters", () => {
    expect(messageOf({ code: "ABC" })).toBeNull();
    expect(messageOf({ code: "A".repeat(40) })).toBeNull();
  });
});

describe("coupon form: discount value", () => {
  it.each(["0", "0.00", "-5", "-0.01"])("%s is not greater than 0", (discountValue) => {
    expect(messageOf({ discountValue })).toBe(m.valueNotPositive);
    expect(messageOf({ discountValue, discountType: "fixed" })).toBe(m.valueNotPositive);
  });

  it("percentages up to 100 with up to 2 decimals become basis points", () => {
    expect(storedOf({ discountValue: "12.5" })).toMatchObject({
      discountType: "percentage",
      percentBasisPoints: 1250,
      amountOffCents: null,
    });
    expect(storedOf({ discountValue: "100" }).percentBasisPoints).toBe(10000);
    expect(storedOf({ discountValue: "0.01" }).percentBasisPoints).toBe(1);
    expect(storedOf({ discountValue: "7.25" }).percentBasisPoints).toBe(725);
  });

  it("a percentage above 100 is refused", () => {
    expect(messageOf({ discountValue: "100.01" })).toBe("Percentage discount cannot exceed 100%");
    expect(messageOf({ discountValue: "250", discountType: "fixed" })).toBeNull();
  });

  it("fixed amounts are dollars with up to 2 decimals, stored as cents", () => {
    expect(storedOf({ discountType: "fixed", discountValue: "10" })).toMatchObject({
      discountType: "fixed",
      amountOffCents: 1000,
      percentBasisPoints: null,
    });
    expect(storedOf({ discountType: "fixed", discountValue: "19.99" }).amountOffCents).toBe(1999);
    expect(storedOf({ discountType: "fixed", discountValue: "0.5" }).amountOffCents).toBe(50);
  });

  it("more than 2 decimals, non-numbers and absurd amounts are refused", () => {
    expect(messageOf({ discountValue: "12.345" })).toBe(m.valueTooPrecise);
    expect(messageOf({ discountValue: "0.001" })).toBe(m.valueTooPrecise);
    expect(messageOf({ discountValue: "ten" })).toBe(m.valueNotNumber);
    expect(messageOf({ discountValue: "1e2" })).toBe(m.valueNotNumber);
    expect(messageOf({ discountType: "fixed", discountValue: "1000000" })).toBe(m.valueTooHigh);
  });

  it("only the two discount types exist", () => {
    expect(messageOf({ discountType: "bogo" })).toBe(m.discountTypeInvalid);
  });
});

describe("coupon form: minimum, usage limit, expiry", () => {
  it("the minimum order defaults to 0 and is read as dollars", () => {
    expect(storedOf({ minimumOrder: "" }).minimumOrderCents).toBe(0);
    expect(storedOf({ minimumOrder: "50" }).minimumOrderCents).toBe(5000);
    expect(storedOf({ minimumOrder: "49.9" }).minimumOrderCents).toBe(4990);
    expect(messageOf({ minimumOrder: "-1" })).toBe(m.minimumInvalid);
    expect(messageOf({ minimumOrder: "1.234" })).toBe(m.minimumInvalid);
  });

  it("unlimited uses means no limit, whatever the limit field holds", () => {
    expect(storedOf({ unlimitedUses: true, usageLimit: "5" }).usageLimit).toBeNull();
  });

  it("otherwise the limit is a whole number of at least 1", () => {
    expect(storedOf({ unlimitedUses: false, usageLimit: "1" }).usageLimit).toBe(1);
    expect(storedOf({ unlimitedUses: false, usageLimit: "250" }).usageLimit).toBe(250);
    for (const usageLimit of ["", "0", "-3", "none"]) {
      expect(messageOf({ unlimitedUses: false, usageLimit })).toBe("Usage limit must be at least 1");
    }
    expect(messageOf({ unlimitedUses: false, usageLimit: "2.5" })).toBe(m.usageLimitNotWhole);
    expect(messageOf({ unlimitedUses: false, usageLimit: "5000000000" })).toBe(m.usageLimitTooHigh);
  });

  it("never expires means no expiry; otherwise an absolute instant is required", () => {
    expect(storedOf({ neverExpires: true, expiresAt: "2030-01-01T00:00:00.000Z" }).expiresAt).toBeNull();
    expect(storedOf({ neverExpires: false, expiresAt: "2030-06-01T16:30:00.000Z" }).expiresAt).toEqual(
      new Date("2030-06-01T16:30:00.000Z"),
    );
    expect(storedOf({ neverExpires: false, expiresAt: "2030-06-01T18:30+02:00" }).expiresAt).toEqual(
      new Date("2030-06-01T16:30:00.000Z"),
    );
    expect(messageOf({ neverExpires: false, expiresAt: "" })).toBe(m.expiryRequired);
    // a local time without a zone is ambiguous on the server: the browser must convert it
    expect(messageOf({ neverExpires: false, expiresAt: "2030-06-01T18:30" })).toBe(m.expiryInvalid);
    expect(messageOf({ neverExpires: false, expiresAt: "2030-13-45T99:99Z" })).toBe(m.expiryInvalid);
  });

  it("an empty description is stored as null, text is trimmed", () => {
    expect(storedOf({ description: "   " }).description).toBeNull();
    expect(storedOf({ name: "  Summer  ", description: " For everyone " })).toMatchObject({
      name: "Summer",
      description: "For everyone",
    });
    expect(messageOf({ name: "x".repeat(101) })).toBe(m.nameTooLong);
    expect(messageOf({ description: "x".repeat(501) })).toBe(m.descriptionTooLong);
  });
});

describe("coupon form: reading a submitted form", () => {
  it("reads the dialog's fields, checkboxes by presence, missing fields as empty", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      code: "abc",
      name: "ABC",
      discountType: "fixed",
      discountValue: "5",
    }))
      form.set(name, value);
    form.set("unlimitedUses", "on");
    // the unticked Never Expires box is not sent, and its date field is empty
    expect(parseForm(couponFormSchema, form)).toEqual({ ok: false, message: m.expiryRequired });
    form.set("neverExpires", "on");
    expect(parseForm(couponFormSchema, form)).toMatchObject({
      ok: true,
      value: { code: "ABC", description: null, amountOffCents: 500, usageLimit: null, expiresAt: null },
    });
  });
});
