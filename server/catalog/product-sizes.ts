import { and, asc, isNull, sql } from "drizzle-orm";
import { productSku, type SizeView } from "../../core/product";
import type { Database, Transaction } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { type ProductVariant, productVariant } from "../db/schema";
import type { SizeRow } from "./product-view";

const sizesOnSale = preparedPerDatabase((db) =>
  db
    .select()
    .from(productVariant)
    .where(
      and(
        sql`${productVariant.productId} = any(${sql.placeholder("productIds")}::uuid[])`,
        isNull(productVariant.retiredAt),
      ),
    )
    .orderBy(asc(productVariant.productId), asc(productVariant.position))
    .prepare("product_sizes"),
);

/** The sizes on sale of each product, in display order (retired sizes are left out). */
export async function listProductSizes(options: {
  db: Database | Transaction;
  productIds: readonly string[];
}): Promise<Map<string, ProductVariant[]>> {
  const sizes = new Map<string, ProductVariant[]>(options.productIds.map((id) => [id, []]));
  if (options.productIds.length === 0) return sizes;
  const rows = await sizesOnSale(options.db).execute({ productIds: [...options.productIds] });
  for (const row of rows) sizes.get(row.productId)?.push(row);
  return sizes;
}

export function toSizeView(variant: SizeRow): SizeView {
  return {
    id: variant.id,
    label: variant.size,
    stock: variant.stock,
    sku: productSku(variant.productId, variant.skuSuffix),
    colorId: variant.colorId,
  };
}
