import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "../../app/routes/admin/dashboard/admin-dashboard";
import { priceOrder } from "../../core/pricing";
import { callRoute, dataOf, getRequest } from "../../tests/setup/route-call";
import { insertTestOrder, registerTestCustomer, signUpTestAdmin } from "../../tests/setup/test-commerce";
import { setupTestServices } from "../../tests/setup/test-services";
import { order, refund } from "../db/schema";
import { getSalesDashboard, type SalesDashboard } from "./get-sales-dashboard";
import { previousQuarter, sumVatCollected } from "./sum-vat-collected";

// the store keeps Berlin time: its quarters begin at midnight there, an hour or two before UTC's
const t = setupTestServices({ STORE_TIME_ZONE: "Europe/Berlin" });
const ZONE = "Europe/Berlin";
/** Mid-April 2026: the last quarter is Q1, 2025-12-31T23:00Z to 2026-03-31T22:00Z. */
const NOW = new Date("2026-04-15T10:00:00Z");
let adminCookie: string;
let customerId: string;

/** A paid order of one $X item to `country`, prices including VAT, priced as the checkout does. */
async function insertPaidOrder(country: string, rateBasisPoints: number, priceCents: number, paidAt: string) {
  const totals = priceOrder([{ priceCents, quantity: 1 }], null, {
    mode: "inclusive",
    country,
    rateBasisPoints,
  });
  return insertTestOrder(t.services.db, {
    userId: customerId,
    shippingCents: totals.shippingCents,
    shippingAddress: "Nova Shopper\nTorstraße 101\n10119 Berlin\nGermany",
    subtotalCents: totals.subtotalCents,
    totalCents: totals.totalCents,
    taxCountry: country,
    taxRateBasisPoints: rateBasisPoints,
    taxCents: totals.taxCents,
    shippingTaxCents: totals.shipping.taxCents,
    taxSummary: totals.taxSummary,
    paidAt: new Date(paidAt),
    createdAt: new Date(paidAt),
  });
}

async function insertRefund(orderId: string, amountCents: number, taxCents: number, at: string) {
  await t.services.db.insert(refund).values({
    orderId,
    amountCents,
    taxCents,
    reason: "Order cancelled by an admin",
    providerRefundId: `re_${randomUUID()}`,
    idempotencyKey: `test-refund:${randomUUID()}`,
    createdAt: new Date(at),
  });
}

beforeAll(async () => {
  adminCookie = (await signUpTestAdmin(t.services)).cookie;
  customerId = (await registerTestCustomer(t.services)).id;

  // $119.00 + $9.99 shipping to Germany: $20.60 VAT, $108.39 net
  // 00:30 on 1 January in Berlin, still 2025 in UTC: inside the quarter
  await insertPaidOrder("DE", 1900, 11_900, "2025-12-31T23:30:00Z");
  // $59.50 + $9.99: $11.10 VAT; paid, then refunded in full within the quarter
  const refunded = await insertPaidOrder("DE", 1900, 5950, "2026-02-10T12:00:00Z");
  await insertRefund(refunded.id, 6949, 1110, "2026-03-05T12:00:00Z");
  await t.services.db.update(order).set({ paymentStatus: "refunded" }).where(eq(order.id, refunded.id));
  // 23:59 on 31 December in Berlin: the quarter before; its partial refund in January counts now
  const december = await insertPaidOrder("DE", 1900, 11_900, "2025-12-31T22:59:00Z");
  await insertRefund(december.id, 1000, 160, "2026-01-15T12:00:00Z");
  // Germany at another rate for part of the quarter: a line of its own
  await insertPaidOrder("DE", 2000, 12_000, "2026-03-01T12:00:00Z");
  // $120.00 + $9.99 to France: $21.67 VAT, $108.32 net; 23:59 on 31 March in Berlin: inside
  const france = await insertPaidOrder("FR", 2000, 12_000, "2026-03-31T21:59:00Z");
  // its refund on 2 April belongs to the next quarter
  await insertRefund(france.id, 5000, 834, "2026-04-02T09:00:00Z");
  // 00:00 on 1 April in Berlin: the next quarter
  await insertPaidOrder("FR", 2000, 12_000, "2026-03-31T22:00:00Z");
  // placed before VAT: no country, not in the return
  await insertTestOrder(t.services.db, {
    userId: customerId,
    status: "delivered",
    shippingAddress: "Nova Shopper\nBerlin",
    subtotalCents: 5000,
    paidAt: new Date("2026-02-01T12:00:00Z"),
  });
});

describe("the last quarter", () => {
  it.each([
    ["2026-04-15T10:00:00Z", ZONE, { label: "Q1 2026", firstDay: "2026-01-01", lastDay: "2026-03-31" }],
    ["2026-01-10T10:00:00Z", ZONE, { label: "Q4 2025", firstDay: "2025-10-01", lastDay: "2025-12-31" }],
    ["2026-08-01T10:00:00Z", ZONE, { label: "Q2 2026", firstDay: "2026-04-01", lastDay: "2026-06-30" }],
    // 00:30 on 1 April in Berlin is still March in UTC
    ["2026-03-31T22:30:00Z", ZONE, { label: "Q1 2026", firstDay: "2026-01-01", lastDay: "2026-03-31" }],
    ["2026-03-31T22:30:00Z", "UTC", { label: "Q4 2025", firstDay: "2025-10-01", lastDay: "2025-12-31" }],
  ])("at %s in %s is %o", (now, zone, expected) => {
    expect(previousQuarter(new Date(now), zone)).toMatchObject({ ...expected, timeZone: zone });
  });
});

describe("VAT collected last quarter", () => {
  it("is the paid orders' VAT less the VAT refunded in the quarter, per country and rate, with the net sales", async () => {
    const collected = await sumVatCollected({ db: t.services.db, timeZone: ZONE, currency: "USD", now: NOW });
    expect(collected.quarter).toEqual({
      label: "Q1 2026",
      firstDay: "2026-01-01",
      lastDay: "2026-03-31",
      endDay: "2026-04-01",
      timeZone: ZONE,
    });
    // one $120.00 order at 20 % in each country
    const oneOrderAt20 = {
      rateBasisPoints: 2000,
      paidOrders: 1,
      refunds: 0,
      netSalesCents: 10_832,
      vatCents: 2167,
    };
    expect(collected.lines).toEqual([
      { country: "FR", countryName: "France", ...oneOrderAt20 },
      { country: "DE", countryName: "Germany", ...oneOrderAt20 },
      {
        // 20.60 + 11.10 − 11.10 − 1.60 VAT; 108.39 + 58.39 − 58.39 − 8.40 net
        country: "DE",
        countryName: "Germany",
        rateBasisPoints: 1900,
        paidOrders: 2,
        refunds: 2,
        netSalesCents: 9999,
        vatCents: 1900,
      },
    ]);
    expect(collected.totals).toEqual({ netSalesCents: 10_832 + 10_832 + 9999, vatCents: 2167 + 2167 + 1900 });
  });

  it("follows the store's time zone: in UTC the orders either side of the boundary change quarter", async () => {
    const collected = await sumVatCollected({
      db: t.services.db,
      timeZone: "UTC",
      currency: "USD",
      now: NOW,
    });
    const line = (country: string, rate: number) =>
      collected.lines.find((entry) => entry.country === country && entry.rateBasisPoints === rate);
    // 00:30 on 1 January Berlin is 31 December UTC (out); 23:59 on 31 December Berlin is in Q4 too
    expect(line("DE", 1900)).toMatchObject({ paidOrders: 1, refunds: 2, vatCents: 1110 - 1110 - 160 });
    // 00:00 on 1 April Berlin is still 31 March in UTC (in)
    expect(line("FR", 2000)).toMatchObject({ paidOrders: 2, vatCents: 2167 * 2 });
  });

  it("is empty for a quarter without sales", async () => {
    const collected = await sumVatCollected({
      db: t.services.db,
      timeZone: ZONE,
      currency: "USD",
      now: new Date("2025-06-01T00:00:00Z"),
    });
    expect(collected).toMatchObject({ lines: [], totals: { netSalesCents: 0, vatCents: 0 } });
  });
});

describe("the dashboard", () => {
  it("puts the revenue without VAT beside the revenue", async () => {
    const dashboard = await getSalesDashboard({
      db: t.services.db,
      timeZone: ZONE,
      currency: "USD",
      now: NOW,
    });
    // the last 30 days (from 17 March UTC): the French orders of 31 March, less the $50.00 given
    // back for one of them ($8.34 of it VAT)
    expect(dashboard.last30Days).toEqual({
      revenueCents: 12_999 * 2 - 5000,
      netRevenueCents: 10_832 * 2 - (5000 - 834),
      paidOrders: 2,
    });
  });

  it("gets the quarter in the store's configured time zone from the loader", async () => {
    const { data } = dataOf<{ dashboard: SalesDashboard }>(
      await callRoute(dashboardLoader, getRequest("/admin/dashboard", adminCookie), { services: t.services }),
    );
    expect(data.dashboard.vatLastQuarter.quarter).toEqual(previousQuarter(new Date(), ZONE));
  });
});
