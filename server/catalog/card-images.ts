import { and, asc, getTableColumns, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { qualified } from "../db/qualified";
import { product, productColor } from "../db/schema";

const firstColorImages = preparedPerDatabase((db) =>
  db
    .selectDistinctOn([productColor.productId], {
      productId: productColor.productId,
      image: sql<string | null>`${productColor.images}[1]`,
    })
    .from(productColor)
    .where(
      and(
        sql`${productColor.productId} = any(${sql.placeholder("productIds")}::uuid[])`,
        isNull(productColor.retiredAt),
        sql`cardinality(${productColor.images}) > 0`,
      ),
    )
    .orderBy(asc(productColor.productId), asc(productColor.position))
    .prepare("first_color_images"),
);

/**
 * A product's columns with its card images read in the same query: its own images, or for a
 * product without any its first colour's first picture (withCardImages's rule). For short lists
 * (featured, related); the shop's page keeps withCardImages, whose one look-up covers only the
 * page's cards where this subquery would run for every product its count scans.
 */
export const productWithCardImages = {
  ...getTableColumns(product),
  images: sql<string[]>`case when cardinality(${product.images}) > 0 then ${product.images} else coalesce((
    select array[${productColor.images}[1]] from ${productColor}
    where ${productColor.productId} = ${qualified(product, product.id)} and ${productColor.retiredAt} is null
      and cardinality(${productColor.images}) > 0
    order by ${productColor.position} limit 1
  ), ${product.images}) end`.mapWith(product.images),
};

/**
 * A product's card image is its own first image; a product with colours and no images of its own
 * shows its first colour's first picture instead (docs/ARCHITECTURE.md#colours). Rows that have
 * an image are returned as they are, and only the others cost a look-up (one query for the page).
 */
export async function withCardImages<T extends { id: string; images: string[] }>(options: {
  db: Database;
  rows: T[];
}): Promise<T[]> {
  const bare = options.rows.filter((row) => row.images.length === 0).map((row) => row.id);
  if (bare.length === 0) return options.rows;
  const firsts = await firstColorImages(options.db).execute({ productIds: bare });
  const byProduct = new Map(
    firsts.flatMap((row) => (row.image ? [[row.productId, row.image] as const] : [])),
  );
  return options.rows.map((row) => {
    const image = byProduct.get(row.id);
    return image ? { ...row, images: [image] } : row;
  });
}
