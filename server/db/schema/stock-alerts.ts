// "Tell me when my size is back": requests to be e-mailed once when a sold-out size is in stock again.
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "../auth-schema";
import { productVariant } from "./catalog";
import { instant, uuidPrimaryKey } from "./columns";

/**
 * One address waiting for one size (a variant: a colour and size, or a size) to be back
 * (docs/BACK-IN-STOCK.md). A signed-out address is waiting only once it confirmed by the link mailed to
 * it (double opt-in); a signed-in customer's request is confirmed when made. Restocking the size
 * e-mails every confirmed request once and marks it notified; the row is then kept for no purpose and
 * is deleted with the account, or swept.
 */
export const stockAlert = pgTable(
  "stock_alert",
  {
    id: uuidPrimaryKey(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariant.id, { onDelete: "cascade" }),
    /** Where the alert goes, as given (compared in lower case). */
    email: text("email").notNull(),
    /** The customer who asked while signed in; their alerts are deleted with their account. */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** SHA-256 of the confirmation token mailed to a signed-out address; null once confirmed. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmedAt: instant("confirmed_at"),
    notifiedAt: instant("notified_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    // one waiting request per address and size
    uniqueIndex("stock_alert_waiting_idx")
      .on(t.variantId, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} is null`),
    // what a restock e-mails, and the dashboard's most wanted sizes
    index("stock_alert_confirmed_idx")
      .on(t.variantId)
      .where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
    index("stock_alert_email_idx").on(sql`lower(${t.email})`),
    index("stock_alert_user_idx").on(t.userId),
  ],
);

export type StockAlert = typeof stockAlert.$inferSelect;
