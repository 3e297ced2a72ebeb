// A store that changed currency: the dashboard never adds euros to dollars (docs/CURRENCY.md).
import { beforeAll, describe, expect, it } from "vitest";
import { priceOrder } from "../../core/pricing";
import { insertTestOrder, registerTestCustomer } from "../../tests/setup/test-commerce";
import { setupTestServices } from "../../tests/setup/test-services";
import { getSalesDashboard } from "./get-sales-dashboard";

const t = setupTestServices({ STORE_CURRENCY: "EUR" });
/** Mid-April 2026: the 30 days go back to 17 March; the last quarter is Q1. */
const NOW = new Date("2026-04-15T10:00:00Z");
let customerId: string;

/** A paid order of one item to Germany at 19 % (prices including VAT), in `currency`. */
async function insertPaidOrder(currency: string, priceCents: number, paidAt: string) {
  const totals = priceOrder([{ priceCents, quantity: 1 }], null, {
    mode: "inclusive",
    country: "DE",
    rateBasisPoints: 1900,
  });
  return insertTestOrder(t.services.db, {
    userId: customerId,
    currency,
    subtotalCents: totals.subtotalCents,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
    taxCountry: "DE",
    taxRateBasisPoints: 1900,
    taxCents: totals.taxCents,
    shippingTaxCents: totals.shipping.taxCents,
    taxSummary: totals.taxSummary,
    paidAt: new Date(paidAt),
    createdAt: new Date(paidAt),
  });
}

const figures = (order: { totalCents: number; taxCents: number }) => ({
  revenueCents: order.totalCents,
  netRevenueCents: order.totalCents - order.taxCents,
  paidOrders: 1,
});

describe("the dashboard of a store that changed from dollars to euros", () => {
  let euros: Awaited<ReturnType<typeof insertPaidOrder>>;
  let dollars: Awaited<ReturnType<typeof insertPaidOrder>>;
  let dollarsInQ1: Awaited<ReturnType<typeof insertPaidOrder>>;
  let eurosInQ1: Awaited<ReturnType<typeof insertPaidOrder>>;

  beforeAll(async () => {
    customerId = (await registerTestCustomer(t.services)).id;
    dollarsInQ1 = await insertPaidOrder("USD", 5_000, "2026-02-10T12:00:00Z");
    eurosInQ1 = await insertPaidOrder("EUR", 12_000, "2026-03-20T12:00:00Z");
    dollars = await insertPaidOrder("USD", 7_000, "2026-04-14T09:00:00Z");
    euros = await insertPaidOrder("EUR", 11_900, "2026-04-15T08:00:00Z");
  });

  it("sums sales per currency: the store's at the top, the old one beside it", async () => {
    const dashboard = await getSalesDashboard({
      db: t.services.db,
      timeZone: "UTC",
      currency: t.services.config.currency,
      now: NOW,
    });
    expect(dashboard.currency).toBe("EUR");
    expect(dashboard.today).toEqual(figures(euros));
    expect(dashboard.last7Days).toEqual(figures(euros));
    expect(dashboard.last30Days).toEqual({
      revenueCents: euros.totalCents + eurosInQ1.totalCents,
      netRevenueCents: euros.totalCents - euros.taxCents + eurosInQ1.totalCents - eurosInQ1.taxCents,
      paidOrders: 2,
    });
    expect(dashboard.averageOrderCents).toBe(Math.round((euros.totalCents + eurosInQ1.totalCents) / 2));
    expect(dashboard.otherCurrencies).toEqual([
      {
        currency: "USD",
        today: { revenueCents: 0, netRevenueCents: 0, paidOrders: 0 },
        last7Days: figures(dollars),
        last30Days: figures(dollars),
      },
    ]);
    // the chart is the store's currency only
    const chartTotal = dashboard.daily.reduce((sum, day) => sum + day.revenueCents, 0);
    expect(chartTotal).toBe(euros.totalCents + eurosInQ1.totalCents);
    expect(dashboard.latestOrders.map((row) => [row.orderNumber, row.currency])).toEqual([
      [euros.orderNumber, "EUR"],
      [dollars.orderNumber, "USD"],
      [eurosInQ1.orderNumber, "EUR"],
      [dollarsInQ1.orderNumber, "USD"],
    ]);
  });

  it("sums the quarter's VAT per currency", async () => {
    const { vatLastQuarter } = await getSalesDashboard({
      db: t.services.db,
      timeZone: "UTC",
      currency: "EUR",
      now: NOW,
    });
    expect(vatLastQuarter).toMatchObject({
      currency: "EUR",
      lines: [{ country: "DE", rateBasisPoints: 1900, paidOrders: 1, vatCents: eurosInQ1.taxCents }],
      totals: { vatCents: eurosInQ1.taxCents, netSalesCents: eurosInQ1.totalCents - eurosInQ1.taxCents },
      otherCurrencies: [
        {
          currency: "USD",
          lines: [{ country: "DE", paidOrders: 1, vatCents: dollarsInQ1.taxCents }],
          totals: { vatCents: dollarsInQ1.taxCents },
        },
      ],
    });
  });
});
