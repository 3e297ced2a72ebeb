import { asc, eq, type SQL, sql } from "drizzle-orm";
import { type DocumentAudience, type OrderDocumentLink, orderDocumentLink } from "../../core/order-documents";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { qualified } from "../db/qualified";
import { creditNote, invoice } from "../db/schema";

// one row per credit note, or one for an invoice without any (an order has at most one invoice)
const orderDocuments = preparedPerDatabase((db) =>
  db
    .select({ orderId: invoice.orderId, invoiceNumber: invoice.number, creditNoteNumber: creditNote.number })
    .from(invoice)
    .leftJoin(creditNote, eq(creditNote.invoiceId, invoice.id))
    .where(sql`${invoice.orderId} = any(${sql.placeholder("orderIds")}::uuid[])`)
    .orderBy(asc(creditNote.issuedAt), asc(creditNote.number))
    .prepare("order_documents"),
);

/** Links to an order's documents from their numbers: the invoice's first, then its credit notes' in order of issue. */
export function orderDocumentLinks(
  audience: DocumentAudience,
  orderId: string,
  numbers: readonly string[],
): OrderDocumentLink[] {
  return numbers.map((number, index) =>
    orderDocumentLink(audience, orderId, { kind: index === 0 ? "invoice" : "credit_note", number }),
  );
}

/** The orders' invoices and credit notes, invoice first then credit notes in order of issue, per order. */
export async function listOrderDocuments(
  db: Database,
  orderIds: readonly string[],
  audience: DocumentAudience,
): Promise<Map<string, OrderDocumentLink[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await orderDocuments(db).execute({ orderIds });
  const numbers = new Map<string, string[]>();
  for (const row of rows) {
    const ofOrder = numbers.get(row.orderId) ?? [row.invoiceNumber];
    if (row.creditNoteNumber !== null) ofOrder.push(row.creditNoteNumber);
    numbers.set(row.orderId, ofOrder);
  }
  return new Map(
    [...numbers].map(([orderId, ofOrder]) => [orderId, orderDocumentLinks(audience, orderId, ofOrder)]),
  );
}

/**
 * As an expression on an order read alone (`orderId` names its id column): its invoice's number
 * then its credit notes' in order of issue, or null without an invoice. Lets a list of orders read
 * its documents in its own query (server/orders/list-customer-orders.ts).
 */
export function orderDocumentNumbers(orderId: SQL) {
  return sql<string[] | null>`(select array[${qualified(invoice, invoice.number)}] || array(
    select ${qualified(creditNote, creditNote.number)} from ${creditNote}
    where ${qualified(creditNote, creditNote.invoiceId)} = ${qualified(invoice, invoice.id)}
    order by ${qualified(creditNote, creditNote.issuedAt)}, ${qualified(creditNote, creditNote.number)}
  ) from ${invoice} where ${qualified(invoice, invoice.orderId)} = ${orderId})`;
}
