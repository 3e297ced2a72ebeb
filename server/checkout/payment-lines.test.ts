import { describe, expect, it } from "vitest";
import { SHIPPING_METHOD } from "../../core/delivery";
import { DEFAULT_MONEY } from "../../core/money";
import { priceOrder } from "../../core/pricing";
import { paymentLines } from "./payment-lines";

const hoodie = { productName: "Hoodie", size: "M", productImage: "img-1", priceCents: 8_900, quantity: 3 };
const cap = { productName: "Cap", size: "One Size", productImage: null, priceCents: 2_500, quantity: 2 };
const imageUrl = (imageId: string) => `https://cdn.nocturn.test/${imageId}.webp`;

/** An order of these lines as the shipping step saves it, with a coupon of `percent` and VAT. */
function savedOrder(items: (typeof hoodie | typeof cap)[], percent: number, mode: "inclusive" | "exclusive") {
  const coupon = {
    discountType: "percentage" as const,
    percentBasisPoints: percent * 100,
    amountOffCents: null,
    minimumOrderCents: 0,
  };
  const priced = priceOrder(items, coupon, { mode, country: "DE", rateBasisPoints: 1900 });
  return {
    order: {
      couponCode: "NIGHT10",
      discountCents: priced.discountCents,
      shippingMethod: SHIPPING_METHOD,
      shippingCents: priced.shippingCents,
      shippingTaxCents: priced.shipping.taxCents,
      taxCents: priced.taxCents,
      taxCountry: "DE",
      taxRateBasisPoints: 1900,
      pricesIncludeTax: mode === "inclusive",
      taxSummary: priced.taxSummary,
    },
    items: items.map((item, index) => ({
      ...item,
      discountCents: priced.lines[index]!.discountCents,
      taxCents: priced.lines[index]!.taxCents,
    })),
    priced,
  };
}

describe("the lines a payment page charges", () => {
  it("keeps the quantity when the line's share of the coupon splits evenly over its units", () => {
    const { order, items, priced } = savedOrder([hoodie, cap], 10, "inclusive");
    // 10 % of 267.00 + 50.00: 26.70 and 5.00, 8.90 and 2.50 a unit
    expect(priced.lines.map((line) => line.discountCents)).toEqual([2_670, 500]);

    const { lineItems } = paymentLines({ order, items, imageUrl, money: DEFAULT_MONEY });

    expect(lineItems).toEqual([
      {
        name: "Hoodie (M)",
        unitAmountCents: 8_010,
        quantity: 3,
        description: "Coupon NIGHT10: −$26.70",
        imageUrl: "https://cdn.nocturn.test/img-1.webp",
        taxCents: priced.lines[0]!.taxCents,
      },
      {
        name: "Cap",
        unitAmountCents: 2_250,
        quantity: 2,
        description: "Coupon NIGHT10: −$5.00",
        imageUrl: undefined,
        taxCents: priced.lines[1]!.taxCents,
      },
    ]);
  });

  it("sends a line whose share does not split evenly as one unit of its whole amount", () => {
    const { order, items, priced } = savedOrder([hoodie, cap], 12.5, "exclusive");
    // 12.5 % of 317.00 is 39.63: 33.38 for 3 hoodies and 6.25 for 2 caps, neither in whole cents a unit
    expect(priced.lines.map((line) => line.discountCents)).toEqual([3_338, 625]);

    const { lineItems, shipping, tax } = paymentLines({ order, items, imageUrl, money: DEFAULT_MONEY });

    expect(lineItems).toEqual([
      expect.objectContaining({
        name: "Hoodie (M) × 3",
        unitAmountCents: 26_700 - 3_338,
        quantity: 1,
        description: "Coupon NIGHT10: −$33.38",
        taxCents: 4_439,
      }),
      expect.objectContaining({ name: "Cap × 2", unitAmountCents: 5_000 - 625, quantity: 1, taxCents: 831 }),
    ]);
    expect(shipping).toEqual({
      label: "Shipping: Complementary Priority",
      description: "2-4 business days",
      amountCents: 999,
      taxCents: 190,
    });
    expect(tax).toEqual({
      behavior: "exclusive",
      country: "DE",
      countryName: "Germany",
      rateBasisPoints: 1900,
      amountCents: priced.taxCents,
    });
    const charged = lineItems.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 999);
    expect(charged + priced.taxCents).toBe(priced.totalCents);
  });

  it("spreads the discount of an order placed before VAT, whose lines kept no share, and sends no VAT", () => {
    const { order, items } = savedOrder([hoodie, cap], 10, "inclusive");
    const legacy = { ...order, taxCountry: null, taxRateBasisPoints: null, taxCents: 0, shippingTaxCents: 0 };
    const beforeVat = items.map((item) => ({ ...item, discountCents: 0, taxCents: 0 }));

    const { lineItems, shipping, tax } = paymentLines({
      order: legacy,
      items: beforeVat,
      imageUrl,
      money: DEFAULT_MONEY,
    });

    expect(tax).toBeNull();
    expect(shipping.taxCents).toBe(0);
    expect(lineItems.map((line) => [line.unitAmountCents, line.quantity, line.taxCents])).toEqual([
      [8_010, 3, 0],
      [2_250, 2, 0],
    ]);
  });
});
