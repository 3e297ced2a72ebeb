// VAT rates per destination country, their history, and the payment provider's ids for them (docs/TAX.md).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamps, userReference, uuidPrimaryKey } from "./columns";

/**
 * The VAT rate per destination country (docs/TAX.md), seeded from the sales-tax package at start for
 * any country missing and then the admin's to correct; every change is kept in tax_rate_change.
 */
export const taxRate = pgTable(
  "tax_rate",
  {
    country: text("country").primaryKey(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    /** Where the rate came from: "sales-tax 2.23.0" or "admin". */
    source: text("source").notNull(),
    updatedBy: userReference("updated_by"),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check("tax_rate_in_range", sql`${t.rateBasisPoints} between 0 and 10000`)],
);

export type TaxRate = typeof taxRate.$inferSelect;

/** Who changed which rate from what to what, and when: the audit an accountant asks for. */
export const taxRateChange = pgTable(
  "tax_rate_change",
  {
    id: uuidPrimaryKey(),
    country: text("country")
      .notNull()
      .references(() => taxRate.country, { onDelete: "cascade" }),
    previousBasisPoints: integer("previous_basis_points").notNull(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    changedBy: userReference("changed_by"),
    /** Kept as it was, so the record survives the account. */
    changedByEmail: text("changed_by_email").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("tax_rate_change_created_idx").on(t.createdAt.desc())],
);

/**
 * A payment provider's own object for one of our rates (a Stripe Tax Rate), created once per
 * country, rate and inclusiveness and reused by every session (docs/TAX.md#payments-and-stripe).
 */
export const providerTaxRate = pgTable(
  "provider_tax_rate",
  {
    provider: text("provider").notNull(),
    country: text("country").notNull(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    inclusive: boolean("inclusive").notNull(),
    providerRateId: text("provider_rate_id").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.provider, t.country, t.rateBasisPoints, t.inclusive] })],
);
