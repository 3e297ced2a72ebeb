import { and, asc, desc, eq, inArray, lt, ne, not, sql } from "drizzle-orm";
import { ORDER_STATUSES, type OrderStatus } from "../../core/order";
import { LOW_STOCK_THRESHOLD } from "../../core/product";
import { getCatalogSummary } from "../catalog/get-catalog-summary";
import type { Database } from "../db/client";
import { order, product, user } from "../db/schema";
import { isCheckoutOnly } from "../orders/placed-order";
import { countOverdueWithdrawals } from "../returns/admin-returns";
import { REPLACEMENT_PAYMENT_METHOD } from "../returns/return-lines";
import { sumVatCollected, type VatCollected } from "./sum-vat-collected";

/** Days in the revenue chart, and the period of the average order value. */
export const DASHBOARD_DAYS = 30;
/** Low-stock products listed by name (the total count is always given). */
const LOW_STOCK_LIST_LIMIT = 8;
const LATEST_ORDERS_LIMIT = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SalesFigures {
  revenueCents: number;
  /** The revenue without the VAT in it: what the store keeps. */
  netRevenueCents: number;
  paidOrders: number;
}

export interface DailyRevenue {
  /** The UTC calendar day, "2026-03-05". */
  day: string;
  revenueCents: number;
  paidOrders: number;
}

/** The sales of the three periods in a currency other than the store's. */
export interface OtherCurrencySales {
  /** ISO 4217, upper case. */
  currency: string;
  today: SalesFigures;
  last7Days: SalesFigures;
  last30Days: SalesFigures;
}

/**
 * Money is never added across currencies. Every amount at the top level (`today`, `last7Days`,
 * `last30Days`, `averageOrderCents`, `daily`, `vatLastQuarter.lines` and `.totals`) is in
 * `currency`, the store's, and counts only the orders sold in it. A store that changed currency
 * (docs/CURRENCY.md) still has paid orders in the old one: their sales are in `otherCurrencies`
 * (and their VAT in `vatLastQuarter.otherCurrencies`), empty for a store that never changed.
 * `latestOrders` are listed whatever their currency, each naming its own.
 */
export interface SalesDashboard {
  /** The moment the figures were computed for (ISO). */
  now: string;
  /** The store's currency (ISO 4217, upper case), which the top-level amounts are in. */
  currency: string;
  /** The same periods' sales in each other currency with paid orders in the last 30 days, by code. */
  otherCurrencies: OtherCurrencySales[];
  /** Since 00:00 UTC today. */
  today: SalesFigures;
  /** Today and the 6 UTC days before it. */
  last7Days: SalesFigures;
  /** Today and the 29 UTC days before it: the same days as `daily`. */
  last30Days: SalesFigures;
  /** Over the last 30 days, rounded to the cent; null without a paid order. */
  averageOrderCents: number | null;
  /** Placed orders by status (server/orders/placed-order.ts); checkouts not taken to payment are counted apart. */
  ordersByStatus: Record<OrderStatus, number>;
  /** Checkouts still open that never reached the payment page. */
  openCheckouts: number;
  /** Withdrawals whose refund is past its 14-day deadline (docs/LEGAL.md#withdrawal). */
  overdueWithdrawals: number;
  /** Exactly DASHBOARD_DAYS entries, oldest first, zero days included. */
  daily: DailyRevenue[];
  lowStock: { id: string; name: string; stock: number }[];
  catalog: { products: number; lowStock: number; soldOut: number };
  /** VAT per country for the One-Stop-Shop return, the last calendar quarter in the store's time zone. */
  vatLastQuarter: VatCollected;
  latestOrders: {
    id: string;
    orderNumber: string;
    customerEmail: string | null;
    status: OrderStatus;
    /** The order's currency, which its total is in. */
    currency: string;
    totalCents: number;
    createdAt: string;
  }[];
}

/**
 * Revenue is what customers paid and kept paid: `paid_at` set and payment status "paid" or
 * "partially refunded" (a return refunded part of it: that part is taken off, `kept` below). A full
 * refund turns the payment status to "refunded", so a refunded order leaves the figures. An
 * exchange's replacement order was not a sale (nothing was charged) and is not counted.
 */
const isPaid = and(
  inArray(order.paymentStatus, ["paid", "partially_refunded"]),
  sql`${order.paidAt} is not null`,
  ne(order.paymentMethod, REPLACEMENT_PAYMENT_METHOD),
)!;

/** What an order's customer kept paying, and its VAT: the total and VAT less the order's refunds. */
const refunded = sql`(select coalesce(sum(r.amount_cents), 0) from refund r where r.order_id = ${order.id})`;
const refundedVat = sql`(select coalesce(sum(r.tax_cents), 0) from refund r where r.order_id = ${order.id})`;
const kept = sql`(${order.totalCents} - ${refunded})`;
const keptNet = sql`(${order.totalCents} - ${refunded} - (${order.taxCents} - ${refundedVat}))`;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The admin's sales overview in a handful of aggregate queries run side by side; no order is
 * loaded whole. Periods are UTC calendar days counted back from `now`'s day (the server has no
 * idea of the admin's time zone, and UTC days are the same for every admin and every server).
 */
export async function getSalesDashboard(options: {
  db: Database;
  /** The store's time zone (config.timeZone), which decides where a quarter begins. */
  timeZone: string;
  /** The store's currency (config.currency): the main figures are in it. */
  currency: string;
  now?: Date;
}): Promise<SalesDashboard> {
  const { db, timeZone } = options;
  const currency = options.currency.toUpperCase();
  const now = options.now ?? new Date();
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const periodEnd = new Date(todayStart + DAY_MS).toISOString();
  const weekStart = new Date(todayStart - 6 * DAY_MS).toISOString();
  const monthStartMs = todayStart - (DASHBOARD_DAYS - 1) * DAY_MS;
  const monthStart = new Date(monthStartMs).toISOString();
  const today = new Date(todayStart).toISOString();
  // the range condition lets PostgreSQL walk order_paid_at_idx instead of every order
  const paidInPeriod = sql`${isPaid} and ${order.paidAt} >= ${monthStart}::timestamptz and ${order.paidAt} < ${periodEnd}::timestamptz`;

  // counts cast to int and sums to float8: both drivers then return plain numbers (bigint and
  // numeric would come back as strings); sums of cents stay far below 2^53
  const salesQuery = db.execute(sql`
    select
      ${order.currency} as currency,
      count(*) filter (where ${order.paidAt} >= ${today}::timestamptz)::int as today_orders,
      coalesce(sum(${kept}) filter (where ${order.paidAt} >= ${today}::timestamptz), 0)::float8 as today_cents,
      coalesce(sum(${keptNet}) filter (where ${order.paidAt} >= ${today}::timestamptz), 0)::float8 as today_net_cents,
      count(*) filter (where ${order.paidAt} >= ${weekStart}::timestamptz)::int as week_orders,
      coalesce(sum(${kept}) filter (where ${order.paidAt} >= ${weekStart}::timestamptz), 0)::float8 as week_cents,
      coalesce(sum(${keptNet}) filter (where ${order.paidAt} >= ${weekStart}::timestamptz), 0)::float8 as week_net_cents,
      count(*)::int as month_orders,
      coalesce(sum(${kept}), 0)::float8 as month_cents,
      coalesce(sum(${keptNet}), 0)::float8 as month_net_cents,
      round(avg(${kept}))::float8 as average_cents
    from ${order}
    where ${paidInPeriod}
    group by ${order.currency}
    order by ${order.currency}
  `);

  // one row per UTC day, zero days included; days are `date`s, so no session time zone (and no
  // daylight-saving shift of an interval) can move a bucket
  const dailyQuery = db.execute(sql`
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(paid.cents, 0)::float8 as cents,
      coalesce(paid.orders, 0)::int as orders
    from (
      select ${utcDay(monthStartMs)}::date + offset_days as day
      from generate_series(0, ${DASHBOARD_DAYS - 1}::int) as offset_days
    ) as days
    left join (
      select (${order.paidAt} at time zone 'UTC')::date as day,
        sum(${kept}) as cents,
        count(*) as orders
      from ${order}
      where ${paidInPeriod} and ${order.currency} = ${currency}
      group by 1
    ) as paid on paid.day = days.day
    order by days.day
  `);

  const statusQuery = db
    .select({
      status: order.status,
      placed: sql<number>`count(*) filter (where not (${isCheckoutOnly}))`.mapWith(Number),
      checkouts: sql<number>`count(*) filter (where ${isCheckoutOnly})`.mapWith(Number),
    })
    .from(order)
    .groupBy(order.status);

  const lowStockQuery = db
    .select({ id: product.id, name: product.name, stock: product.stock })
    .from(product)
    .where(lt(product.stock, LOW_STOCK_THRESHOLD))
    .orderBy(asc(product.stock), asc(product.name), asc(product.id))
    .limit(LOW_STOCK_LIST_LIMIT);

  // the orders list's default view, newest first (order_created_idx)
  const latestQuery = db
    .select({
      id: order.id,
      orderNumber: order.orderNumber,
      customerEmail: user.email,
      status: order.status,
      currency: order.currency,
      totalCents: order.totalCents,
      createdAt: order.createdAt,
    })
    .from(order)
    .leftJoin(user, eq(user.id, order.userId))
    .where(not(isCheckoutOnly))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(LATEST_ORDERS_LIMIT);

  const [sales, daily, statuses, lowStock, latest, catalog, vatLastQuarter, overdueWithdrawals] =
    await Promise.all([
      salesQuery,
      dailyQuery,
      statusQuery,
      lowStockQuery,
      latestQuery,
      getCatalogSummary({ db }),
      sumVatCollected({ db, timeZone, currency, now }),
      countOverdueWithdrawals(db, now),
    ]);

  // both drivers return { rows }
  const salesRows = (sales as unknown as { rows: SalesRow[] }).rows;
  const totals = salesRows.find((row) => row.currency === currency);
  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  let openCheckouts = 0;
  for (const row of statuses) {
    ordersByStatus[row.status] = row.placed;
    if (row.status === "pending") openCheckouts = row.checkouts;
  }

  return {
    now: now.toISOString(),
    currency,
    ...periodFigures(totals),
    otherCurrencies: salesRows
      .filter((row) => row.currency !== currency)
      .map((row) => ({ currency: row.currency, ...periodFigures(row) })),
    averageOrderCents: totals?.average_cents == null ? null : Number(totals.average_cents),
    ordersByStatus,
    openCheckouts,
    overdueWithdrawals,
    daily: (daily as unknown as { rows: DailyRow[] }).rows.map((row) => ({
      day: row.day,
      revenueCents: Number(row.cents),
      paidOrders: Number(row.orders),
    })),
    lowStock,
    catalog,
    latestOrders: latest.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    vatLastQuarter,
  };
}

/** The three periods' figures of one currency's row (none: no paid order in it). */
function periodFigures(row: SalesRow | undefined): Omit<OtherCurrencySales, "currency"> {
  return {
    today: figures(row?.today_cents, row?.today_net_cents, row?.today_orders),
    last7Days: figures(row?.week_cents, row?.week_net_cents, row?.week_orders),
    last30Days: figures(row?.month_cents, row?.month_net_cents, row?.month_orders),
  };
}

/** A period's figures from its sums (null when nothing was read). */
function figures(revenue?: number | null, net?: number | null, orders?: number | null): SalesFigures {
  return {
    revenueCents: Number(revenue ?? 0),
    netRevenueCents: Number(net ?? 0),
    paidOrders: Number(orders ?? 0),
  };
}

interface SalesRow {
  currency: string;
  today_orders: number;
  today_cents: number;
  today_net_cents: number;
  week_orders: number;
  week_cents: number;
  week_net_cents: number;
  month_orders: number;
  month_cents: number;
  month_net_cents: number;
  average_cents: number | null;
}

interface DailyRow {
  day: string;
  cents: number;
  orders: number;
}
