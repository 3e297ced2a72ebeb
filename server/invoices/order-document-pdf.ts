import { and, eq } from "drizzle-orm";
import { documentNumberOfFile } from "../../core/order-documents";
import type { Database } from "../db/client";
import { creditNote, invoice, order } from "../db/schema";
import { renderDocumentPdf } from "./render-document-pdf";

/**
 * An order's invoice or credit note as a PDF download (docs/INVOICES.md#where-to-download), found by
 * the order and the file name ("INV-2026-000001.pdf"). With `ownerId`, only that customer's order:
 * null for anyone else, as for a document that does not exist (the route answers 404 to both, so a
 * guessed number or order id reveals nothing).
 */
export async function orderDocumentPdf(options: {
  db: Database;
  orderId: string;
  file: string;
  ownerId?: string;
}): Promise<Response | null> {
  const { db, orderId, file, ownerId } = options;
  const number = documentNumberOfFile(file);
  if (!number || !/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [owner] = await db.select({ userId: order.userId }).from(order).where(eq(order.id, orderId));
  if (!owner || (ownerId !== undefined && owner.userId !== ownerId)) return null;
  const [found] = number.startsWith("INV-")
    ? await db
        .select({ content: invoice.content })
        .from(invoice)
        .where(and(eq(invoice.orderId, orderId), eq(invoice.number, number)))
    : await db
        .select({ content: creditNote.content })
        .from(creditNote)
        .innerJoin(invoice, eq(invoice.id, creditNote.invoiceId))
        .where(and(eq(invoice.orderId, orderId), eq(creditNote.number, number)));
  if (!found) return null;
  const pdf = await renderDocumentPdf(found.content);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${number}.pdf"`,
      "Content-Length": String(pdf.length),
      // a customer's name and address: never kept by a shared cache
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
