import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { isProductId } from "../../core/product";
import {
  MAX_PRODUCT_COLORS,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_SIZES,
  type ProductInput,
  productMessages,
} from "../../core/validation/product-form";
import { AppError } from "../app-error";
import type { Database, Transaction } from "../db/client";
import {
  mediaUpload,
  orderItem,
  type Product,
  product,
  productColor,
  productPriceChange,
  productVariant,
} from "../db/schema";
import type { Logger } from "../logger";
import type { MailQueue } from "../mail/mail-queue";
import { deleteUnusedImages } from "../media/delete-image";
import type { BackInStockMailConfig } from "../stock-alerts/alert-variant";
import { sendBackInStockAlerts } from "../stock-alerts/send-back-in-stock-alerts";
import type { Storage } from "../storage/storage";

/**
 * Creates a product, or updates the product `productId`, with the images in the given order, and
 * its sizes, or its colours with their own images and sizes (docs/ARCHITECTURE.md#colours).
 * An image may be attached only if it is already on this product (or one of its colours) or is a
 * fresh upload recorded in media_upload: nobody can point a product at an arbitrary storage key.
 * Attached uploads stop being fresh (their rows go, so the sweeper leaves them alone); images the
 * edit dropped are deleted from storage once nothing else uses them.
 */
export async function saveProduct(options: {
  db: Database;
  storage: Storage;
  log: Pick<Logger, "error">;
  /** A size put back in stock e-mails those waiting for it (docs/BACK-IN-STOCK.md). */
  config: BackInStockMailConfig;
  mailQueue: Pick<MailQueue, "wake">;
  /** Absent: a new product. */
  productId?: string;
  input: ProductInput;
  /** The admin saving it, recorded with a price change; absent for the demo seed and scripts. */
  changedBy?: string | null;
}): Promise<{ product: Product; created: boolean }> {
  const { db, input, productId } = options;
  if (input.images.length > MAX_PRODUCT_IMAGES)
    throw new AppError("too_many_images", productMessages.tooManyImages);
  if (new Set(input.images).size !== input.images.length)
    throw new AppError("duplicate_image", productMessages.duplicateImage);
  if (input.colors.length > MAX_PRODUCT_COLORS)
    throw new AppError("too_many_colors", productMessages.tooManyColors);
  if (input.colors.some((color) => color.images.length > MAX_PRODUCT_IMAGES))
    throw new AppError("too_many_images", productMessages.tooManyImages);
  if (input.colors.length > 0 && input.sizes.length > 0)
    throw new AppError("sizes_beside_colors", productMessages.sizesBesideColors);
  const wantedImages = [...new Set([...input.images, ...input.colors.flatMap((color) => color.images)])];

  if (productId !== undefined && !isProductId(productId))
    throw new AppError("product_not_found", productMessages.notFound, 404);

  const { saved, dropped, alerted } = await db.transaction(async (tx) => {
    const [existing] = productId
      ? await tx.select().from(product).where(eq(product.id, productId)).for("update")
      : [];
    if (productId && !existing) throw new AppError("product_not_found", productMessages.notFound, 404);

    const colorImages = existing
      ? await tx
          .select({ images: productColor.images })
          .from(productColor)
          .where(eq(productColor.productId, existing.id))
      : [];
    const current = new Set([...(existing?.images ?? []), ...colorImages.flatMap((row) => row.images)]);
    const fresh = wantedImages.filter((imageId) => !current.has(imageId));
    if (fresh.length > 0) {
      // locking the rows keeps a concurrent sweep from deleting an upload while it is attached here
      const uploads = await tx
        .select({ imageId: mediaUpload.imageId })
        .from(mediaUpload)
        .where(inArray(mediaUpload.imageId, fresh))
        .for("update");
      if (uploads.length !== fresh.length)
        throw new AppError("unknown_image", productMessages.unknownImage, 400, {
          logMessage: `unknown image ids: ${fresh.filter((id) => !uploads.some((row) => row.imageId === id)).join(", ")}`,
        });
      await tx.delete(mediaUpload).where(inArray(mediaUpload.imageId, fresh));
    }

    const values = {
      name: input.name,
      priceCents: input.priceCents,
      salePriceCents: input.salePriceCents,
      saleStartsAt: input.saleStartsAt,
      saleEndsAt: input.saleEndsAt,
      description: input.description,
      category: input.category,
      featured: input.featured,
      finalSale: input.finalSale,
      images: input.images,
      manufacturerName: input.manufacturerName,
      manufacturerAddress: input.manufacturerAddress,
      manufacturerEmail: input.manufacturerEmail,
      euResponsiblePerson: input.euResponsiblePerson,
      composition: input.composition,
      careInstructions: input.careInstructions,
      safetyWarnings: input.safetyWarnings,
    };
    const [written] = existing
      ? await tx.update(product).set(values).where(eq(product.id, existing.id)).returning({ id: product.id })
      : await tx.insert(product).values(values).returning({ id: product.id });
    if (!written) throw new Error("the product row was not written");
    if (!existing || priceSettingsChanged(existing, input)) {
      // the price history the 30-day lowest price is computed from (docs/PRICING.md#sale-prices);
      // changed_at defaults to the transaction's now(), the instant the trigger priced the row at
      await tx.insert(productPriceChange).values({
        productId: written.id,
        priceCents: input.priceCents,
        salePriceCents: input.salePriceCents,
        saleStartsAt: input.saleStartsAt,
        saleEndsAt: input.saleEndsAt,
        changedBy: options.changedBy ?? null,
      });
    }
    // a product without colours has its sizes; one with colours has none outside them
    await saveSizes(tx, written.id, null, input.sizes);
    await saveColors(tx, written.id, input.colors);
    // sizes back in stock: their waiting requests are mailed with this save, once
    const alerted = existing
      ? await sendBackInStockAlerts(tx, { config: options.config, productId: existing.id })
      : 0;
    // read back: the stock is the sum of the sizes, written by the database
    const [row] = await tx.select().from(product).where(eq(product.id, written.id));
    if (!row) throw new Error("the product row was not written");
    const kept = new Set(wantedImages);
    return { saved: row, dropped: [...current].filter((imageId) => !kept.has(imageId)), alerted };
  });
  if (alerted > 0) options.mailQueue.wake();

  // after the commit: a failure to delete a file must not undo the admin's save
  if (dropped.length > 0) await deleteUnusedImages({ ...options, imageIds: dropped });
  return { product: saved, created: !productId };
}

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether a save changes the regular price or any part of the sale. */
function priceSettingsChanged(before: Product, after: ProductInput): boolean {
  return (
    before.priceCents !== after.priceCents ||
    before.salePriceCents !== after.salePriceCents ||
    !sameInstant(before.saleStartsAt, after.saleStartsAt) ||
    !sameInstant(before.saleEndsAt, after.saleEndsAt)
  );
}

/**
 * Makes the product's colours those of the form, in its order, each with its sizes. A colour keeps
 * its id when edited; a colour dropped from the form is deleted with its sizes, or retired (with
 * its sizes) when orders name one of them; a retired colour named again is put back on sale. The
 * caller holds the product's row lock.
 */
async function saveColors(tx: Transaction, productId: string, colors: ProductInput["colors"]): Promise<void> {
  const current = await tx.select().from(productColor).where(eq(productColor.productId, productId));
  const byId = new Map(current.map((row) => [row.id, row]));
  const claimed = new Set(colors.flatMap((color) => (color.id ? [color.id] : [])));
  // a new colour with the name of one no other row keeps (retired, or removed now) brings it back
  const bySlug = new Map(current.filter((row) => !claimed.has(row.id)).map((row) => [row.slug, row]));
  const wanted = colors.map((color, position) => {
    if (color.id && !byId.has(color.id)) {
      throw new AppError("unknown_color", productMessages.unknownColor, 409, {
        logMessage: `colour ${color.id} is not a colour of product ${productId}`,
      });
    }
    return { ...color, position, id: color.id ?? bySlug.get(color.slug)?.id ?? null };
  });
  const kept = new Set(wanted.flatMap((color) => (color.id ? [color.id] : [])));

  for (const row of current.filter((candidate) => !kept.has(candidate.id) && !candidate.retiredAt)) {
    // its sizes go the way sizes go: deleted, or retired when sold
    await saveSizes(tx, productId, row.id, []);
    const [sold] = await tx
      .select({ id: productVariant.id })
      .from(productVariant)
      .where(eq(productVariant.colorId, row.id))
      .limit(1);
    if (sold) {
      await tx
        .update(productColor)
        .set({ retiredAt: new Date(), position: sql`${productColor.position} + ${MAX_PRODUCT_COLORS}` })
        .where(eq(productColor.id, row.id));
    } else {
      await tx.delete(productColor).where(eq(productColor.id, row.id));
    }
  }
  // slugs may swap between rows ("black" renamed "navy" and back): park the kept rows first, so
  // the unique (product, slug) index never sees two rows with one slug mid-way
  if (kept.size > 0) {
    await tx
      .update(productColor)
      .set({ slug: sql`'parked-' || replace(${productColor.id}::text, '-', '')` })
      .where(inArray(productColor.id, [...kept]));
  }
  for (const color of wanted) {
    const values = {
      name: color.name,
      slug: color.slug,
      swatch: color.swatch,
      images: color.images,
      position: color.position,
    };
    let colorId = color.id;
    if (colorId) {
      await tx
        .update(productColor)
        .set({ ...values, retiredAt: null, updatedAt: new Date() })
        .where(eq(productColor.id, colorId));
    } else {
      const [inserted] = await tx
        .insert(productColor)
        .values({ ...values, productId })
        .returning({ id: productColor.id });
      if (!inserted) throw new Error("the colour row was not written");
      colorId = inserted.id;
    }
    await saveSizes(tx, productId, colorId, color.sizes);
  }
}

/**
 * Makes the sizes of the product (of one of its colours, or those without a colour) those of the
 * form, in its order. A size keeps its id (and so its place in carts) when edited; a size dropped
 * from the form is deleted, or retired when orders name it; a retired size named again is put back
 * on sale. The caller holds the product's row lock, which every writer of sizes takes first.
 */
async function saveSizes(
  tx: Transaction,
  productId: string,
  colorId: string | null,
  sizes: ProductInput["sizes"],
): Promise<void> {
  const current = await tx
    .select()
    .from(productVariant)
    .where(
      and(
        eq(productVariant.productId, productId),
        colorId ? eq(productVariant.colorId, colorId) : isNull(productVariant.colorId),
      ),
    );
  const byId = new Map(current.map((row) => [row.id, row]));
  const claimed = new Set(sizes.flatMap((size) => (size.id ? [size.id] : [])));
  // a new row with the label of a size no other row keeps (retired, or removed in this edit) brings it back
  const byLabel = new Map(
    current.filter((row) => !claimed.has(row.id)).map((row) => [row.size.toLowerCase(), row]),
  );
  const wanted = sizes.map((size, position) => {
    if (size.id && !byId.has(size.id)) {
      throw new AppError("unknown_size", productMessages.unknownSize, 409, {
        logMessage: `size ${size.id} is not a size of product ${productId}`,
      });
    }
    const id = size.id ?? byLabel.get(size.size.toLowerCase())?.id ?? null;
    return { ...size, position, id };
  });
  const kept = new Set(wanted.flatMap((size) => (size.id ? [size.id] : [])));

  const dropped = current.filter((row) => !kept.has(row.id) && !row.retiredAt).map((row) => row.id);
  if (dropped.length > 0) {
    const sold = await tx
      .selectDistinct({ variantId: orderItem.variantId })
      .from(orderItem)
      .where(inArray(orderItem.variantId, dropped));
    const retired = new Set(sold.map((row) => row.variantId));
    const deletable = dropped.filter((id) => !retired.has(id));
    if (deletable.length > 0) await tx.delete(productVariant).where(inArray(productVariant.id, deletable));
    if (retired.size > 0)
      await tx
        .update(productVariant)
        .set({ retiredAt: new Date(), position: sql`${productVariant.position} + ${MAX_PRODUCT_SIZES}` })
        .where(inArray(productVariant.id, [...retired] as string[]));
  }
  // labels may swap between rows ("S" and "M"): park the kept rows on placeholders first, so the
  // unique (product, size) index never sees two rows with one label mid-way
  if (kept.size > 0) {
    await tx
      .update(productVariant)
      .set({ size: sql`'~' || left(${productVariant.id}::text, 18)` })
      .where(inArray(productVariant.id, [...kept]));
  }
  for (const size of wanted) {
    const values = { size: size.size, stock: size.stock, skuSuffix: size.skuSuffix, position: size.position };
    if (size.id) {
      await tx
        .update(productVariant)
        .set({ ...values, retiredAt: null })
        .where(eq(productVariant.id, size.id));
    } else {
      await tx.insert(productVariant).values({ ...values, productId, colorId });
    }
  }
}
