import { sql } from "drizzle-orm";
import type { Transaction } from "../db/client";
import { type DOCUMENT_KINDS, documentCounter } from "../db/schema";

type DocumentKindName = (typeof DOCUMENT_KINDS)[number];

const PREFIX: Record<DocumentKindName, string> = { invoice: "INV", credit_note: "CN" };

/** INV-2026-000001: the kind's prefix, the year, the number in the year on six digits. */
function formatDocumentNumber(kind: DocumentKindName, year: number, sequence: number): string {
  return `${PREFIX[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * The next number of a kind in a year, gap-free (docs/INVOICES.md#numbering). Call it in the
 * transaction that issues the document: the upsert takes the counter row's lock until the commit,
 * so a concurrent issuer (in this process or another) waits and then gets the next number, and a
 * rollback gives the number back, where a sequence would leave a gap.
 */
export async function nextDocumentNumber(
  tx: Transaction,
  kind: DocumentKindName,
  year: number,
): Promise<string> {
  const [row] = await tx
    .insert(documentCounter)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounter.kind, documentCounter.year],
      set: { lastNumber: sql`${documentCounter.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounter.lastNumber });
  if (!row) throw new Error(`no ${kind} number was given for ${year}`);
  return formatDocumentNumber(kind, year, row.lastNumber);
}
