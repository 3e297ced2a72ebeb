import type { Transaction } from "../db/client";
import { productVariant } from "../db/schema";

export interface NewSize {
  size: string;
  stock: number;
  skuSuffix?: string | null;
}

/**
 * Adds sizes to new products (or to one colour of each), in the order given (bulk inserts: the
 * demo seed, tests). The products' stock follows from the trigger on product_variant.
 */
export async function insertSizes(
  tx: Transaction,
  products: readonly { productId: string; colorId?: string | null; sizes: readonly NewSize[] }[],
): Promise<void> {
  const rows = products.flatMap(({ productId, colorId, sizes }) =>
    sizes.map((size, position) => ({
      productId,
      colorId: colorId ?? null,
      size: size.size,
      stock: size.stock,
      skuSuffix: size.skuSuffix ?? null,
      position,
    })),
  );
  if (rows.length > 0) await tx.insert(productVariant).values(rows);
}
