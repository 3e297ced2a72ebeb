// The catalog: products, their sizes, and images uploaded but not yet saved on a product.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, instant, timestamps, userReference, uuidPrimaryKey } from "./columns";

export const product = pgTable(
  "product",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    /**
     * The sum of the stock of the product's sizes that are on sale, kept by the database
     * (trigger product_variant_stock_sum, drizzle/0004_sizes.sql); the code never writes it.
     */
    stock: integer("stock").notNull().default(0),
    category: text("category"),
    // ordered image ids (see core/images.ts); the first is the card image
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    featured: boolean("featured").notNull().default(false),
    /** Final sale: shown in a return request but cannot be chosen (docs/RETURNS.md). */
    finalSale: boolean("final_sale").notNull().default(false),
    // Product safety (GPSR, Regulation (EU) 2023/988, Art. 19; docs/ARCHITECTURE.md#product-safety).
    // A null manufacturer is the shop's own brand: the seller is shown as the manufacturer.
    manufacturerName: text("manufacturer_name"),
    /** Postal address, one text. */
    manufacturerAddress: text("manufacturer_address"),
    /** Electronic address: an e-mail address or a web address. */
    manufacturerEmail: text("manufacturer_email"),
    /** Name, postal and electronic address in one text; only for a manufacturer outside the EU. */
    euResponsiblePerson: text("eu_responsible_person"),
    /** Fibre content, e.g. "100% organic cotton, 280 g/m²". */
    composition: text("composition"),
    careInstructions: text("care_instructions"),
    safetyWarnings: text("safety_warnings"),
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
    // the price sorts within a category, read in both directions (docs/PERFORMANCE.md)
    index("product_category_price_idx").on(sql`lower(${t.category})`, t.priceCents, t.id),
    index("product_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("product_price_idx").on(t.priceCents, t.id),
    index("product_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("product_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
  ],
);

export type Product = typeof product.$inferSelect;
export type NewProduct = typeof product.$inferInsert;

/**
 * One size of a product with its own stock (docs/ARCHITECTURE.md#sizes). Writers lock the product row
 * before its sizes (its stock sum is updated by a trigger), so two writers cannot deadlock.
 */
export const productVariant = pgTable(
  "product_variant",
  {
    id: uuidPrimaryKey(),
    productId: belongsTo("product_id", () => product.id),
    /** What the shopper picks: "M", "W32", "One Size". */
    size: text("size").notNull(),
    /** Appended to the product's SKU for this size ("PRD-1A2B3C4D-M"); optional. */
    skuSuffix: text("sku_suffix"),
    /** Display order, from 0. */
    position: integer("position").notNull(),
    stock: integer("stock").notNull().default(0),
    /** A size that appears in orders is retired rather than deleted: no longer sold, kept for history. */
    retiredAt: instant("retired_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_variant_size_idx").on(t.productId, t.size),
    index("product_variant_product_idx").on(t.productId, t.position),
    // the shop's size filter: products with this size on sale and in stock
    index("product_variant_in_stock_idx")
      .on(t.size, t.productId)
      .where(sql`${t.stock} > 0 and ${t.retiredAt} is null`),
    // the last line of defence against overselling: stock can never go below zero
    check("product_variant_stock_nonnegative", sql`${t.stock} >= 0`),
    check("product_variant_size_length", sql`length(${t.size}) between 1 and 20`),
  ],
);

export type ProductVariant = typeof productVariant.$inferSelect;

/** Images uploaded by an admin; a row lives until the image is attached to a product or swept after 24 h. */
export const mediaUpload = pgTable(
  "media_upload",
  {
    imageId: text("image_id").primaryKey(),
    uploadedBy: userReference("uploaded_by"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("media_upload_created_idx").on(t.createdAt)],
);
