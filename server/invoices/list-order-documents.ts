import { asc, eq, sql } from "drizzle-orm";
import { type DocumentAudience, type OrderDocumentLink, orderDocumentLink } from "../../core/order-documents";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
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

/** The orders' invoices and credit notes, invoice first then credit notes in order of issue, per order. */
export async function listOrderDocuments(
  db: Database,
  orderIds: readonly string[],
  audience: DocumentAudience,
): Promise<Map<string, OrderDocumentLink[]>> {
  const byOrder = new Map<string, OrderDocumentLink[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await orderDocuments(db).execute({ orderIds });
  for (const row of rows) {
    let links = byOrder.get(row.orderId);
    if (!links) {
      links = [orderDocumentLink(audience, row.orderId, { kind: "invoice", number: row.invoiceNumber })];
      byOrder.set(row.orderId, links);
    }
    if (row.creditNoteNumber !== null) {
      links.push(
        orderDocumentLink(audience, row.orderId, { kind: "credit_note", number: row.creditNoteNumber }),
      );
    }
  }
  return byOrder;
}
