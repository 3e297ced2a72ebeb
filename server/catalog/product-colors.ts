import { and, asc, isNull, sql } from "drizzle-orm";
import type { ColorView } from "../../core/product";
import type { Database, Transaction } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { type ProductColor, productColor } from "../db/schema";
import type { Storage } from "../storage/storage";
import { type ColorRow, toResponsiveImage } from "./product-view";

const colorsOnSale = preparedPerDatabase((db) =>
  db
    .select()
    .from(productColor)
    .where(
      and(
        sql`${productColor.productId} = any(${sql.placeholder("productIds")}::uuid[])`,
        isNull(productColor.retiredAt),
      ),
    )
    .orderBy(asc(productColor.productId), asc(productColor.position))
    .prepare("product_colors"),
);

/** The colours on sale of each product, in display order (retired colours are left out). */
export async function listProductColors(options: {
  db: Database | Transaction;
  productIds: readonly string[];
}): Promise<Map<string, ProductColor[]>> {
  const colors = new Map<string, ProductColor[]>(options.productIds.map((id) => [id, []]));
  if (options.productIds.length === 0) return colors;
  const rows = await colorsOnSale(options.db).execute({ productIds: [...options.productIds] });
  for (const row of rows) colors.get(row.productId)?.push(row);
  return colors;
}

export function toColorView(storage: Storage, color: ColorRow): ColorView {
  return {
    id: color.id,
    name: color.name,
    slug: color.slug,
    swatch: color.swatch,
    images: color.images.map((imageId) => toResponsiveImage(storage, imageId)),
  };
}
