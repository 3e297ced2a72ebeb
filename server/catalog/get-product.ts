import { eq, sql } from "drizzle-orm";
import { isProductId } from "../../core/product";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { qualified } from "../db/qualified";
import { product, productColor, productVariant } from "../db/schema";
import type { ColorRow, SizeRow } from "./product-view";

const thisProductId = qualified(product, product.id);

const productById = preparedPerDatabase((db) =>
  db
    .select({
      product,
      // what listProductSizes and listProductColors read (on sale, in display order), as the views
      // take them, in the same round trip
      sizes: sql<SizeRow[]>`coalesce((
        select json_agg(json_build_object(
          'id', ${productVariant.id}, 'productId', ${productVariant.productId},
          'colorId', ${productVariant.colorId}, 'size', ${productVariant.size},
          'skuSuffix', ${productVariant.skuSuffix}, 'stock', ${productVariant.stock}
        ) order by ${productVariant.position})
        from ${productVariant}
        where ${productVariant.productId} = ${thisProductId} and ${productVariant.retiredAt} is null
      ), '[]')`,
      colors: sql<ColorRow[]>`coalesce((
        select json_agg(json_build_object(
          'id', ${productColor.id}, 'name', ${productColor.name}, 'slug', ${productColor.slug},
          'swatch', ${productColor.swatch}, 'images', ${productColor.images}
        ) order by ${productColor.position})
        from ${productColor}
        where ${productColor.productId} = ${thisProductId} and ${productColor.retiredAt} is null
      ), '[]')`,
    })
    .from(product)
    .where(eq(product.id, sql.placeholder("id")))
    .limit(1)
    .prepare("product_by_id"),
);

/**
 * The product with its sizes and colours on sale, in one query; null when the id is unknown or
 * not an id at all.
 */
export async function getProduct(options: { db: Database; id: string }) {
  if (!isProductId(options.id)) return null;
  const [row] = await productById(options.db).execute({ id: options.id });
  return row ?? null;
}
