// Columns many tables declare alike.
import { type AnyPgColumn, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "../auth-schema";

/** A point in time, stored with its time zone (timestamptz). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** created_at and updated_at, as every table that changes has them. */
export const timestamps = {
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A random UUID as the primary key, named "id". */
export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

/** The row this one belongs to: required, and deleted with it. */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: "cascade" });

/**
 * The account of the person who placed, asked or changed something; null once they deleted it:
 * the row stays (tax records, audits), detached from the erased person.
 */
export const userReference = (name: string) => text(name).references(() => user.id, { onDelete: "set null" });
