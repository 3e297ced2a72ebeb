import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const product = pgTable(
  "product",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    category: text("category"),
    // ordered image ids (see core/images.ts); the first is the card image
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    featured: boolean("featured").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("product_price_cents_nonnegative", sql`${t.priceCents} >= 0`),
    // the last line of defence against overselling: stock can never go below zero
    check("product_stock_nonnegative", sql`${t.stock} >= 0`),
    check("product_images_max_5", sql`coalesce(array_length(${t.images}, 1), 0) <= 5`),
    index("product_featured_idx").on(t.featured, t.createdAt.desc().nullsFirst()).where(sql`${t.featured}`),
    index("product_category_idx").on(
      sql`lower(${t.category})`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("product_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("product_price_idx").on(t.priceCents, t.id),
    index("product_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("product_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
  ],
);

export type Product = typeof product.$inferSelect;
export type NewProduct = typeof product.$inferInsert;
export * from "./auth-schema";
