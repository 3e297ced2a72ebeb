import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceOrder } from "./pricing";
import { cartLines, coupons } from "./pricing.arbitraries";
import { canMoveReturn, lineRefund, paidLine, paidShipping, RETURN_STATES } from "./returns";

/** A way of returning `quantity` units in several returns: the sizes of its parts. */
const partition = (quantity: number) =>
  fc.array(fc.integer({ min: 1, max: quantity }), { minLength: 1, maxLength: quantity }).map((parts) => {
    const out: number[] = [];
    let left = quantity;
    for (const part of parts) {
      if (left === 0) break;
      const take = Math.min(part, left);
      out.push(take);
      left -= take;
    }
    if (left > 0) out.push(left);
    return out;
  });

describe("lineRefund", () => {
  it("refunds exactly what a line cost, VAT too, however its units are split over returns", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 20 })
          .chain((quantity) =>
            fc.tuple(
              fc.constant(quantity),
              fc.integer({ min: 0, max: 2_000_000 }),
              fc.integer({ min: 0, max: 100 }),
              partition(quantity),
            ),
          ),
        ([quantity, paidCents, taxPercent, parts]) => {
          const line = { quantity, paidCents, taxCents: Math.floor((paidCents * taxPercent) / 100) };
          let refunded = 0;
          let cents = 0;
          let taxCents = 0;
          for (const units of parts) {
            const part = lineRefund(line, refunded, units);
            expect(part.cents).toBeGreaterThanOrEqual(0);
            expect(part.taxCents).toBeLessThanOrEqual(part.cents + 1);
            cents += part.cents;
            taxCents += part.taxCents;
            refunded += units;
          }
          expect(cents).toBe(paidCents);
          expect(taxCents).toBe(line.taxCents);
        },
      ),
    );
  });

  it("never refunds more units than were bought", () => {
    const line = { quantity: 2, paidCents: 9998, taxCents: 1596 };
    expect(() => lineRefund(line, 1, 2)).toThrow(RangeError);
    expect(() => lineRefund(line, 0, 0)).toThrow(RangeError);
    expect(lineRefund(line, 0, 1)).toEqual({ cents: 4999, taxCents: 798 });
  });
});

describe("paidLine and paidShipping", () => {
  it("add up to the order's total, with prices including VAT or not", () => {
    fc.assert(
      fc.property(
        cartLines,
        coupons,
        fc.constantFrom("inclusive" as const, "exclusive" as const),
        fc.integer({ min: 0, max: 2700 }),
        (cart, coupon, mode, rate) => {
          const priced = priceOrder(cart, coupon, { mode, country: "DE", rateBasisPoints: rate });
          const inclusive = mode === "inclusive";
          const lines = priced.lines.map((line, index) =>
            paidLine(
              {
                priceCents: cart[index]!.priceCents,
                quantity: cart[index]!.quantity,
                discountCents: line.discountCents,
                netCents: line.netCents,
                taxCents: line.taxCents,
              },
              inclusive,
            ),
          );
          const shipping = paidShipping({
            shippingCents: priced.shippingCents,
            shippingTaxCents: priced.shipping.taxCents,
            pricesIncludeTax: inclusive,
          });
          const sum = lines.reduce((total, line) => total + line.paidCents, shipping.cents);
          expect(sum).toBe(priced.totalCents);
          expect(lines.reduce((total, line) => total + line.taxCents, shipping.taxCents)).toBe(
            priced.taxCents,
          );
        },
      ),
    );
  });
});

describe("return states", () => {
  it("end in refunded, exchanged, rejected or cancelled, and never go back", () => {
    expect(canMoveReturn("requested", "approved")).toBe(true);
    expect(canMoveReturn("requested", "cancelled")).toBe(true);
    expect(canMoveReturn("approved", "cancelled")).toBe(false);
    expect(canMoveReturn("received", "refunded")).toBe(true);
    expect(canMoveReturn("refunded", "received")).toBe(false);
    for (const end of ["refunded", "exchanged", "rejected", "cancelled"] as const) {
      for (const state of RETURN_STATES) expect(canMoveReturn(end, state)).toBe(false);
    }
  });
});
