import { describe, expect, it } from "vitest";
import { countryName, type OrderSummary } from "../../core/checkout";
import { SHIPPING_DAYS, SHIPPING_METHOD } from "../../core/delivery";
import { DEFAULT_LOCALE, DEFAULT_MONEY, formatMoney } from "../../core/money";
import { priceOrder } from "../../core/pricing";
import { DEMO_SELLER } from "../../core/seller";
import type { TaxMode } from "../../core/tax";
import { orderConfirmationEmail } from "./templates/order-confirmation";

const store = {
  storeName: "Nocturn",
  publicUrl: "https://shop.example.com",
  seller: DEMO_SELLER,
  shippingDays: SHIPPING_DAYS,
  locale: DEFAULT_LOCALE,
};
const usd = (cents: number) => formatMoney(cents, DEFAULT_MONEY);
const items = [
  { name: "Eclipse Hoodie", size: "M", priceCents: 8900, quantity: 1 },
  { name: "Night Tee", size: "L", priceCents: 2500, quantity: 2 },
];
const welcome10 = {
  discountType: "percentage" as const,
  percentBasisPoints: 1000,
  amountOffCents: null,
  minimumOrderCents: 0,
};

/** An order as prepareOrder saves it, priced by core/pricing; `mode` null: placed before VAT. */
function orderOf(mode: TaxMode | null, country = "DE", currency = "USD"): OrderSummary {
  const tax = mode && { mode, country, rateBasisPoints: country === "HU" ? 2700 : 1900 };
  const priced = priceOrder(items, welcome10, tax);
  return {
    orderId: "00000000-0000-4000-8000-000000000001",
    orderNumber: "NOC-10042",
    currency,
    status: "processing",
    paymentStatus: "paid",
    couponCode: "WELCOME10",
    shippingMethod: SHIPPING_METHOD,
    shippingAddress: "Nova Shopper\nTorstraße 101\n10119 Berlin\nGermany",
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    shippingCents: priced.shippingCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    lines: items.map((item, index) => ({
      productId: null,
      name: item.name,
      size: item.size,
      color: null,
      image: null,
      priceCents: item.priceCents,
      quantity: item.quantity,
      lineTotalCents: item.priceCents * item.quantity,
      discountCents: priced.lines[index]!.discountCents,
      netCents: priced.lines[index]!.netCents,
      taxCents: priced.lines[index]!.taxCents,
    })),
    tax: tax && {
      ...tax,
      countryName: countryName(country),
      shippingTaxCents: priced.shipping.taxCents,
      summary: priced.taxSummary,
    },
  };
}

const emailOf = (order: OrderSummary) => orderConfirmationEmail({ ...store, name: "Nova", order });

describe("order confirmation e-mail", () => {
  it("names the VAT included in the total after it, in both bodies", () => {
    const order = orderOf("inclusive", "HU");
    const email = emailOf(order);
    expect(order.taxCents).toBeGreaterThan(0);
    // inclusive: the VAT is part of what was paid, not added to it
    expect(order.totalCents).toBe(order.subtotalCents + order.shippingCents - order.discountCents);
    expect(email.text).toContain(
      `Total paid: ${usd(order.totalCents)}\nVAT 27% (Hungary) included: ${usd(order.taxCents)}\n`,
    );
    expect(email.html).toMatch(
      new RegExp(`Total paid<[^]*VAT 27% \\(Hungary\\) included</td><td[^>]*>\\${usd(order.taxCents)}<`),
    );
  });

  it("lists added VAT among the amounts the total sums", () => {
    const order = orderOf("exclusive");
    const email = emailOf(order);
    expect(order.totalCents).toBe(
      order.subtotalCents + order.shippingCents - order.discountCents + order.taxCents,
    );
    expect(email.text).toContain(
      `Discount (WELCOME10): -${usd(order.discountCents)}\nVAT 19% (Germany): ${usd(order.taxCents)}\nTotal paid: ${usd(order.totalCents)}\n`,
    );
    expect(email.html).toMatch(
      new RegExp(`VAT 19% \\(Germany\\)</td><td[^>]*>\\${usd(order.taxCents)}<[^]*Total paid<`),
    );
    expect(email.html).not.toContain("included");
  });

  it("has no VAT row for an order placed before the store charged VAT", () => {
    const email = emailOf(orderOf(null));
    // no "VAT 19% (Germany)" row; the footer's "VAT ID" is the seller's
    for (const body of [email.text, email.html]) expect(body.replace(/VAT ID \w+/g, "")).not.toContain("VAT");
    expect(email.text).toContain(`Total paid: ${usd(orderOf(null).totalCents)}`);
  });

  it("writes every amount in the order's currency and the store's locale", () => {
    const order = orderOf("inclusive", "DE", "EUR");
    const email = orderConfirmationEmail({ ...store, locale: "de-DE", name: "Nova", order });
    const eur = (cents: number) => formatMoney(cents, { currency: "EUR", locale: "de-DE" });
    expect(eur(order.totalCents)).toMatch(/^[\d.]+,\d\d\u00a0€$/);
    expect(email.text).toContain(`Total paid: ${eur(order.totalCents)}\n`);
    expect(email.text).toContain(`Eclipse Hoodie (M) × 1: ${eur(8900)}\n`);
    expect(email.html).toContain(eur(order.totalCents));
    for (const body of [email.text, email.html, email.subject]) expect(body).not.toContain("$");
  });

  it("points to the withdrawal instructions and the withdrawal function, and names the seller", () => {
    const email = emailOf(orderOf("inclusive"));
    expect(email.text).toContain(
      "Withdrawal instructions: https://shop.example.com/legal/withdrawal\n\nWithdraw from contract here: https://shop.example.com/withdraw",
    );
    expect(email.text).toContain(
      "You may withdraw from this purchase within 14 days of receiving your parcel",
    );
    expect(email.html).toContain('href="https://shop.example.com/legal/withdrawal"');
    expect(email.html).toContain('href="https://shop.example.com/withdraw"');
    for (const body of [email.text, email.html]) {
      expect(body).toContain("Nocturn Apparel GmbH, 123 Night Street, 10115 Berlin, Germany");
      expect(body).toContain("VAT ID DE123456789");
    }
  });
});
