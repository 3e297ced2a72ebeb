import { asc, eq, inArray } from "drizzle-orm";
import { type DocumentAudience, type OrderDocumentLink, orderDocumentLink } from "../../core/order-documents";
import type { Database } from "../db/client";
import { creditNote, invoice } from "../db/schema";

/** The orders' invoices and credit notes, invoice first then credit notes in order of issue, per order. */
export async function listOrderDocuments(
  db: Database,
  orderIds: readonly string[],
  audience: DocumentAudience,
): Promise<Map<string, OrderDocumentLink[]>> {
  const byOrder = new Map<string, OrderDocumentLink[]>();
  if (orderIds.length === 0) return byOrder;
  const [invoices, creditNotes] = await Promise.all([
    db
      .select({ orderId: invoice.orderId, number: invoice.number })
      .from(invoice)
      .where(inArray(invoice.orderId, [...orderIds])),
    db
      .select({ orderId: invoice.orderId, number: creditNote.number })
      .from(creditNote)
      .innerJoin(invoice, eq(invoice.id, creditNote.invoiceId))
      .where(inArray(invoice.orderId, [...orderIds]))
      .orderBy(asc(creditNote.issuedAt), asc(creditNote.number)),
  ]);
  const add = (orderId: string, link: OrderDocumentLink) => {
    const links = byOrder.get(orderId);
    if (links) links.push(link);
    else byOrder.set(orderId, [link]);
  };
  for (const row of invoices)
    add(row.orderId, orderDocumentLink(audience, row.orderId, { kind: "invoice", number: row.number }));
  for (const row of creditNotes) {
    add(row.orderId, orderDocumentLink(audience, row.orderId, { kind: "credit_note", number: row.number }));
  }
  return byOrder;
}
