import { and, asc, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { productColor } from "../db/schema";

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
