import { asc, eq } from "drizzle-orm";
import { cardLabel } from "../../core/payment-method";
import type { Config } from "../config";
import type { Transaction } from "../db/client";
import { type Invoice, invoice, order, orderItem, receipt } from "../db/schema";
import type { Logger } from "../logger";
import {
  calendarDay,
  customerFromAddress,
  type DocumentContent,
  documentLine,
  lineDescription,
  SHIPPING_DESCRIPTION,
  summarizeLines,
} from "./document-content";
import { nextDocumentNumber } from "./next-document-number";

export type DocumentConfig = Pick<Config, "seller" | "storeName" | "timeZone" | "locale">;

/**
 * Issues the invoice of an order that has just been paid (docs/INVOICES.md), in the transaction
 * that marks it paid: the number is taken from the year's counter in that transaction, so a
 * rollback of the payment takes it back. Its content is frozen here from the order as sold; the
 * invoice is never rewritten (a later change goes on a credit note). Idempotent: an order that
 * already has its invoice keeps it.
 */
export async function issueInvoice(
  tx: Transaction,
  options: { orderId: string; config: DocumentConfig; log: Pick<Logger, "error">; now?: Date },
): Promise<Invoice> {
  const { orderId, config, now = new Date() } = options;
  const [existing] = await tx.select().from(invoice).where(eq(invoice.orderId, orderId));
  if (existing) return existing;
  const [row] = await tx.select().from(order).where(eq(order.id, orderId));
  if (!row) throw new Error(`order ${orderId} does not exist, so it cannot be invoiced`);
  const items = await tx
    .select()
    .from(orderItem)
    .where(eq(orderItem.orderId, orderId))
    .orderBy(asc(orderItem.productName), asc(orderItem.size), asc(orderItem.id));
  const [paid] = await tx
    .select({ cardBrand: receipt.cardBrand, cardLast4: receipt.cardLast4 })
    .from(receipt)
    .where(eq(receipt.orderId, orderId));

  const lines = items.map((item) =>
    documentLine({
      orderItemId: item.id,
      description: lineDescription(item),
      quantity: item.quantity,
      netCents: item.netCents,
      taxCents: item.taxCents,
      rateBasisPoints: item.taxRateBasisPoints,
    }),
  );
  if (row.shippingCents > 0) {
    lines.push(
      documentLine({
        description: SHIPPING_DESCRIPTION,
        quantity: 1,
        // shipping is entered like the prices: with its VAT (inclusive) or without (exclusive)
        netCents: row.pricesIncludeTax ? row.shippingCents - row.shippingTaxCents : row.shippingCents,
        taxCents: row.shippingTaxCents,
        rateBasisPoints: row.taxRateBasisPoints ?? 0,
      }),
    );
  }
  const summary = summarizeLines(lines);
  if (summary.totals.grossCents !== row.totalCents || summary.totals.taxCents !== row.taxCents) {
    // the lines are the order's own figures, so this is a defect; it is reported rather than thrown,
    // since throwing would roll back the payment the customer has made
    options.log.error(
      { orderId },
      `order ${row.orderNumber}: its lines add up to ${summary.totals.grossCents} (VAT ${summary.totals.taxCents}) but it totals ${row.totalCents} (VAT ${row.taxCents})`,
    );
  }
  const issuedOn = calendarDay(now, config.timeZone);
  const number = await nextDocumentNumber(tx, "invoice", Number(issuedOn.slice(0, 4)));
  const content: DocumentContent = {
    kind: "invoice",
    number,
    issuedOn,
    suppliedOn: calendarDay(row.paidAt ?? now, config.timeZone),
    storeName: config.storeName,
    seller: {
      legalName: config.seller.legalName,
      address: config.seller.address,
      vatId: config.seller.vatId,
      email: config.seller.email,
      phone: config.seller.phone,
      tradeRegister: config.seller.tradeRegister,
    },
    customer: customerFromAddress(row.shippingAddress),
    orderNumber: row.orderNumber,
    currency: row.currency.toUpperCase(),
    locale: config.locale,
    pricesIncludeTax: row.pricesIncludeTax,
    lines,
    ...summary,
    // the method as the provider reported it ("SEPA Direct Debit •••• 3000"), else the receipt's card
    paymentMethod: row.paymentMethodLabel ?? cardLabel(paid?.cardBrand, paid?.cardLast4),
    couponCode: row.couponCode,
  };
  const [issued] = await tx.insert(invoice).values({ number, orderId, issuedAt: now, content }).returning();
  if (!issued) throw new Error(`invoice ${number} was not written`);
  return issued;
}
