// Prices without VAT (PRICES_INCLUDE_TAX=false): the shipping country's VAT is added on top, and
// both payment pages charge exactly the order's total and report exactly its VAT, through the real
// shipping step, Pay, the provider's page and settlement.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as testCheckoutLoader } from "../../app/routes/checkout/test-checkout";
import { callRoute, settle } from "../../tests/setup/route-call";
import { setupStripeServices } from "../../tests/setup/stripe-services";
import {
  insertTestCoupon,
  insertTestProduct,
  orderRow,
  signUpTestUser,
} from "../../tests/setup/test-commerce";
import { placePaidOrder } from "../../tests/setup/test-orders";
import { setupTestServices, type TestServices } from "../../tests/setup/test-services";
import { receipt } from "../db/schema";
import type { TestCheckoutContents } from "../payments/test-provider";

/** A lamp and three candles to Berlin with 12.5 % off, on the store's services. */
async function lampAndCandles(services: TestServices["services"], pay?: (sessionId: string) => unknown) {
  const shopper = await signUpTestUser(services);
  const lamp = await insertTestProduct(services.db, { name: "Obsidian Desk Lamp", priceCents: 12_900 });
  const candles = await insertTestProduct(services.db, { name: "Midnight Candle Set", priceCents: 2_450 });
  const coupon = await insertTestCoupon(services.db, { percentBasisPoints: 1_250 });
  const placed = await placePaidOrder(
    services,
    shopper,
    [
      { variantId: lamp.variant.id, quantity: 1 },
      { variantId: candles.variant.id, quantity: 3 },
    ],
    { couponCode: coupon.code, pay },
  );
  return { ...placed, coupon, order: await orderRow(services.db, placed.orderId) };
}

/** 202.50 less 12.5 % (25.31, spread as 16.12 and 9.19), shipping 9.99, and 19 % VAT on each part. */
const BERLIN_ORDER = {
  pricesIncludeTax: false,
  taxCountry: "DE",
  taxRateBasisPoints: 1900,
  subtotalCents: 20_250,
  discountCents: 2_531,
  shippingCents: 999,
  // 21.45 on the lamp's 112.88, 12.22 on the candles' 64.31, 1.90 on shipping
  taxCents: 2_145 + 1_222 + 190,
  shippingTaxCents: 190,
  totalCents: 20_250 - 2_531 + 999 + 3_557,
};

async function receiptOf(services: TestServices["services"], orderId: string) {
  const [row] = await services.db.select().from(receipt).where(eq(receipt.orderId, orderId));
  return row;
}

describe("exclusive VAT on the test checkout", () => {
  const t = setupTestServices({ PRICES_INCLUDE_TAX: "false" });

  it("adds the VAT on top, shows it on the payment page and charges the order's total", async () => {
    const placed = await lampAndCandles(t.services);

    expect(placed.order).toMatchObject({ ...BERLIN_ORDER, paymentStatus: "paid", attentionReason: null });
    const page = settle<{ amountCents: number; items: TestCheckoutContents }>(
      await callRoute(testCheckoutLoader, new Request(placed.url), {
        services: t.services,
        params: { session: placed.sessionId },
      }),
    );
    expect(page.data.amountCents).toBe(BERLIN_ORDER.totalCents);
    expect(page.data.items).toEqual({
      lines: [
        expect.objectContaining({
          name: "Obsidian Desk Lamp",
          unitAmountCents: 11_288,
          quantity: 1,
          description: `Coupon ${placed.coupon.code}: −$16.12`,
          taxCents: 2_145,
        }),
        expect.objectContaining({
          name: "Midnight Candle Set × 3",
          unitAmountCents: 6_431,
          quantity: 1,
          description: `Coupon ${placed.coupon.code}: −$9.19`,
          taxCents: 1_222,
        }),
      ],
      shipping: {
        label: "Shipping: Complementary Priority",
        description: "2-4 business days",
        amountCents: 999,
        taxCents: 190,
      },
      tax: {
        behavior: "exclusive",
        country: "DE",
        countryName: "Germany",
        rateBasisPoints: 1900,
        amountCents: BERLIN_ORDER.taxCents,
      },
    });
    expect(await receiptOf(t.services, placed.orderId)).toMatchObject({
      amountCents: BERLIN_ORDER.totalCents,
      taxCents: BERLIN_ORDER.taxCents,
    });
  });

  it("charges the destination's rate: 25.5 % to Helsinki", async () => {
    const shopper = await signUpTestUser(t.services);
    const blanket = await insertTestProduct(t.services.db, { name: "Velvet Throw", priceCents: 3_333 });
    const placed = await placePaidOrder(
      t.services,
      shopper,
      [{ variantId: blanket.variant.id, quantity: 3 }],
      {
        shipping: { country: "FI", city: "Helsinki", zipCode: "00100", state: "" },
      },
    );

    const order = await orderRow(t.services.db, placed.orderId);
    // 99.99 x 25.5 % = 25.497... and 9.99 x 25.5 % = 2.547..., half up
    expect(order).toMatchObject({ taxCountry: "FI", taxRateBasisPoints: 2550, taxCents: 2_550 + 255 });
    expect(order.totalCents).toBe(9_999 + 999 + 2_805);
    expect(await receiptOf(t.services, placed.orderId)).toMatchObject({
      amountCents: order.totalCents,
      taxCents: order.taxCents,
    });
  });
});

describe("exclusive VAT on Stripe", () => {
  const { stripe, t } = setupStripeServices({ PRICES_INCLUDE_TAX: "false" });

  it("sends exclusive prices with an exclusive Tax Rate; Stripe's total and VAT are the order's", async () => {
    const placed = await lampAndCandles(t.services, (sessionId) => stripe.completeSession(sessionId));

    expect(placed.order).toMatchObject({ ...BERLIN_ORDER, paymentStatus: "paid", attentionReason: null });
    const session = stripe.sessions.get(placed.sessionId)!;
    expect(session).toMatchObject({
      amount_subtotal: 11_288 + 6_431 + 999,
      amount_total: BERLIN_ORDER.totalCents,
      total_details: { amount_tax: BERLIN_ORDER.taxCents },
    });
    const [rate] = [...stripe.taxRates.values()];
    expect(rate).toMatchObject({ percentage: 19, inclusive: false, country: "DE", jurisdiction: "Germany" });
    const created = stripe.requests.find(
      (request) =>
        request.path === "/v1/checkout/sessions" && request.body.client_reference_id === placed.orderId,
    );
    for (const line of created?.body.line_items as Record<string, unknown>[]) {
      expect(line).toMatchObject({ price_data: { tax_behavior: "exclusive" }, tax_rates: [rate!.id] });
    }
    expect(await receiptOf(t.services, placed.orderId)).toMatchObject({
      amountCents: BERLIN_ORDER.totalCents,
      taxCents: BERLIN_ORDER.taxCents,
    });
  });
});
