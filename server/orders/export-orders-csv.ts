import { and, desc, eq, sql } from "drizzle-orm";
import { DELETED_CUSTOMER_LABEL, extractZip } from "../../core/order";
import { formatRate } from "../../core/tax";
import type { Database } from "../db/client";
import { type Order, order, orderItem, user } from "../db/schema";
import type { Logger } from "../logger";
import { type AdminOrderSearch, adminOrderWhere } from "./search-admin-orders";

/** An export is for a spreadsheet, not a backup: the newest 10,000 orders of a search at most. */
export const MAX_EXPORT_ROWS = 10_000;
const BATCH_SIZE = 500;

/**
 * The header row. Amounts are plain numbers with two decimals, never converted: each row's are in
 * its order's currency, which the last column names (ISO 4217). The amount headers name the store's
 * currency, the one every order is in unless the store changed currency (docs/CURRENCY.md): an
 * accountant filters or sums by the Currency column.
 */
const columns = (storeCurrency: string) => [
  "Order Number",
  "Created (UTC)",
  "Status",
  "Payment Status",
  "Customer Email",
  "Customer Name",
  "User ID",
  "Items",
  "Lines",
  `Subtotal (${storeCurrency})`,
  `Discount (${storeCurrency})`,
  "Coupon Code",
  `Shipping (${storeCurrency})`,
  `Total (${storeCurrency})`,
  "Tracking Code",
  "Shipping Address",
  "ZIP",
  "Delivery Notes",
  "Needs Attention",
  // VAT (issue 16), after the columns spreadsheets already read by position
  "Country",
  "VAT Rate",
  `VAT (${storeCurrency})`,
  `Net Total (${storeCurrency})`,
  // issue 28, last for the same reason
  "Currency",
];

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would run as a formula (= + - @, or a tab or
 * carriage return in front of one) gets a leading apostrophe: customers type their own names,
 * addresses and notes, and an export must not turn them into code on the admin's machine.
 */
function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvRow = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(",")}\r\n`;

const amount = (cents: number) => (cents / 100).toFixed(2);

/**
 * Country, rate, VAT and the total without it. An order placed before VAT has no country, rate or
 * VAT, and its net total is its total: nothing was charged on top or taken out.
 */
function vatCells(row: Order): Array<string | null> {
  const rate = row.taxRateBasisPoints;
  const net = amount(row.totalCents - row.taxCents);
  if (rate === null) return [null, null, null, net];
  return [row.taxCountry, formatRate(rate), amount(row.taxCents), net];
}

/** "2026-01-05 14:03:09": a form every spreadsheet reads as a date and time. */
const utcTimestamp = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/**
 * The orders of an admin search as a CSV file, newest first, read from the database in batches
 * while the response is sent (a keyset walk, so orders placed meanwhile neither repeat nor shift rows).
 */
export function exportOrdersCsv(
  options: {
    db: Database;
    log: Logger;
    /** The store's currency (config.currency), named in the amount headers. */
    currency: string;
    maxRows?: number;
  } & AdminOrderSearch,
): ReadableStream<Uint8Array> {
  const { db, log } = options;
  const maxRows = options.maxRows ?? MAX_EXPORT_ROWS;
  const encoder = new TextEncoder();
  const searchWhere = adminOrderWhere(options);
  let lastId: string | null = null;
  let sent = 0;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      // the byte order mark makes Excel read the file as UTF-8 (accented names, "€")
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(columns(options.currency.toUpperCase()))}`));
    },
    async pull(controller) {
      try {
        const limit = Math.min(BATCH_SIZE, maxRows - sent);
        const after =
          lastId === null
            ? undefined
            : // compared in the database: created_at has microseconds, a JS Date only milliseconds
              sql`(${order.createdAt}, ${order.id}) < (select o.created_at, o.id from ${order} o where o.id = ${lastId})`;
        const rows =
          limit <= 0
            ? []
            : await db
                .select({
                  order,
                  customerEmail: user.email,
                  customerName: user.name,
                  itemCount:
                    sql<number>`(select coalesce(sum(${orderItem.quantity}), 0) from ${orderItem} where ${orderItem.orderId} = ${order.id})`.mapWith(
                      Number,
                    ),
                  // "Eclipse Hoodie (M) x 2; Crescent Cap (One Size) x 1"
                  lines: sql<string>`(select string_agg(${orderItem.productName} || ' (' || coalesce(${orderItem.color} || ', ', '') || ${orderItem.size} || ') x ' || ${orderItem.quantity}, '; ' order by ${orderItem.productName}, ${orderItem.size}) from ${orderItem} where ${orderItem.orderId} = ${order.id})`,
                })
                .from(order)
                .leftJoin(user, eq(user.id, order.userId))
                .where(and(searchWhere, after))
                .orderBy(desc(order.createdAt), desc(order.id))
                .limit(limit);
        const chunk = rows
          .map(({ order: row, customerEmail, customerName, itemCount, lines }) =>
            csvRow([
              row.orderNumber,
              utcTimestamp(row.createdAt),
              row.status,
              row.paymentStatus,
              // a deleted account's order is kept for the tax records, detached from the person
              row.userId === null ? DELETED_CUSTOMER_LABEL : customerEmail,
              customerName,
              row.userId,
              itemCount,
              lines,
              amount(row.subtotalCents),
              amount(row.discountCents),
              row.couponCode,
              amount(row.shippingCents),
              amount(row.totalCents),
              row.trackingCode,
              row.shippingAddress,
              extractZip(row.shippingAddress),
              row.shippingNote,
              row.attentionReason,
              ...vatCells(row),
              row.currency,
            ]),
          )
          .join("");
        if (chunk) controller.enqueue(encoder.encode(chunk));
        sent += rows.length;
        lastId = rows.at(-1)?.order.id ?? lastId;
        if (rows.length < BATCH_SIZE || sent >= maxRows) controller.close();
      } catch (error) {
        // the header is already sent: all that is left is to cut the file short and say why in the log
        log.error({ err: error, rowsSent: sent }, "order CSV export failed");
        controller.error(error);
      }
    },
  });
}
