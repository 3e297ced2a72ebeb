import { describe, expect, it } from "vitest";
import { couponFormSchema } from "../../../../core/validation/coupon-form";
import { parseForm } from "../../../../core/validation/form-schema";
import { couponFormDefaults, dateTimeLocalToIso, toDateTimeLocalValue } from "./coupon-form-values";

describe("the coupon dialog's starting values", () => {
  it("prefills an edit with what validation turns back into the same coupon", () => {
    const stored = {
      code: "HALF",
      name: "Half",
      description: null,
      discountType: "percentage" as const,
      percentBasisPoints: 1250,
      amountOffCents: null,
      minimumOrderCents: 4999,
      usageLimit: 3,
      expiresAt: "2031-02-03T04:05:00.000Z",
    };
    const input = couponFormDefaults(stored);
    expect(input).toMatchObject({ discountValue: "12.5", minimumOrder: "49.99", usageLimit: "3" });
    expect(parseForm(couponFormSchema, input)).toEqual({
      ok: true,
      value: { ...stored, expiresAt: new Date(stored.expiresAt) },
    });
    const fixed = couponFormDefaults({
      ...stored,
      discountType: "fixed",
      percentBasisPoints: null,
      amountOffCents: 500,
    });
    expect(fixed.discountValue).toBe("5.00");
  });

  it("new coupons start as percentage, minimum 0, unlimited, never expiring", () => {
    expect(couponFormDefaults()).toMatchObject({
      discountType: "percentage",
      minimumOrder: "0",
      unlimitedUses: true,
      neverExpires: true,
    });
  });

  it("datetime-local values round-trip through absolute instants in the local time zone", () => {
    const iso = dateTimeLocalToIso("2030-06-01T18:30");
    const local = new Date(2030, 5, 1, 18, 30);
    expect(iso).toBe(local.toISOString());
    expect(toDateTimeLocalValue(iso)).toBe("2030-06-01T18:30");
    expect(dateTimeLocalToIso("")).toBe("");
    expect(dateTimeLocalToIso("2030-06-01")).toBe("");
    expect(toDateTimeLocalValue("not a date")).toBe("");
  });
});
