import { requireUser } from "../../../server/auth/guards";
import { orderDocumentPdf } from "../../../server/invoices/order-document-pdf";
import type { Route } from "./+types/order-document";

/**
 * GET /account/orders/:orderId/documents/:file ("INV-2026-000001.pdf"): the signed-in customer's
 * invoice or credit note of their own order (docs/INVOICES.md#where-to-download). Another
 * customer's order, or a document that does not exist, is the same 404.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { user } = requireUser(context, url);
  const pdf = await orderDocumentPdf({
    db: context.db,
    orderId: params.orderId,
    file: params.file,
    ownerId: user.id,
  });
  return (
    pdf ?? new Response("Document not found.", { status: 404, headers: { "Content-Type": "text/plain" } })
  );
}
