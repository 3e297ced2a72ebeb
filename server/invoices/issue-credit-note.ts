import { asc, eq } from "drizzle-orm";
import type { Transaction } from "../db/client";
import { type CreditNote, creditNote, invoice, order, refund } from "../db/schema";
import { returnRefundParts } from "../returns/compute-return-refund";
import {
  calendarDay,
  type DocumentContent,
  type DocumentLine,
  documentLine,
  lineDescription,
  SHIPPING_DESCRIPTION,
  summarizeLines,
} from "./document-content";
import type { DocumentConfig } from "./issue-invoice";
import { nextDocumentNumber } from "./next-document-number";

/**
 * What a refund gave back: everything the invoice bills that no earlier credit note credited (a
 * cancellation or a withdrawal before shipping), or a return's units and, with the last of them,
 * the shipping (server/returns/compute-return-refund.ts decides the amounts).
 */
export type CreditedPart = { kind: "rest-of-invoice" } | { kind: "return"; returnId: string };

/**
 * Issues the credit note of a refund just recorded (docs/INVOICES.md#credit-notes), in the refund's
 * transaction, numbered from its own gap-free sequence and referencing the order's invoice. None
 * when the order has no invoice (never paid, or paid before invoices existed). Idempotent per refund.
 */
export async function issueCreditNote(
  tx: Transaction,
  options: { refundId: string; credited: CreditedPart; config: DocumentConfig; now?: Date },
): Promise<CreditNote | null> {
  const { refundId, credited, config, now = new Date() } = options;
  const [given] = await tx.select().from(refund).where(eq(refund.id, refundId));
  if (!given) throw new Error(`refund ${refundId} does not exist, so it cannot be credited`);
  const [existing] = await tx.select().from(creditNote).where(eq(creditNote.refundId, refundId));
  if (existing) return existing;
  const [billed] = await tx.select().from(invoice).where(eq(invoice.orderId, given.orderId));
  if (!billed) return null;

  const lines =
    credited.kind === "return"
      ? await returnLines(tx, given.orderId, credited.returnId, billed.content)
      : await restOfInvoice(tx, billed.id, billed.content);
  const issuedOn = calendarDay(now, config.timeZone);
  const number = await nextDocumentNumber(tx, "credit_note", Number(issuedOn.slice(0, 4)));
  const content: DocumentContent = {
    // who sold to whom, and in what, stay as the invoice says
    ...billed.content,
    kind: "credit_note",
    number,
    issuedOn,
    locale: config.locale,
    lines,
    ...summarizeLines(lines),
    invoiceNumber: billed.number,
    invoiceIssuedOn: billed.content.issuedOn,
    reason: given.reason,
  };
  const [issued] = await tx
    .insert(creditNote)
    .values({ number, invoiceId: billed.id, refundId, issuedAt: now, content })
    .returning();
  if (!issued) throw new Error(`credit note ${number} was not written`);
  return issued;
}

/** The invoice's lines less what earlier credit notes of it credited. */
async function restOfInvoice(tx: Transaction, invoiceId: string, billed: DocumentContent) {
  const earlier = await tx
    .select({ content: creditNote.content })
    .from(creditNote)
    .where(eq(creditNote.invoiceId, invoiceId))
    .orderBy(asc(creditNote.createdAt));
  const creditedLines = earlier.flatMap((note) => note.content.lines);
  const sameLine = (a: DocumentLine, b: DocumentLine) =>
    a.orderItemId ? a.orderItemId === b.orderItemId : !b.orderItemId && a.description === b.description;
  return billed.lines.flatMap((line) => {
    const before = creditedLines.filter((credit) => sameLine(line, credit));
    const sum = (pick: (credit: DocumentLine) => number) => before.reduce((total, c) => total + pick(c), 0);
    const quantity = line.quantity - sum((c) => c.quantity);
    const netCents = line.netCents - sum((c) => c.netCents);
    const taxCents = line.taxCents - sum((c) => c.taxCents);
    if (quantity <= 0 && netCents === 0 && taxCents === 0) return [];
    return [
      documentLine({
        orderItemId: line.orderItemId,
        description: line.description,
        quantity: Math.max(quantity, 1),
        netCents,
        taxCents,
        rateBasisPoints: line.rateBasisPoints,
      }),
    ];
  });
}

/** A return's units at what they were paid, and the shipping when the return refunds it. */
async function returnLines(tx: Transaction, orderId: string, returnId: string, billed: DocumentContent) {
  const [row] = await tx.select().from(order).where(eq(order.id, orderId));
  if (!row) throw new Error(`order ${orderId} does not exist, so its return cannot be credited`);
  const parts = await returnRefundParts(tx, row, returnId);
  const lines = parts.lines.map((part) =>
    documentLine({
      orderItemId: part.item.id,
      description: lineDescription(part.item),
      quantity: part.units,
      netCents: part.cents - part.taxCents,
      taxCents: part.taxCents,
      rateBasisPoints: part.item.taxRateBasisPoints,
    }),
  );
  if (parts.shipping && parts.shipping.cents > 0) {
    const shippingLine = billed.lines.find((line) => !line.orderItemId);
    lines.push(
      documentLine({
        description: SHIPPING_DESCRIPTION,
        quantity: 1,
        netCents: parts.shipping.cents - parts.shipping.taxCents,
        taxCents: parts.shipping.taxCents,
        rateBasisPoints: shippingLine?.rateBasisPoints ?? row.taxRateBasisPoints ?? 0,
      }),
    );
  }
  return lines;
}
