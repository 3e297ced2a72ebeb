import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { invoice } from "../db/schema";
import { renderDocumentPdf } from "../invoices/render-document-pdf";
import type { AttachmentReference, MailAttachment } from "./mailer";

/**
 * The files a queued e-mail names, made now: an invoice's PDF is drawn from its frozen content, so
 * it is the same document whenever it is made. A reference that no longer resolves fails the
 * attempt (retried like a transport failure) rather than sending the mail without its file.
 */
export async function loadAttachments(
  db: Database,
  references: readonly AttachmentReference[],
): Promise<MailAttachment[]> {
  return Promise.all(
    references.map(async (reference) => {
      const [issued] = await db.select().from(invoice).where(eq(invoice.orderId, reference.orderId));
      if (!issued) throw new Error(`the invoice of order ${reference.orderId} to attach does not exist`);
      return {
        filename: `${issued.number}.pdf`,
        contentType: "application/pdf",
        content: await renderDocumentPdf(issued.content),
      };
    }),
  );
}
