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

/**
 * An order's invoice then its credit notes in order of issue, as links (the order listOrderDocuments
 * and orderDocumentNumbers read them in).
 */
export function orderDocumentLinks(
  audience: DocumentAudience,
  orderId: string,
  numbers: { invoice: string; creditNotes: readonly string[] },
): OrderDocumentLink[] {
  return [
    orderDocumentLink(audience, orderId, { kind: "invoice", number: numbers.invoice }),
    ...numbers.creditNotes.map((number) =>
      orderDocumentLink(audience, orderId, { kind: "credit_note", number }),
    ),
  ];
}

/** The orders' invoices and credit notes, invoice first then credit notes in order of issue, per order. */
export async function listOrderDocuments(
  db: Database,
  orderIds: readonly string[],
  audience: DocumentAudience,
): Promise<Map<string, OrderDocumentLink[]>> {
  const numbers = new Map<string, { invoice: string; creditNotes: string[] }>();
  if (orderIds.length === 0) return new Map();
  const rows = await orderDocuments(db).execute({ orderIds });
  for (const row of rows) {
    let entry = numbers.get(row.orderId);
    if (!entry) {
      entry = { invoice: row.invoiceNumber, creditNotes: [] };
      numbers.set(row.orderId, entry);
    }
    if (row.creditNoteNumber !== null) entry.creditNotes.push(row.creditNoteNumber);
  }
  return new Map(
    [...numbers].map(([orderId, entry]) => [orderId, orderDocumentLinks(audience, orderId, entry)]),
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
