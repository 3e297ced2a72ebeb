import { asc, inArray } from "drizzle-orm";
import { countryName } from "../../core/checkout";
import { formatMoney, twoDecimalCurrency } from "../../core/money";
import type { OrderDocumentLink } from "../../core/order-documents";
import { cardLabel } from "../../core/payment-method";
import { sizedName } from "../../core/product";
import { vatLabel } from "../../core/tax";
import type { Database } from "../db/client";
import { orderItem } from "../db/schema";
import { listOrderDocuments } from "../invoices/list-order-documents";
import { type ReceiptWithOrder, searchReceipts } from "./search-receipts";

/** What the receipts screen gets of a receipt; money already formatted on the server. */
export interface ReceiptView {
  id: string;
  receiptNumber: string;
  orderNumber: string;
  billingEmail: string;
  /** The method used: "Visa •••• 4242", "SEPA Direct Debit •••• 3000"; null when the provider named none. */
  cardLabel: string | null;
  /** The currency the payment was taken in (ISO 4217, upper case): the order's. */
  currency: string;
  /** The amount paid in the receipt's own currency, e.g. "$59.99" or "€12.00". */
  amount: string;
  status: string;
  createdAt: string;
  /**
   * The VAT of the receipt's order: "VAT 19% (Germany)" and "$5.33"; null for an order placed
   * before VAT.
   */
  vat: { label: string; amount: string } | null;
  /** The VAT the payment provider reported charging, "$5.33"; null when it reported none. */
  providerVat: string | null;
  /** Money given back, each refund: "$59.99", when (ISO) and why ("Return RMA-5001"), oldest first. */
  refunds: Array<{ amount: string; createdAt: string; reason: string }>;
  /**
   * The provider's raw charge data as indented JSON, when kept: as received at payment, when the
   * receipt was written (`createdAt`), and never updated after.
   */
  providerData: string | null;
  /** The order's invoice and credit notes, to download (docs/INVOICES.md). */
  documents: OrderDocumentLink[];
  /** What was paid for, a line each: "Hoodie (Black, M) × 2". */
  items: string[];
}

/**
 * An amount in the currency's smallest unit formatted in that currency and the store's locale.
 * The store sells in two-decimal currencies only (formatMoney), but a receipt says what the
 * provider charged: a zero-decimal one (JPY) is read as whole units, as the provider counts it.
 * An unknown currency code still shows the number and the code.
 */
function formatReceiptAmount(minorUnits: number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  try {
    if (twoDecimalCurrency(code)) return formatMoney(minorUnits, { currency: code, locale });
    const format = new Intl.NumberFormat(locale, { style: "currency", currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minorUnits / 10 ** digits);
  } catch {
    return `${(minorUnits / 100).toFixed(2)} ${code}`;
  }
}

/** The order's VAT, in the order's own currency. */
function orderVat(order: ReceiptWithOrder["order"], locale: string): ReceiptView["vat"] {
  if (order.taxCountry === null || order.taxRateBasisPoints === null) return null;
  return {
    label: vatLabel(order.taxRateBasisPoints, countryName(order.taxCountry)),
    amount: formatReceiptAmount(order.taxCents, order.currency, locale),
  };
}

function toReceiptView(
  receipt: ReceiptWithOrder,
  locale: string,
  documents: Map<string, OrderDocumentLink[]>,
  items: Map<string, string[]>,
): ReceiptView {
  return {
    id: receipt.id,
    receiptNumber: receipt.receiptNumber,
    orderNumber: receipt.order.orderNumber,
    billingEmail: receipt.billingEmail,
    cardLabel: receipt.paymentMethodLabel ?? cardLabel(receipt.cardBrand, receipt.cardLast4),
    // formatted here, on the server, so the browser shows exactly the same text after hydration
    currency: receipt.currency.toUpperCase(),
    amount: formatReceiptAmount(receipt.amountCents, receipt.currency, locale),
    status: receipt.status,
    createdAt: receipt.createdAt.toISOString(),
    vat: orderVat(receipt.order, locale),
    providerVat:
      receipt.taxCents === null ? null : formatReceiptAmount(receipt.taxCents, receipt.currency, locale),
    refunds: receipt.refunds.map((given) => ({
      amount: formatReceiptAmount(given.amountCents, receipt.currency, locale),
      createdAt: given.at.toISOString(),
      reason: given.reason,
    })),
    providerData:
      receipt.providerData === null || receipt.providerData === undefined
        ? null
        : JSON.stringify(receipt.providerData, null, 2),
    documents: documents.get(receipt.orderId) ?? [],
    items: items.get(receipt.orderId) ?? [],
  };
}

/** Each order's lines as a receipt names them, by order id. */
async function listReceiptItems(db: Database, orderIds: readonly string[]): Promise<Map<string, string[]>> {
  const items = new Map<string, string[]>();
  if (orderIds.length === 0) return items;
  const rows = await db
    .select({
      orderId: orderItem.orderId,
      productName: orderItem.productName,
      size: orderItem.size,
      color: orderItem.color,
      quantity: orderItem.quantity,
    })
    .from(orderItem)
    .where(inArray(orderItem.orderId, [...orderIds]))
    .orderBy(asc(orderItem.productName), asc(orderItem.color), asc(orderItem.size));
  for (const row of rows) {
    const line = `${sizedName(row.productName, row.size, row.color)} × ${row.quantity}`;
    items.set(row.orderId, [...(items.get(row.orderId) ?? []), line]);
  }
  return items;
}

/** One page of payment receipts (searchReceipts), shaped for the receipts screen. */
export async function searchReceiptViews(
  options: Parameters<typeof searchReceipts>[0] & {
    /** The store's locale (STORE_LOCALE); each amount is in its receipt's currency. */
    locale: string;
  },
) {
  const result = await searchReceipts(options);
  const orderIds = result.receipts.map((receipt) => receipt.orderId);
  const [documents, items] = await Promise.all([
    listOrderDocuments(options.db, orderIds, "admin"),
    listReceiptItems(options.db, orderIds),
  ]);
  return {
    ...result,
    receipts: result.receipts.map((receipt) => toReceiptView(receipt, options.locale, documents, items)),
  };
}
