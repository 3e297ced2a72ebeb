// Invoices and credit notes (docs/INVOICES.md): one invoice per paid order, one credit note per
// refund, each numbered from its own gap-free sequence per year and frozen when issued.
import { integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type { DocumentContent } from "../../invoices/document-content";
import { belongsTo, instant, timestamps, uuidPrimaryKey } from "./columns";
import { order, refund } from "./orders";

/** The document kinds that are numbered: invoices (INV-) and credit notes (CN-). */
export const DOCUMENT_KINDS = ["invoice", "credit_note"] as const;

/**
 * The last number given per kind and year. Not a PostgreSQL sequence: a sequence skips the numbers
 * of rolled-back transactions, and invoice numbers must have no gap. The row is bumped inside the
 * transaction that issues the document, so a rollback takes the number back and two issuers wait
 * for each other on the row (server/invoices/next-document-number.ts).
 */
export const documentCounter = pgTable(
  "document_counter",
  {
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/** An order's invoice: issued once, when it is paid, and never rewritten. */
export const invoice = pgTable("invoice", {
  id: uuidPrimaryKey(),
  /** INV-2026-000001 */
  number: text("number").notNull().unique(),
  // one invoice per order: a replayed payment cannot issue a second one
  orderId: belongsTo("order_id", () => order.id).unique(),
  issuedAt: instant("issued_at").notNull(),
  /** Everything the document shows, frozen at issue; the PDF is rendered from it alone. */
  content: jsonb("content").$type<DocumentContent>().notNull(),
  createdAt: timestamps.createdAt,
});

export type Invoice = typeof invoice.$inferSelect;

/** A refund's credit note, referencing the order's invoice: issued once per refund, never rewritten. */
export const creditNote = pgTable("credit_note", {
  id: uuidPrimaryKey(),
  /** CN-2026-000001 */
  number: text("number").notNull().unique(),
  invoiceId: uuid("invoice_id")
    .notNull()
    .references(() => invoice.id, { onDelete: "cascade" }),
  // one credit note per refund
  refundId: belongsTo("refund_id", () => refund.id).unique(),
  issuedAt: instant("issued_at").notNull(),
  content: jsonb("content").$type<DocumentContent>().notNull(),
  createdAt: timestamps.createdAt,
});

export type CreditNote = typeof creditNote.$inferSelect;
