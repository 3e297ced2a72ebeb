// The catalog: products, their sizes, and images uploaded but not yet saved on a product.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, instant, timestamps, userReference, uuidPrimaryKey } from "./columns";

export const product = pgTable(
  "product",
  {
    id: uuidPrimaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    /** The regular price. */
    priceCents: integer("price_cents").notNull(),
    /**
     * A markdown (docs/PRICING.md#sale-prices): the sale price, in force from sale_starts_at (null: from
     * when it was saved) until sale_ends_at (null: until removed). Always below the regular price.
     */
    salePriceCents: integer("sale_price_cents"),
    saleStartsAt: instant("sale_starts_at"),
    saleEndsAt: instant("sale_ends_at"),
    /**
     * The price in force now: the sale price while its window is open, else the regular price. Set by
     * the database (trigger product_current_price, drizzle/0019_merchandising.sql) on every write, so
     * the code never writes it; a job touches the products whose sale window opened or closed since.
     * Only the shop's price sort and filters read it: prices shown and charged are computed from the
     * sale fields at that moment (core/sale-price.ts).
     */
    currentPriceCents: integer("current_price_cents").notNull().default(0),
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
    check(
      "product_sale_price_below_regular",
      sql`${t.salePriceCents} is null or (${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents})`,
    ),
    check(
      "product_sale_window_order",
      sql`${t.saleStartsAt} is null or ${t.saleEndsAt} is null or ${t.saleEndsAt} > ${t.saleStartsAt}`,
    ),
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
    index("product_category_price_idx").on(sql`lower(${t.category})`, t.currentPriceCents, t.id),
    index("product_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("product_price_idx").on(t.currentPriceCents, t.id),
    // the shop's "On sale" filter, newest first
    index("product_on_sale_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.currentPriceCents} < ${t.priceCents}`),
    index("product_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("product_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
  ],
);

export type Product = typeof product.$inferSelect;
export type NewProduct = typeof product.$inferInsert;

/**
 * Every price a product was given, with when (docs/PRICING.md#sale-prices): one row each time the
 * regular price or the sale (its price or window) changes, holding all four as they were then saved.
 * The price in force at any moment follows from these rows alone (core/sale-price.ts), which is what
 * the 30-day lowest price of a reduction is computed from. Rows are never changed.
 */
export const productPriceChange = pgTable(
  "product_price_change",
  {
    id: uuidPrimaryKey(),
    productId: belongsTo("product_id", () => product.id),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    saleStartsAt: instant("sale_starts_at"),
    saleEndsAt: instant("sale_ends_at"),
    changedAt: instant("changed_at").notNull().defaultNow(),
    changedBy: userReference("changed_by"),
  },
  (t) => [index("product_price_change_product_idx").on(t.productId, t.changedAt)],
);

export type ProductPriceChange = typeof productPriceChange.$inferSelect;

/**
 * A colour a product comes in (docs/ARCHITECTURE.md#colours), with its own pictures; its sizes are the
 * variants that name it. A product without colour rows is sold in sizes alone, as before.
 */
export const productColor = pgTable(
  "product_color",
  {
    id: uuidPrimaryKey(),
    productId: belongsTo("product_id", () => product.id),
    /** What the shopper reads: "Black", "Washed Olive". */
    name: text("name").notNull(),
    /** The name in the URL and the shop's colour filter: "black", "washed-olive". */
    slug: text("slug").notNull(),
    /** The swatch shown on the picker and the filter, "#1a1a1a"; null shows the name alone. */
    swatch: text("swatch"),
    /** Display order, from 0; the first is the colour a product page opens on. */
    position: integer("position").notNull(),
    // ordered image ids (see core/images.ts); the first is the colour's card image
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** A colour whose sizes appear in orders is retired rather than deleted, like a size. */
    retiredAt: instant("retired_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_color_slug_idx").on(t.productId, t.slug),
    index("product_color_product_idx").on(t.productId, t.position),
    // the shop's colour filter: products in this colour
    index("product_color_filter_idx").on(t.slug, t.productId).where(sql`${t.retiredAt} is null`),
    check("product_color_name_length", sql`length(${t.name}) between 1 and 30`),
    check("product_color_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("product_color_images_max_5", sql`coalesce(array_length(${t.images}, 1), 0) <= 5`),
  ],
);

export type ProductColor = typeof productColor.$inferSelect;

/**
 * One size of a product (in one colour, when it has colours) with its own stock (docs/ARCHITECTURE.md#sizes). Writers lock the product row
 * before its sizes (its stock sum is updated by a trigger), so two writers cannot deadlock.
 */
export const productVariant = pgTable(
  "product_variant",
  {
    id: uuidPrimaryKey(),
    productId: belongsTo("product_id", () => product.id),
    /** The colour this size is of; null for a product without colours. */
    colorId: uuid("color_id").references(() => productColor.id, { onDelete: "cascade" }),
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
    // one row per colour and size (a product without colours: per size)
    uniqueIndex("product_variant_color_size_idx").on(
      t.productId,
      sql`coalesce(${t.colorId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.size,
    ),
    index("product_variant_color_idx").on(t.colorId),
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
