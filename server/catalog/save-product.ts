import { eq, inArray, sql } from "drizzle-orm";
import { isProductId } from "../../core/product";
import {
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_SIZES,
  type ProductInput,
  productMessages,
} from "../../core/validation/product-form";
import { AppError } from "../app-error";
import type { Database, Transaction } from "../db/client";
import { mediaUpload, orderItem, type Product, product, productVariant } from "../db/schema";
import type { Logger } from "../logger";
import type { MailQueue } from "../mail/mail-queue";
import { deleteUnusedImages } from "../media/delete-image";
import type { BackInStockMailConfig } from "../stock-alerts/alert-variant";
import { sendBackInStockAlerts } from "../stock-alerts/send-back-in-stock-alerts";
import type { Storage } from "../storage/storage";

/**
 * Creates a product, or updates the product `productId`, with the images in the given order.
 * An image may be attached only if it is already on this product or is a fresh upload recorded in
 * media_upload: nobody can point a product at an arbitrary storage key. Attached uploads stop
 * being fresh (their rows go, so the sweeper leaves them alone); images the edit dropped are
 * deleted from storage once nothing else uses them.
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
}): Promise<{ product: Product; created: boolean }> {
  const { db, input, productId } = options;
  if (input.images.length > MAX_PRODUCT_IMAGES)
    throw new AppError("too_many_images", productMessages.tooManyImages);
  if (new Set(input.images).size !== input.images.length)
    throw new AppError("duplicate_image", productMessages.duplicateImage);

  if (productId !== undefined && !isProductId(productId))
    throw new AppError("product_not_found", productMessages.notFound, 404);

  const { saved, dropped, alerted } = await db.transaction(async (tx) => {
    const [existing] = productId
      ? await tx.select().from(product).where(eq(product.id, productId)).for("update")
      : [];
    if (productId && !existing) throw new AppError("product_not_found", productMessages.notFound, 404);

    const current = new Set(existing?.images ?? []);
    const fresh = input.images.filter((imageId) => !current.has(imageId));
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
    await saveSizes(tx, written.id, input.sizes);
    // sizes back in stock: their waiting requests are mailed with this save, once
    const alerted = existing
      ? await sendBackInStockAlerts(tx, { config: options.config, productId: existing.id })
      : 0;
    // read back: the stock is the sum of the sizes, written by the database
    const [row] = await tx.select().from(product).where(eq(product.id, written.id));
    if (!row) throw new Error("the product row was not written");
    const kept = new Set(input.images);
    return {
      saved: row,
      dropped: (existing?.images ?? []).filter((imageId) => !kept.has(imageId)),
      alerted,
    };
  });
  if (alerted > 0) options.mailQueue.wake();

  // after the commit: a failure to delete a file must not undo the admin's save
  if (dropped.length > 0) await deleteUnusedImages({ ...options, imageIds: dropped });
  return { product: saved, created: !productId };
}

/**
 * Makes the product's sizes those of the form, in its order. A size keeps its id (and so its
 * place in carts) when edited; a size dropped from the form is deleted, or retired when orders
 * name it; a retired size named again is put back on sale. The caller holds the product's row
 * lock, which every writer of sizes takes first.
 */
async function saveSizes(tx: Transaction, productId: string, sizes: ProductInput["sizes"]): Promise<void> {
  const current = await tx.select().from(productVariant).where(eq(productVariant.productId, productId));
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
      await tx.insert(productVariant).values({ ...values, productId });
    }
  }
}
