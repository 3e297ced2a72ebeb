// An order's invoice and credit notes as the customer's and the admin's screens link them
// (docs/INVOICES.md#where-to-download). The PDF's file name is the document's number.

export type OrderDocumentKind = "invoice" | "credit_note";

export interface OrderDocumentLink {
  kind: OrderDocumentKind;
  /** INV-2026-000001, CN-2026-000001. */
  number: string;
  /** The download: a resource route that answers the PDF as an attachment. */
  href: string;
  /** "Invoice (PDF)", "Credit note CN-2026-000001 (PDF)". */
  label: string;
}

/** Who downloads: the customer from My Orders, the admin from the order and the receipt. */
export type DocumentAudience = "customer" | "admin";

/** The number in a download's last path segment ("INV-2026-000001.pdf"), or null when it is not one. */
export function documentNumberOfFile(file: string): string | null {
  const match = /^((?:INV|CN)-\d{4}-\d{6})\.pdf$/.exec(file);
  return match?.[1] ?? null;
}

export function orderDocumentLink(
  audience: DocumentAudience,
  orderId: string,
  document: { kind: OrderDocumentKind; number: string },
): OrderDocumentLink {
  const base = audience === "customer" ? "/account/orders" : "/admin/orders";
  return {
    ...document,
    href: `${base}/${orderId}/documents/${document.number}.pdf`,
    label: document.kind === "invoice" ? "Invoice (PDF)" : `Credit note ${document.number} (PDF)`,
  };
}
