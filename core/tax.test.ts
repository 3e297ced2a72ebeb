import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CouponTerms } from "./coupon";
import { SHIPPING_CENTS } from "./delivery";
import { DEFAULT_MONEY } from "./money";
import { priceOrder } from "./pricing";
import { cartLines, coupons } from "./pricing.arbitraries";
import {
  type AppliedTax,
  allocateProportionally,
  cartVatRow,
  formatRate,
  mulDivHalfUp,
  parseRate,
  refundTaxCents,
  type TaxMode,
  taxAmount,
  vatLabel,
  vatRowLabel,
} from "./tax";

/** The EU's standard rates and a few odd ones (0 %, a reduced 5.5 %, 25.5 %). */
const rates = fc.oneof(
  fc.constantFrom(1700, 1800, 1900, 2000, 2100, 2200, 2300, 2400, 2500, 2550, 2700, 0, 550),
  fc.integer({ min: 0, max: 10_000 }),
);
const countries = fc.constantFrom("DE", "HU", "FI", "LU", "FR");
const modes = fc.constantFrom<TaxMode>("inclusive", "exclusive");
const taxes: fc.Arbitrary<AppliedTax> = fc.record({
  mode: modes,
  country: countries,
  rateBasisPoints: rates,
});

describe("allocateProportionally", () => {
  it("gives whole cents that add up to the total, each within a cent of its exact share", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (weights, wanted) => {
          const sum = weights.reduce((acc, weight) => acc + weight, 0);
          const total = Math.min(wanted, sum);
          const shares = allocateProportionally(total, weights);
          expect(shares.reduce((acc, share) => acc + share, 0)).toBe(sum === 0 ? 0 : total);
          shares.forEach((share, index) => {
            expect(Number.isSafeInteger(share)).toBe(true);
            if (sum === 0) return;
            const exact = (total * (weights[index] ?? 0)) / sum;
            expect(Math.abs(share - exact)).toBeLessThan(1);
            expect(share).toBeLessThanOrEqual(weights[index] ?? 0);
          });
        },
      ),
    );
  });

  it("gives the leftover cents to the largest remainders, ties to the earlier line", () => {
    expect(allocateProportionally(1000, [17_800, 3_500])).toEqual([836, 164]);
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(0, [5, 5])).toEqual([0, 0]);
  });
});

describe("taxAmount", () => {
  it("rounds half-up to the cent", () => {
    // 1050 x 19 % = 199.5 → 200
    expect(taxAmount(1050, 1900, "exclusive")).toEqual({ netCents: 1050, taxCents: 200, grossCents: 1250 });
    // 999 x 19 / 119 = 159.504 → 160
    expect(taxAmount(999, 1900, "inclusive")).toEqual({ netCents: 839, taxCents: 160, grossCents: 999 });
    expect(mulDivHalfUp(5, 1, 10)).toBe(1);
    expect(mulDivHalfUp(4, 1, 10)).toBe(0);
  });

  it("net + tax = gross, and the VAT is the rate of the net within half a cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), rates, modes, (amount, rate, mode) => {
        const taxed = taxAmount(amount, rate, mode);
        expect(taxed.netCents + taxed.taxCents).toBe(taxed.grossCents);
        expect(mode === "inclusive" ? taxed.grossCents : taxed.netCents).toBe(amount);
        const exact = mode === "inclusive" ? (amount * rate) / (10_000 + rate) : (amount * rate) / 10_000;
        expect(Math.abs(taxed.taxCents - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe("priceOrder with VAT", () => {
  it("spreads the discount over the lines exactly; net + tax = gross per line and for the order", () => {
    fc.assert(
      fc.property(cartLines, coupons, taxes, (cart, coupon, tax) => {
        const order = priceOrder(cart, coupon, tax);
        expect(order.lines.reduce((sum, line) => sum + line.discountCents, 0)).toBe(order.discountCents);
        for (const line of order.lines) {
          expect(line.netCents + line.taxCents).toBe(line.totalCents);
          expect(line.discountCents).toBeLessThanOrEqual(line.amountCents);
          expect(line.rateBasisPoints).toBe(tax.rateBasisPoints);
        }
        expect(order.shipping.netCents + order.shipping.taxCents).toBe(order.shipping.totalCents);
        // no rounding residue: the order is exactly the sum of its parts, and so is its summary
        const lineTax = order.lines.reduce((sum, line) => sum + line.taxCents, 0);
        const lineNet = order.lines.reduce((sum, line) => sum + line.netCents, 0);
        expect(order.taxCents).toBe(lineTax + order.shipping.taxCents);
        expect(lineNet + order.shipping.netCents + order.taxCents).toBe(order.totalCents);
        const summary = order.taxSummary;
        expect(summary.reduce((sum, entry) => sum + entry.taxCents, 0)).toBe(order.taxCents);
        expect(summary.reduce((sum, entry) => sum + entry.baseCents + entry.taxCents, 0)).toBe(
          order.totalCents,
        );
        const beforeTax = order.subtotalCents - order.discountCents + SHIPPING_CENTS;
        expect(order.totalCents).toBe(tax.mode === "inclusive" ? beforeTax : beforeTax + order.taxCents);
      }),
    );
  });

  it("never changes the total with the country in inclusive mode", () => {
    fc.assert(
      fc.property(cartLines, coupons, rates, rates, (cart, coupon, rateA, rateB) => {
        const inGermany = priceOrder(cart, coupon, {
          mode: "inclusive",
          country: "DE",
          rateBasisPoints: rateA,
        });
        const inHungary = priceOrder(cart, coupon, {
          mode: "inclusive",
          country: "HU",
          rateBasisPoints: rateB,
        });
        expect(inHungary.totalCents).toBe(inGermany.totalCents);
        expect(inHungary.totalCents).toBe(priceOrder(cart, coupon).totalCents);
      }),
    );
  });

  it("is 0 VAT and no summary while the destination is unknown", () => {
    const order = priceOrder([{ priceCents: 8_900, quantity: 2 }], null);
    expect(order.taxCents).toBe(0);
    expect(order.tax).toBeNull();
    expect(order.taxSummary).toEqual([]);
    expect(order.totalCents).toBe(17_800 + SHIPPING_CENTS);
  });

  it("prices the worked example of docs/TAX.md", () => {
    const cart = [
      { priceCents: 8_900, quantity: 2 },
      { priceCents: 3_500, quantity: 1 },
    ];
    const tenOff: CouponTerms = {
      discountType: "fixed",
      percentBasisPoints: null,
      amountOffCents: 1_000,
      minimumOrderCents: 0,
    };
    const germany = priceOrder(cart, tenOff, { mode: "inclusive", country: "DE", rateBasisPoints: 1900 });
    expect(germany.lines).toEqual([
      {
        amountCents: 17_800,
        discountCents: 836,
        netCents: 14_255,
        taxCents: 2_709,
        totalCents: 16_964,
        rateBasisPoints: 1900,
      },
      {
        amountCents: 3_500,
        discountCents: 164,
        netCents: 2_803,
        taxCents: 533,
        totalCents: 3_336,
        rateBasisPoints: 1900,
      },
    ]);
    expect(germany.shipping).toEqual({ netCents: 839, taxCents: 160, totalCents: 999 });
    expect(germany.taxCents).toBe(3_402);
    expect(germany.totalCents).toBe(21_299);
    expect(germany.taxSummary).toEqual([{ rateBasisPoints: 1900, baseCents: 17_897, taxCents: 3_402 }]);

    const hungary = priceOrder(cart, tenOff, { mode: "inclusive", country: "HU", rateBasisPoints: 2700 });
    expect(hungary.lines.map((line) => line.taxCents)).toEqual([3_607, 709]);
    expect(hungary.shipping.taxCents).toBe(212);
    expect(hungary.taxCents).toBe(4_528);
    expect(hungary.totalCents).toBe(21_299);

    const exclusive = priceOrder(cart, tenOff, { mode: "exclusive", country: "DE", rateBasisPoints: 1900 });
    expect(exclusive.lines.map((line) => line.taxCents)).toEqual([3_223, 634]);
    expect(exclusive.shipping.taxCents).toBe(190);
    expect(exclusive.totalCents).toBe(21_299 + 3_223 + 634 + 190);
  });
});

describe("rates", () => {
  it("formats and parses rates as people write them", () => {
    expect(formatRate(1900)).toBe("19%");
    expect(formatRate(2550)).toBe("25.5%");
    expect(formatRate(825)).toBe("8.25%");
    expect(vatLabel(2700, "Hungary")).toBe("VAT 27% (Hungary)");
    const germany = { rateBasisPoints: 1900, countryName: "Germany" };
    expect(vatRowLabel({ ...germany, mode: "inclusive" })).toBe("VAT 19% (Germany) included");
    expect(vatRowLabel({ ...germany, mode: "exclusive" })).toBe("VAT 19% (Germany)");
    expect(parseRate("25.5")).toBe(2550);
    expect(parseRate(" 19 % ")).toBe(1900);
    expect(parseRate("0")).toBe(0);
    expect(parseRate("100")).toBe(10_000);
    for (const bad of ["", "-1", "101", "19.555", "abc", "1e2"]) expect(parseRate(bad)).toBeNull();
  });

  it("words the cart's VAT row the same way before and after the destination is known", () => {
    const unknownNote = "The amount follows the delivery country, at checkout.";
    expect(cartVatRow("inclusive", null, DEFAULT_MONEY)).toEqual({
      label: "VAT",
      value: "Included",
      note: unknownNote,
    });
    expect(cartVatRow("exclusive", null, DEFAULT_MONEY)).toEqual({
      label: "VAT",
      value: "Added at checkout",
      note: unknownNote,
    });
    const netherlands = { rateBasisPoints: 2100, countryName: "Netherlands", taxCents: 1_234 };
    const knownNote = "For your saved address; at checkout it follows the delivery country.";
    expect(cartVatRow("inclusive", netherlands, DEFAULT_MONEY)).toEqual({
      label: "VAT 21% (Netherlands)",
      value: "$12.34 included",
      note: knownNote,
    });
    expect(cartVatRow("exclusive", netherlands, DEFAULT_MONEY)).toEqual({
      label: "VAT 21% (Netherlands)",
      value: "$12.34",
      note: knownNote,
    });
    expect(cartVatRow("inclusive", netherlands, { currency: "EUR", locale: "nl-NL" }).value).toBe(
      "€\u00a012,34 included",
    );
  });

  it("refunds VAT in proportion, and all of it with the whole amount", () => {
    expect(refundTaxCents({ totalCents: 21_299, taxCents: 3_402 }, 21_299)).toBe(3_402);
    expect(refundTaxCents({ totalCents: 21_299, taxCents: 3_402 }, 3_336)).toBe(533);
    expect(refundTaxCents({ totalCents: 0, taxCents: 0 }, 0)).toBe(0);
  });
});
