import { eq } from "drizzle-orm";
import { isProductId } from "../../core/product";
import { productMessages } from "../../core/validation/product-form";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { product, productColor } from "../db/schema";
import type { Logger } from "../logger";
import { deleteUnusedImages } from "../media/delete-image";
import type { Storage } from "../storage/storage";

/**
 * Deletes a product. Past orders keep their item snapshots (order_item.product_id becomes null,
 * name, price and image stay), so an image (its own or one of its colours') is deleted from
 * storage only when no order and no other product uses it.
 */
export async function deleteProduct(options: {
  db: Database;
  storage: Storage;
  log: Pick<Logger, "error">;
  productId: string;
}): Promise<void> {
  if (!isProductId(options.productId)) throw new AppError("product_not_found", productMessages.notFound, 404);
  const deleted = await options.db.transaction(async (tx) => {
    // the colours go with the product (cascade): their pictures are read first
    const colors = await tx
      .select({ images: productColor.images })
      .from(productColor)
      .where(eq(productColor.productId, options.productId));
    const [row] = await tx
      .delete(product)
      .where(eq(product.id, options.productId))
      .returning({ images: product.images });
    return row && [...row.images, ...colors.flatMap((color) => color.images)];
  });
  if (!deleted) throw new AppError("product_not_found", productMessages.notFound, 404);
  await deleteUnusedImages({ ...options, imageIds: deleted });
}
