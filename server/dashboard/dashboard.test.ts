import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "../../app/routes/admin/dashboard/admin-dashboard";
import { callRoute, dataOf, getRequest, locationOf } from "../../tests/setup/route-call";
import {
  freshEmail,
  insertTestOrder,
  registerTestCustomer,
  signUpTestAdmin,
} from "../../tests/setup/test-commerce";
import { createTestDatabase } from "../../tests/setup/test-database";
import { setupTestServices } from "../../tests/setup/test-services";
import { type Database, openDatabase } from "../db/client";
import { order, product, refund } from "../db/schema";
import { DASHBOARD_DAYS, getSalesDashboard, type SalesDashboard } from "./get-sales-dashboard";

const t = setupTestServices();
let adminCookie: string;
let adminId: string;
let customer: { id: string; email: string; cookie: string };
let otherCustomer: { id: string; email: string; cookie: string };

// --- helpers -------------------------------------------------------------------------------------

const getDashboardPage = (cookie?: string) =>
  callRoute(dashboardLoader, getRequest("/admin/dashboard", cookie), { services: t.services });

/** The moment the dashboard is computed for in these tests: 14:30 UTC on Sunday 15 March 2026. */
const NOW = new Date("2026-03-15T14:30:00.000Z");
const at = (iso: string) => new Date(iso);

interface OrderSeed {
  userId: string;
  /** The order total is this subtotal plus 999 cents shipping. */
  subtotalCents: number;
  status: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
  paymentStatus: "pending" | "paid" | "failed" | "cancelled" | "partially_refunded" | "refunded";
  paidAt: Date | null;
  createdAt: Date;
  attentionReason?: string;
  /** When the customer reached the payment page; default: paid orders when paid, others never. */
  paymentStartedAt?: Date;
}

async function insertOrder(seed: OrderSeed) {
  return insertTestOrder(t.services.db, {
    userId: seed.userId,
    status: seed.status,
    paymentStatus: seed.paymentStatus,
    shippingAddress: "Alice Night\nTorstraße 1\nBerlin, BE 10115\nDE",
    subtotalCents: seed.subtotalCents,
    paidAt: seed.paidAt,
    paymentStartedAt: seed.paymentStartedAt ?? seed.paidAt,
    attentionReason: seed.attentionReason ?? null,
    createdAt: seed.createdAt,
    updatedAt: seed.createdAt,
  });
}

/** A paid order created five minutes before its payment. */
const paid = (
  userId: string,
  subtotalCents: number,
  paidAt: string,
  status: OrderSeed["status"] = "processing",
): OrderSeed => ({
  userId,
  subtotalCents,
  status,
  paymentStatus: "paid",
  paidAt: at(paidAt),
  createdAt: new Date(at(paidAt).getTime() - 5 * 60_000),
});

/**
 * Runs `use` on a connection whose session time zone is `zone`: PGlite's single session is
 * switched and switched back; on PostgreSQL a second pool opens this file's database with it.
 */
async function withSessionTimeZone<T>(zone: string, use: (db: Database) => Promise<T>): Promise<T> {
  const { db } = t.services;
  if (t.handle.driver === "pglite") {
    const [previous] = (
      (await db.execute(sql`select current_setting('TimeZone') as zone`)) as unknown as {
        rows: { zone: string }[];
      }
    ).rows;
    await db.execute(sql.raw(`set time zone '${zone}'`));
    try {
      return await use(db);
    } finally {
      await db.execute(sql.raw(`set time zone '${previous!.zone}'`));
    }
  }
  const [current] = (
    (await db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${current!.name}`;
  url.searchParams.set("options", `-c TimeZone=${zone}`);
  const other = await openDatabase({ url: url.href });
  try {
    const [setting] = (
      (await other.db.execute(sql`select current_setting('TimeZone') as zone`)) as unknown as {
        rows: { zone: string }[];
      }
    ).rows;
    expect(setting!.zone).toBe(zone);
    return await use(other.db);
  } finally {
    await other.close();
  }
}

/** The dashboard as the store in UTC sees it at `now`. */
const dashboardAt = (now: Date, db: Database = t.services.db) =>
  getSalesDashboard({ db, timeZone: "UTC", currency: "USD", now });

/** A period's figures; these orders carry no VAT, so the net revenue is the revenue. */
const sales = (revenueCents: number, paidOrders: number) => ({
  revenueCents,
  netRevenueCents: revenueCents,
  paidOrders,
});

const dayOf = (dashboard: SalesDashboard, day: string) => dashboard.daily.find((entry) => entry.day === day);

// --- fixtures ------------------------------------------------------------------------------------

beforeAll(async () => {
  ({ cookie: adminCookie, id: adminId } = await signUpTestAdmin(t.services, { name: "Boss Person" }));
  customer = await registerTestCustomer(t.services, { fullName: "Alice Night", email: freshEmail("alice") });
  otherCustomer = await registerTestCustomer(t.services, {
    fullName: "Bruno Dusk",
    email: freshEmail("bruno"),
  });
});

// --- tests ---------------------------------------------------------------------------------------

describe("the loader's guard", () => {
  it("sends a customer to /forbidden and a visitor to sign in", async () => {
    expect(locationOf(await getDashboardPage(customer.cookie))).toBe("/forbidden");
    expect(locationOf(await getDashboardPage())).toBe(
      `/login?redirectTo=${encodeURIComponent("/admin/dashboard")}`,
    );
  });
});

describe("a database failure", () => {
  it("is logged with the admin's id and shown as a message instead of the figures", async () => {
    const broken = await createTestDatabase();
    await broken.close();
    const lines: string[] = [];
    const log = pino({ level: "error" }, { write: (line: string) => void lines.push(line) });
    const result = dataOf(
      await callRoute(dashboardLoader, getRequest("/admin/dashboard", adminCookie), {
        services: t.services,
        context: { db: broken.db, log },
      }),
    );
    expect(result.status).toBe(500);
    expect(result.data).toEqual({
      name: "Boss Person",
      summary: null,
      dashboard: null,
      error: "Failed to load the dashboard. Please try again later.",
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      msg: "could not load the sales dashboard",
      userId: adminId,
    });
    expect(entry.err).toBeDefined();
  });
});

describe("an empty store", () => {
  it("shows zeros, no average, 30 empty days ending today, and empty lists", async () => {
    const dashboard = await dashboardAt(NOW);
    expect(dashboard.now).toBe(NOW.toISOString());
    expect(dashboard.today).toEqual(sales(0, 0));
    expect(dashboard.last7Days).toEqual(sales(0, 0));
    expect(dashboard.last30Days).toEqual(sales(0, 0));
    expect(dashboard.averageOrderCents).toBeNull();
    expect(dashboard.ordersByStatus).toEqual({
      pending: 0,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    });
    expect(dashboard.openCheckouts).toBe(0);
    expect(dashboard.daily).toHaveLength(DASHBOARD_DAYS);
    expect(dashboard.daily[0]).toEqual({ day: "2026-02-14", revenueCents: 0, paidOrders: 0 });
    expect(dashboard.daily.at(-1)).toEqual({ day: "2026-03-15", revenueCents: 0, paidOrders: 0 });
    expect(dashboard.daily.every((day) => day.revenueCents === 0 && day.paidOrders === 0)).toBe(true);
    expect(dashboard.lowStock).toEqual([]);
    expect(dashboard.catalog).toEqual({ products: 0, lowStock: 0, soldOut: 0 });
    expect(dashboard.latestOrders).toEqual([]);
  });
});

describe("a known set of orders and products", () => {
  const ids: Record<string, { id: string; orderNumber: string }> = {};

  beforeAll(async () => {
    const alice = customer.id;
    const bruno = otherCustomer.id;
    const seeds: Record<string, OrderSeed> = {
      // today (15 Mar, UTC)
      todayAfternoon: paid(alice, 10_000, "2026-03-15T13:30:00Z"), // total 10 999
      todayMidnight: paid(bruno, 5_000, "2026-03-15T00:00:00Z"), // total 5 999, on the boundary: today
      // the 6 days before today (9-14 Mar)
      lateYesterday: paid(alice, 2_000, "2026-03-14T23:59:59.999Z", "shipped"), // total 2 999
      weekStart: paid(bruno, 3_000, "2026-03-09T00:00:00Z", "shipped"), // total 3 999
      // the rest of the 30 days (14 Feb - 8 Mar)
      beforeWeek: paid(alice, 4_000, "2026-03-08T23:59:59Z", "delivered"), // total 4 999
      twiceOnMarch1st: paid(bruno, 1_001, "2026-03-01T08:00:00Z", "delivered"), // total 2 000
      againOnMarch1st: paid(alice, 3_001, "2026-03-01T21:15:00Z", "delivered"), // total 4 000
      monthStart: paid(bruno, 6_000, "2026-02-14T00:00:00Z", "delivered"), // total 6 999
      // outside the 30 days
      tooOld: paid(alice, 90_000, "2026-02-13T23:59:59Z", "delivered"),
      // never revenue
      refunded: {
        userId: bruno,
        subtotalCents: 70_000,
        status: "cancelled",
        paymentStatus: "refunded",
        paidAt: at("2026-03-15T12:30:00Z"),
        createdAt: at("2026-03-15T12:25:00Z"),
        attentionReason: "Paid after its reservation had been released; refunded.",
      },
      awaitingPayment: {
        userId: alice,
        subtotalCents: 80_000,
        status: "pending",
        paymentStatus: "pending",
        paidAt: null,
        createdAt: at("2026-03-15T14:20:00Z"),
        paymentStartedAt: at("2026-03-15T14:21:00Z"),
      },
      // the shipping step only: a checkout, not an order yet
      openCheckout: {
        userId: bruno,
        subtotalCents: 70_000,
        status: "pending",
        paymentStatus: "pending",
        paidAt: null,
        createdAt: at("2026-03-15T14:22:00Z"),
      },
      abandoned: {
        userId: bruno,
        subtotalCents: 60_000,
        status: "cancelled",
        paymentStatus: "cancelled",
        paidAt: null,
        createdAt: at("2026-03-15T14:25:00Z"),
      },
      // a declined card: the customer reached the payment page and sees it cancelled
      declined: {
        userId: alice,
        subtotalCents: 50_000,
        status: "cancelled",
        paymentStatus: "failed",
        paidAt: null,
        createdAt: at("2026-03-10T10:00:00Z"),
        paymentStartedAt: at("2026-03-10T10:01:00Z"),
      },
    };
    for (const [name, seed] of Object.entries(seeds)) {
      const row = await insertOrder(seed);
      ids[name] = { id: row.id, orderNumber: row.orderNumber };
    }

    await t.services.db.insert(product).values([
      { name: "Umbra Cargo Pants", priceCents: 12_000, stock: 0 },
      { name: "Eclipse Hoodie", priceCents: 8_900, stock: 0 },
      { name: "Dusk Beanie", priceCents: 2_900, stock: 1 },
      { name: "Noir Tee", priceCents: 3_900, stock: 4 },
      { name: "Midnight Parka", priceCents: 24_900, stock: 5 },
      { name: "Shadow Socks", priceCents: 1_200, stock: 40 },
    ]);
  });

  it("sums revenue and counts paid orders for today, 7 and 30 UTC days", async () => {
    const dashboard = await dashboardAt(NOW);
    expect(dashboard.today).toEqual(sales(10_999 + 5_999, 2));
    expect(dashboard.last7Days).toEqual(sales(10_999 + 5_999 + 2_999 + 3_999, 4));
    expect(dashboard.last30Days).toEqual(
      sales(10_999 + 5_999 + 2_999 + 3_999 + 4_999 + 2_000 + 4_000 + 6_999, 8),
    );
    // 41 994 / 8 = 5 249.25, rounded to the cent
    expect(dashboard.averageOrderCents).toBe(5_249);
  });

  it("buckets revenue by UTC day over exactly 30 days, empty days included", async () => {
    const dashboard = await dashboardAt(NOW);
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily.map((day) => day.day)).toEqual(
      Array.from({ length: 30 }, (_, index) =>
        new Date(Date.UTC(2026, 1, 14) + index * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    const expected: Record<string, { revenueCents: number; paidOrders: number }> = {
      "2026-02-14": { revenueCents: 6_999, paidOrders: 1 },
      "2026-03-01": { revenueCents: 6_000, paidOrders: 2 },
      "2026-03-08": { revenueCents: 4_999, paidOrders: 1 },
      "2026-03-09": { revenueCents: 3_999, paidOrders: 1 },
      "2026-03-14": { revenueCents: 2_999, paidOrders: 1 },
      "2026-03-15": { revenueCents: 16_998, paidOrders: 2 },
    };
    for (const day of dashboard.daily) {
      expect(day, day.day).toEqual({
        day: day.day,
        ...(expected[day.day] ?? { revenueCents: 0, paidOrders: 0 }),
      });
    }
    // the chart and the 30-day figure agree
    expect(dashboard.daily.reduce((sum, day) => sum + day.revenueCents, 0)).toBe(
      dashboard.last30Days.revenueCents,
    );
  });

  it("moves with the `now` it is given: a day later, the oldest day drops out", async () => {
    const dashboard = await dashboardAt(at("2026-03-16T00:00:00Z"));
    expect(dashboard.today).toEqual(sales(0, 0));
    expect(dashboard.daily[0]!.day).toBe("2026-02-15");
    expect(dayOf(dashboard, "2026-03-16")).toEqual({ day: "2026-03-16", revenueCents: 0, paidOrders: 0 });
    expect(dayOf(dashboard, "2026-02-14")).toBeUndefined();
    // 9 Mar is now 7 days back: out of the week
    expect(dashboard.last7Days).toEqual(sales(10_999 + 5_999 + 2_999, 3));
    expect(dashboard.last30Days.paidOrders).toBe(7);
  });

  it("gives the same UTC figures whatever the database session's time zone", async () => {
    const inUtc = await dashboardAt(NOW);
    for (const zone of ["Pacific/Kiritimati", "America/Los_Angeles"]) {
      const elsewhere = await withSessionTimeZone(zone, (db) => dashboardAt(NOW, db));
      expect(elsewhere, zone).toEqual(inUtc);
    }
  });

  it("counts the orders customers see by status, open checkouts apart", async () => {
    const dashboard = await dashboardAt(NOW);
    expect(dashboard.ordersByStatus).toEqual({
      pending: 1, // awaitingPayment; not openCheckout, which never reached the payment page
      processing: 2, // todayAfternoon, todayMidnight
      shipped: 2, // lateYesterday, weekStart
      delivered: 5, // beforeWeek, both of 1 Mar, monthStart, tooOld
      cancelled: 2, // the refunded order and the declined one; not abandoned, never at payment
    });
    expect(dashboard.openCheckouts).toBe(1); // openCheckout
  });

  it("lists the products below 5 in stock, sold out first, and keeps the catalog figures", async () => {
    const dashboard = await dashboardAt(NOW);
    expect(dashboard.lowStock.map(({ name, stock }) => ({ name, stock }))).toEqual([
      { name: "Eclipse Hoodie", stock: 0 },
      { name: "Umbra Cargo Pants", stock: 0 },
      { name: "Dusk Beanie", stock: 1 },
      { name: "Noir Tee", stock: 4 },
    ]);
    expect(dashboard.catalog).toEqual({ products: 6, lowStock: 2, soldOut: 2 });
  });

  it("shows the 5 latest orders with the customer's e-mail, leaving abandoned checkouts out", async () => {
    const dashboard = await dashboardAt(NOW);
    // as the list shows it: the order, its customer's e-mail, status, total and when it was made
    const listed = (
      row: { id: string; orderNumber: string },
      customerEmail: string,
      status: string,
      totalCents: number,
      createdAt: string,
    ) => ({
      id: row.id,
      orderNumber: row.orderNumber,
      customerEmail,
      status,
      currency: "USD",
      totalCents,
      createdAt,
    });
    expect(dashboard.latestOrders).toEqual([
      listed(ids.awaitingPayment!, customer.email, "pending", 80_999, "2026-03-15T14:20:00.000Z"),
      listed(ids.todayAfternoon!, customer.email, "processing", 10_999, "2026-03-15T13:25:00.000Z"),
      listed(ids.refunded!, otherCustomer.email, "cancelled", 70_999, "2026-03-15T12:25:00.000Z"),
      listed(ids.todayMidnight!, otherCustomer.email, "processing", 5_999, "2026-03-14T23:55:00.000Z"),
      listed(ids.lateYesterday!, customer.email, "shipped", 2_999, "2026-03-14T23:54:59.999Z"),
    ]);
    expect(ids.awaitingPayment!.orderNumber).toMatch(/^NOC-\d+$/);
  });

  it("gives an admin the dashboard from the loader, computed for the current day", async () => {
    const result = (await getDashboardPage(adminCookie)) as {
      name: string;
      summary: SalesDashboard["catalog"] | null;
      dashboard: Omit<SalesDashboard, "catalog"> | null;
      error: unknown;
    };
    expect(result.error).toBeNull();
    expect(result.name).toBe("Boss Person");
    expect(result.summary).toEqual({ products: 6, lowStock: 2, soldOut: 2 });
    const dashboard = result.dashboard!;
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(dashboard.latestOrders.map((row) => row.orderNumber)).toEqual([
      ids.awaitingPayment!.orderNumber,
      ids.todayAfternoon!.orderNumber,
      ids.refunded!.orderNumber,
      ids.todayMidnight!.orderNumber,
      ids.lateYesterday!.orderNumber,
    ]);
  });
});

describe("returns in the figures", () => {
  it("counts a partly refunded order with what the customer kept, and an exchange's replacement not at all", async () => {
    const day = new Date("2026-01-20T18:00:00.000Z");
    const partly = await insertOrder({
      ...paid(customer.id, 20_000, "2026-01-20T10:00:00Z", "delivered"),
      paymentStatus: "partially_refunded",
    });
    await t.services.db.insert(refund).values({
      orderId: partly.id,
      amountCents: 5_000,
      reason: "Return RMA-1",
      providerRefundId: "tre_dashboard",
      idempotencyKey: `return-refund:${randomUUID()}`,
    });
    const replacement = await insertOrder({
      ...paid(customer.id, 0, "2026-01-20T11:00:00Z"),
      subtotalCents: 0,
    });
    await t.services.db
      .update(order)
      .set({ paymentMethod: "exchange", shippingCents: 0, totalCents: 0 })
      .where(eq(order.id, replacement.id));

    const dashboard = await dashboardAt(day);
    expect(dashboard.today).toEqual(sales(20_999 - 5_000, 1));
    expect(dayOf(dashboard, "2026-01-20")).toEqual({
      day: "2026-01-20",
      revenueCents: 15_999,
      paidOrders: 1,
    });
  });
});
