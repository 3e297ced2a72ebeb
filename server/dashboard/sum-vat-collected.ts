import { sql } from "drizzle-orm";
import { countryName } from "../../core/checkout";
import type { Database } from "../db/client";

/** A calendar quarter in the store's time zone. */
export interface CalendarQuarter {
  /** "Q3 2026". */
  label: string;
  /** Its first and last calendar day, "2026-07-01" and "2026-09-30". */
  firstDay: string;
  lastDay: string;
  /** The day after it, where the next quarter begins. */
  endDay: string;
  timeZone: string;
}

/** One line of the One-Stop-Shop return: a country and a rate, with the net sales and the VAT. */
export interface VatCollectedLine {
  country: string;
  countryName: string;
  rateBasisPoints: number;
  /** Orders paid in the quarter. */
  paidOrders: number;
  /** Refunds made in the quarter (of orders paid in it or before). */
  refunds: number;
  /** Σ (order total − VAT) − Σ (refund − its VAT). */
  netSalesCents: number;
  /** Σ order VAT − Σ refunded VAT. */
  vatCents: number;
}

/** One currency's lines and totals: amounts in different currencies are never added. */
export interface VatCollectedInCurrency {
  /** ISO 4217, upper case. */
  currency: string;
  lines: VatCollectedLine[];
  totals: { netSalesCents: number; vatCents: number };
}

/**
 * The quarter's VAT: `lines` and `totals` in `currency`, the store's; the orders and refunds in any
 * other currency (a store that changed currency, docs/CURRENCY.md) in `otherCurrencies`, by code.
 */
export interface VatCollected extends VatCollectedInCurrency {
  quarter: CalendarQuarter;
  otherCurrencies: VatCollectedInCurrency[];
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The calendar quarter before the one `now` falls in, as the store's clock reads it. */
export function previousQuarter(now: Date, timeZone: string): CalendarQuarter {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const current = Math.floor((part("month") - 1) / 3);
  const year = current === 0 ? part("year") - 1 : part("year");
  const quarter = current === 0 ? 3 : current - 1;
  const firstMonth = quarter * 3 + 1;
  // day 0 of the month after the quarter is the quarter's last day
  const lastDay = new Date(Date.UTC(year, firstMonth + 2, 0)).toISOString().slice(0, 10);
  const endDay = quarter === 3 ? `${year + 1}-01-01` : `${year}-${pad(firstMonth + 3)}-01`;
  return {
    label: `Q${quarter + 1} ${year}`,
    firstDay: `${year}-${pad(firstMonth)}-01`,
    lastDay,
    endDay,
    timeZone,
  };
}

interface VatRow {
  currency: string;
  country: string;
  rate: number;
  paid_orders: number;
  refunds: number;
  net_cents: number;
  vat_cents: number;
}

/**
 * The VAT collected in the last calendar quarter per destination country and rate (docs/TAX.md):
 * the VAT of the orders paid in it, less the VAT of the refunds made in it, with the net sales
 * they were charged on. A refund counts in the quarter it is made, whenever the order was paid, as
 * an OSS return corrects it. A refunded order stays among the paid ones (its payment status is
 * "refunded" now): its refund is what takes its VAT back out. Orders placed before VAT have no
 * country and are left out. The quarter's bounds are midnights in the store's time zone, turned
 * into instants by the database so that daylight saving time is taken into account.
 */
export async function sumVatCollected(options: {
  db: Database;
  timeZone: string;
  /** The store's currency (config.currency): `lines` and `totals` are in it. */
  currency: string;
  now?: Date;
}): Promise<VatCollected> {
  const storeCurrency = options.currency.toUpperCase();
  const quarter = previousQuarter(options.now ?? new Date(), options.timeZone);
  const starts = sql`(${quarter.firstDay}::timestamp at time zone ${quarter.timeZone})`;
  const ends = sql`(${quarter.endDay}::timestamp at time zone ${quarter.timeZone})`;
  // counts cast to int and sums to float8: both drivers then return plain numbers
  const result = await options.db.execute(sql`
    with sold as (
      select o.currency, o.tax_country as country, o.tax_rate_basis_points as rate, count(*) as orders,
        sum(o.total_cents - o.tax_cents) as net, sum(o.tax_cents) as vat
      from "order" o
      where o.paid_at >= ${starts} and o.paid_at < ${ends}
        and o.tax_country is not null and o.tax_rate_basis_points is not null
      group by 1, 2, 3
    ), refunded as (
      select o.currency, o.tax_country as country, o.tax_rate_basis_points as rate, count(*) as refunds,
        sum(r.amount_cents - r.tax_cents) as net, sum(r.tax_cents) as vat
      from refund r join "order" o on o.id = r.order_id
      where r.created_at >= ${starts} and r.created_at < ${ends}
        and o.tax_country is not null and o.tax_rate_basis_points is not null
      group by 1, 2, 3
    )
    select coalesce(s.currency, r.currency) as currency, coalesce(s.country, r.country) as country, coalesce(s.rate, r.rate)::int as rate,
      coalesce(s.orders, 0)::int as paid_orders, coalesce(r.refunds, 0)::int as refunds,
      (coalesce(s.net, 0) - coalesce(r.net, 0))::float8 as net_cents,
      (coalesce(s.vat, 0) - coalesce(r.vat, 0))::float8 as vat_cents
    from sold s full join refunded r
      on r.currency = s.currency and r.country = s.country and r.rate = s.rate
  `);
  // both drivers return { rows }
  const rows = (result as unknown as { rows: VatRow[] }).rows;
  const others = [...new Set(rows.map((row) => row.currency))]
    .filter((code) => code !== storeCurrency)
    .sort();
  return {
    quarter,
    ...inCurrency(rows, storeCurrency),
    otherCurrencies: others.map((code) => inCurrency(rows, code)),
  };
}

/** The lines and totals of one currency's rows. */
function inCurrency(rows: VatRow[], currency: string): VatCollectedInCurrency {
  const lines = rows
    .filter((row) => row.currency === currency)
    .map((row) => ({
      country: row.country,
      countryName: countryName(row.country),
      rateBasisPoints: Number(row.rate),
      paidOrders: Number(row.paid_orders),
      refunds: Number(row.refunds),
      netSalesCents: Number(row.net_cents),
      vatCents: Number(row.vat_cents),
    }))
    .sort((a, b) => a.countryName.localeCompare(b.countryName) || b.rateBasisPoints - a.rateBasisPoints);
  const totals = lines.reduce(
    (sum, line) => ({
      netSalesCents: sum.netSalesCents + line.netSalesCents,
      vatCents: sum.vatCents + line.vatCents,
    }),
    { netSalesCents: 0, vatCents: 0 },
  );
  return { currency, lines, totals };
}
