import { asc, count } from "drizzle-orm";
import type { Database } from "../db/client";
import { product } from "../db/schema";

/** The sitemap protocol allows 50,000 URLs per file; stay well below it. */
const SITEMAP_PAGE_SIZE = 40_000;

export async function countSitemapPages(options: { db: Database }) {
  const [row] = await options.db.select({ total: count() }).from(product);
  return Math.max(1, Math.ceil((row?.total ?? 0) / SITEMAP_PAGE_SIZE));
}

/** One page of product ids with their last change, in a stable order. */
export function listSitemapProducts(options: { db: Database; page: number }) {
  return options.db
    .select({ id: product.id, updatedAt: product.updatedAt })
    .from(product)
    .orderBy(asc(product.id))
    .limit(SITEMAP_PAGE_SIZE)
    .offset((options.page - 1) * SITEMAP_PAGE_SIZE);
}
