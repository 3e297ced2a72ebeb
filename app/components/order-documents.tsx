import { DownloadIcon } from "lucide-react";
import { cn } from "~/lib/utils";
import type { OrderDocumentLink } from "../../core/order-documents";

/**
 * An order's invoice and credit notes as download links (docs/INVOICES.md#where-to-download).
 * Plain links, not router links: the answer is a PDF attachment, not a page.
 */
export function OrderDocuments({
  documents,
  className,
}: {
  documents: readonly OrderDocumentLink[];
  className?: string;
}) {
  if (documents.length === 0) return null;
  return (
    <ul className={cn("grid gap-1.5 text-sm", className)} aria-label="Invoice and credit notes">
      {documents.map((document) => (
        <li key={document.number}>
          <a
            href={document.href}
            download={`${document.number}.pdf`}
            className="inline-flex items-center gap-2 underline-offset-4 hover:text-accent hover:underline"
          >
            <DownloadIcon className="size-4 text-accent" aria-hidden />
            {document.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
