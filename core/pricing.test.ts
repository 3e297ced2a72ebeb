import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CouponTerms,
  couponDiscountCents,
  couponMessages,
  couponProblem,
  generateCouponCode,
} from "./coupon";
import { deliveryTerms, SHIPPING_CENTS } from "./delivery";
import { DEFAULT_MONEY } from "./money";
import { priceOrder } from "./pricing";
import { coupons, cartLines as lines } from "./pricing.arbitraries";

describe("priceOrder", () => {
  it("total = subtotal + shipping - discount, 0 <= discount <= subtotal, all integer cents", () => {
    fc.assert(
      fc.property(lines, coupons, (cart, coupon) => {
        const totals = priceOrder(cart, coupon);
        const subtotal = cart.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
        expect(totals.subtotalCents).toBe(subtotal);
        expect(totals.shippingCents).toBe(SHIPPING_CENTS);
        expect(totals.discountCents).toBeGreaterThanOrEqual(0);
        expect(totals.discountCents).toBeLessThanOrEqual(subtotal);
        expect(totals.totalCents).toBe(subtotal + 999 - totals.discountCents);
        const { subtotalCents, discountCents, shippingCents, taxCents, totalCents } = totals;
        for (const value of [subtotalCents, discountCents, shippingCents, taxCents, totalCents]) {
          expect(Number.isSafeInteger(value)).toBe(true);
        }
      }),
    );
  });

  it("a percentage is the subtotal times the rate, rounded half-up to the cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (subtotal, bps) => {
          const discount = couponDiscountCents(
            {
              discountType: "percentage",
              percentBasisPoints: bps,
              amountOffCents: null,
              minimumOrderCents: 0,
            },
            subtotal,
          );
          const exact = (subtotal * bps) / 10_000;
          expect(Math.abs(discount - exact)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it("matches worked examples", () => {
    const percent = (bps: number): CouponTerms => ({
      discountType: "percentage",
      percentBasisPoints: bps,
      amountOffCents: null,
      minimumOrderCents: 0,
    });
    expect(priceOrder([{ priceCents: 4500, quantity: 2 }], null)).toMatchObject({
      subtotalCents: 9000,
      discountCents: 0,
      shippingCents: 999,
      taxCents: 0,
      totalCents: 9999,
    });
    expect(priceOrder([{ priceCents: 1999, quantity: 1 }], percent(1500)).discountCents).toBe(300); // 299.85
    expect(priceOrder([{ priceCents: 1, quantity: 1 }], percent(5000)).discountCents).toBe(1); // 0.5 rounds up
    expect(
      priceOrder([{ priceCents: 1500, quantity: 1 }], {
        discountType: "fixed",
        percentBasisPoints: null,
        amountOffCents: 2000,
        minimumOrderCents: 0,
      }),
    ).toMatchObject({ discountCents: 1500, totalCents: 999 });
  });
});

describe("couponProblem", () => {
  const base = {
    discountType: "fixed" as const,
    percentBasisPoints: null,
    amountOffCents: 500,
    minimumOrderCents: 5000,
    isActive: true,
    expiresAt: null,
    usageLimit: null,
    usageCount: 0,
  };
  const now = new Date("2026-11-22T12:00:00Z");

  it("checks in the spec's order: existence, expiry, usage limit, minimum", () => {
    expect(couponProblem(null, 0, DEFAULT_MONEY, now)).toBe(couponMessages.invalid);
    expect(couponProblem({ ...base, isActive: false }, 9000, DEFAULT_MONEY, now)).toBe(
      couponMessages.invalid,
    );
    const expiredAndUsedUp = {
      ...base,
      expiresAt: new Date("2026-11-22T11:59:59Z"),
      usageLimit: 1,
      usageCount: 1,
    };
    expect(couponProblem(expiredAndUsedUp, 0, DEFAULT_MONEY, now)).toBe(couponMessages.expired);
    expect(couponProblem({ ...base, usageLimit: 1, usageCount: 1 }, 0, DEFAULT_MONEY, now)).toBe(
      couponMessages.exhausted,
    );
    expect(couponProblem(base, 4999, DEFAULT_MONEY, now)).toBe(
      "Minimum order amount of $50.00 required for this coupon",
    );
    expect(couponProblem(base, 5000, DEFAULT_MONEY, now)).toBeNull();
    expect(
      couponProblem({ ...base, expiresAt: new Date("2026-11-22T12:00:01Z") }, 5000, DEFAULT_MONEY, now),
    ).toBeNull();
  });

  it("names the minimum in the store's currency", () => {
    expect(couponProblem(base, 4999, { currency: "EUR", locale: "de-DE" }, now)).toBe(
      "Minimum order amount of 50,00\u00a0€ required for this coupon",
    );
    expect(couponMessages.applied(1790, { currency: "PLN", locale: "en-US" })).toBe(
      "Coupon applied! You saved PLN\u00a017.90",
    );
  });
});

describe("generateCouponCode", () => {
  it("gives 8 characters of A-Z and 0-9, different each time", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateCouponCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
  });
});

describe("deliveryTerms", () => {
  it("names the flat shipping checkout charges, its VAT note and the delivery time", () => {
    const charged = priceOrder([{ priceCents: 1_000, quantity: 1 }], null, null).shippingCents;
    expect(deliveryTerms("inclusive", DEFAULT_MONEY)).toBe(
      `$${(charged / 100).toFixed(2)} incl. VAT, 2-4 business days`,
    );
    expect(deliveryTerms("exclusive", DEFAULT_MONEY)).toBe(
      `$${(SHIPPING_CENTS / 100).toFixed(2)} excl. VAT, 2-4 business days`,
    );
  });

  it("prices delivery in the store's currency", () => {
    expect(deliveryTerms("inclusive", { currency: "EUR", locale: "en-US" })).toBe(
      "€9.99 incl. VAT, 2-4 business days",
    );
    expect(deliveryTerms("exclusive", { currency: "EUR", locale: "de-DE" })).toBe(
      "9,99\u00a0€ excl. VAT, 2-4 business days",
    );
  });
});
