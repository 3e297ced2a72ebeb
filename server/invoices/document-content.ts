// What an invoice or a credit note says (docs/INVOICES.md#content), frozen as JSON when it is
// issued: the PDF is drawn from this alone, so a later change of the seller's settings, a product's
// name or the order cannot rewrite a document already issued.
import type { Seller } from "../../core/seller";

export type DocumentKind = "invoice" | "credit_note";

/** One line: an order line (product and size) or the shipping. Amounts in the document's currency. */
export interface DocumentLine {
  /** The order line it bills or credits; absent for the shipping. */
  orderItemId?: string;
  description: string;
  quantity: number;
  /** The line's net divided by its quantity, rounded half-up to the cent (the line net is exact). */
  unitNetCents: number;
  /** Without VAT, after the line's share of the coupon. */
  netCents: number;
  /** Hundredths of a percent: 1900 = 19 %. */
  rateBasisPoints: number;
  taxCents: number;
  /** net + VAT. */
  grossCents: number;
}

/** One VAT rate's share of the document: the net amount it was charged on and the VAT. */
export interface DocumentRateSummary {
  rateBasisPoints: number;
  netCents: number;
  taxCents: number;
}

export interface DocumentContent {
  kind: DocumentKind;
  /** INV-2026-000001 or CN-2026-000001. */
  number: string;
  /** Calendar days (YYYY-MM-DD) in the store's time zone. */
  issuedOn: string;
  /** The date of supply: the day the order was paid (docs/INVOICES.md#dates). */
  suppliedOn: string;
  storeName: string;
  seller: Pick<Seller, "legalName" | "address" | "vatId" | "email" | "phone" | "tradeRegister">;
  customer: { name: string; addressLines: string[] };
  orderNumber: string;
  /** ISO 4217, upper case: the order's currency. */
  currency: string;
  /** How amounts and dates are written (STORE_LOCALE when issued). */
  locale: string;
  pricesIncludeTax: boolean;
  lines: DocumentLine[];
  taxSummary: DocumentRateSummary[];
  totals: { netCents: number; taxCents: number; grossCents: number };
  /** "Visa •••• 4242", or the payment adapter's name; null when not known. */
  paymentMethod: string | null;
  couponCode: string | null;
  /** A credit note's invoice, and why it was issued. */
  invoiceNumber?: string;
  invoiceIssuedOn?: string;
  reason?: string;
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/** A line from its net and VAT: the unit price is derived, the line amounts are the truth. */
export function documentLine(part: {
  orderItemId?: string;
  description: string;
  quantity: number;
  netCents: number;
  taxCents: number;
  rateBasisPoints: number;
}): DocumentLine {
  return {
    ...part,
    unitNetCents: Math.floor((2 * part.netCents + part.quantity) / (2 * part.quantity)),
    grossCents: part.netCents + part.taxCents,
  };
}

/** The lines grouped by rate, highest rate first; and the totals, which are the lines' sums. */
export function summarizeLines(lines: readonly DocumentLine[]): {
  taxSummary: DocumentRateSummary[];
  totals: DocumentContent["totals"];
} {
  const byRate = new Map<number, DocumentRateSummary>();
  for (const line of lines) {
    const entry = byRate.get(line.rateBasisPoints) ?? {
      rateBasisPoints: line.rateBasisPoints,
      netCents: 0,
      taxCents: 0,
    };
    entry.netCents += line.netCents;
    entry.taxCents += line.taxCents;
    byRate.set(line.rateBasisPoints, entry);
  }
  const sum = (pick: (line: DocumentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxSummary: [...byRate.values()].sort((a, b) => b.rateBasisPoints - a.rateBasisPoints),
    totals: {
      netCents: sum((line) => line.netCents),
      taxCents: sum((line) => line.taxCents),
      grossCents: sum((line) => line.grossCents),
    },
  };
}

/** The shipping address as stored (one part per line, the name first): who and where. */
export function customerFromAddress(shippingAddress: string): DocumentContent["customer"] {
  const [name = "", ...addressLines] = shippingAddress.split("\n").filter((line) => line.trim() !== "");
  return { name, addressLines };
}

/** An order line's description on a document: "Hoodie (size M)", "Hoodie (Black, size M)". */
export const lineDescription = (item: { productName: string; size: string; color?: string | null }) =>
  item.color
    ? `${item.productName} (${item.color}, size ${item.size})`
    : `${item.productName} (size ${item.size})`;

export const SHIPPING_DESCRIPTION = "Shipping";
