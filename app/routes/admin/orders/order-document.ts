import { requireAdmin } from "../../../../server/auth/guards";
import { orderDocumentPdf } from "../../../../server/invoices/order-document-pdf";
import type { Route } from "./+types/order-document";

/**
 * GET /admin/orders/:orderId/documents/:file ("CN-2026-000001.pdf"): any order's invoice or credit
 * note, for an admin only (from the order dialog and the receipt dialog; docs/INVOICES.md).
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const pdf = await orderDocumentPdf({ db: context.db, orderId: params.orderId, file: params.file });
  return (
    pdf ?? new Response("Document not found.", { status: 404, headers: { "Content-Type": "text/plain" } })
  );
}
