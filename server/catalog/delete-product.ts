import { eq } from "drizzle-orm";
import { isProductId } from "../../core/product";
import { productMessages } from "../../core/validation/product-form";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { product } from "../db/schema";
import type { Logger } from "../logger";
import { deleteUnusedImages } from "../media/delete-image";
import type { Storage } from "../storage/storage";

/**
 * Deletes a product. Past orders keep their item snapshots (order_item.product_id becomes null,
 * name, price and image stay), so an image is deleted from storage only when no order and no
 * other product uses it.
 */
export async function deleteProduct(options: {
  db: Database;
  storage: Storage;
  log: Pick<Logger, "error">;
  productId: string;
}): Promise<void> {
  if (!isProductId(options.productId)) throw new AppError("product_not_found", productMessages.notFound, 404);
  const [deleted] = await options.db
    .delete(product)
    .where(eq(product.id, options.productId))
    .returning({ images: product.images });
  if (!deleted) throw new AppError("product_not_found", productMessages.notFound, 404);
  await deleteUnusedImages({ ...options, imageIds: deleted.images });
}
