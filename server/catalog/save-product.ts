import { eq, inArray } from "drizzle-orm";
import { isProductId } from "../../core/product";
import { MAX_PRODUCT_IMAGES, type ProductInput, productMessages } from "../../core/validation/product-form";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { mediaUpload, type Product, product } from "../db/schema";
import type { Logger } from "../logger";
import { deleteUnusedImages } from "../media/delete-image";
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

  const { saved, dropped } = await db.transaction(async (tx) => {
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
      stock: input.stock,
      featured: input.featured,
      images: input.images,
    };
    const [row] = existing
      ? await tx.update(product).set(values).where(eq(product.id, existing.id)).returning()
      : await tx.insert(product).values(values).returning();
    if (!row) throw new Error("the product row was not written");
    const kept = new Set(input.images);
    return { saved: row, dropped: (existing?.images ?? []).filter((imageId) => !kept.has(imageId)) };
  });

  // after the commit: a failure to delete a file must not undo the admin's save
  if (dropped.length > 0) await deleteUnusedImages({ ...options, imageIds: dropped });
  return { product: saved, created: !productId };
}
