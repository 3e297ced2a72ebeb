import { sql } from "drizzle-orm";
import { colorSlug } from "../../../core/product";
import type { Database } from "../../db/client";
import { type NewProduct, product, productColor, productPriceChange, productVariant } from "../../db/schema";
import { storeImage } from "../../media/store-image";
import type { Storage } from "../../storage/storage";
import { insertSizes } from "../insert-sizes";
import { demoPriceHistory } from "./demo-markdowns";
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoColor, type DemoProduct } from "./demo-products";
import { demoSizes } from "./demo-sizes";
import { COLOURWAYS, type GarmentShot, renderGarmentSvg } from "./garment-art";

/** Rasterising is CPU-bound; a few at a time keeps both cores busy without piling up memory. */
const RENDER_CONCURRENCY = 4;
/** Products "arrived" over this window, newest first, so "newest" sorting has a real order. */
const ARRIVAL_WINDOW_MS = 28 * 24 * 60 * 60 * 1000;

/**
 * Fills an empty store with the demo catalog: renders and stores every product image, then
 * inserts all products in one transaction. Does nothing if the store already has any product.
 */
export async function seedDemoCatalog(options: {
  db: Database;
  storage: Storage;
  log?: (msg: string) => void;
}): Promise<{ seeded: boolean; products: number }> {
  const { db, storage, log = () => {} } = options;
  if (await hasProducts(db)) return { seeded: false, products: 0 };

  const started = performance.now();
  const shots = uniqueShots(DEMO_PRODUCTS);
  log(`Seeding the demo catalog: rendering ${shots.size} product images`);
  const imageIds = new Map<string, string>();
  await forEachConcurrently([...shots], RENDER_CONCURRENCY, async ([key, shot]) => {
    imageIds.set(key, await storeImage({ storage, input: Buffer.from(renderGarmentSvg(shot)) }));
  });

  const now = Date.now();
  const arrivals = inArrivalOrder(DEMO_PRODUCTS);
  const prices = new Map<string, ReturnType<typeof demoPriceHistory>>();
  const rows = arrivals.map((demo, index): NewProduct => {
    const createdAt = new Date(now - ((index + 1) * ARRIVAL_WINDOW_MS) / arrivals.length);
    const price = demoPriceHistory(demo.name, demo.priceCents, createdAt, now);
    prices.set(demo.name, price);
    return {
      name: demo.name,
      description: demo.description,
      priceCents: demo.priceCents,
      category: demo.category,
      featured: demo.featured,
      finalSale: demo.finalSale ?? false,
      // a product in colours shows its colours' pictures (the first colour's on its card)
      images: demo.colors ? [] : demo.images.map((shot) => imageIds.get(shotKey(shot)) as string),
      manufacturerName: demo.manufacturer?.name ?? null,
      manufacturerAddress: demo.manufacturer?.address ?? null,
      manufacturerEmail: demo.manufacturer?.email ?? null,
      euResponsiblePerson: demo.manufacturer?.euResponsiblePerson ?? null,
      composition: demo.composition,
      careInstructions: demo.care,
      safetyWarnings: demo.warnings ?? null,
      createdAt,
      updatedAt: createdAt,
      // a product on sale was listed earlier, and its row holds its current sale
      ...price.product,
    };
  });

  const inserted = await db.transaction(async (tx) => {
    // Rendering took a while: another instance may have seeded, or an admin added a product, in
    // the meantime. The lock makes concurrent seeders take turns, so only the first one inserts.
    await tx.execute(sql`lock table ${product} in share row exclusive mode`);
    if (await hasProducts(tx)) return false;
    const inserted = await tx.insert(product).values(rows).returning({ id: product.id, name: product.name });
    // each product's sizes, with its stock spread over them (its stock is their sum); names are unique
    const byName = new Map(arrivals.map((demo, index) => [demo.name, { demo, index }]));
    const plain = inserted.filter(({ name }) => !byName.get(name)?.demo.colors);
    await insertSizes(
      tx,
      plain.map(({ id, name }) => {
        const found = byName.get(name);
        return { productId: id, sizes: found ? demoSizes(found.demo, found.index) : [] };
      }),
    );
    // a product in colours: each colour with its pictures, and its share of the stock over its sizes
    for (const { id, name } of inserted) {
      const found = byName.get(name);
      const colors = found?.demo.colors;
      if (!found || !colors) continue;
      const rows = await tx
        .insert(productColor)
        .values(
          colors.map((color, position) => ({
            productId: id,
            name: color.name,
            slug: colorSlug(color.name),
            swatch: COLOURWAYS[color.colourway].fabric,
            position,
            images: colorShots(found.demo, color).map((shot) => imageIds.get(shotKey(shot)) as string),
          })),
        )
        .returning({ id: productColor.id, position: productColor.position });
      await insertSizes(
        tx,
        rows.map((row) => ({
          productId: id,
          colorId: row.id,
          // 30 is a multiple of every run's length: each colour sells out in the size the product
          // would have (the shop's size filter counts on it), with its own low stocks
          sizes: demoSizes(
            { ...found.demo, stock: colorStock(found.demo, row.position) },
            found.index + row.position * 30,
          ),
        })),
      );
    }
    // every product's price history, from its listing (docs/PRICING.md#sale-prices)
    await tx
      .insert(productPriceChange)
      .values(
        inserted.flatMap(({ id, name }) =>
          (prices.get(name)?.history ?? []).map((row) => ({ ...row, productId: id })),
        ),
      );
    return true;
  });
  if (!inserted) return { seeded: false, products: 0 };
  // PGlite has no autovacuum: without statistics the planner guesses the catalog's size from its
  // pages, and the shop's "About n products" (countProducts) would say twice the truth
  await db.execute(sql`analyze ${product}, ${productVariant}, ${productColor}`);
  log(`Seeded ${rows.length} demo products in ${Math.round(performance.now() - started)} ms`);
  return { seeded: true, products: rows.length };
}

async function hasProducts(db: Database): Promise<boolean> {
  const rows = await db.select({ id: product.id }).from(product).limit(1);
  return rows.length > 0;
}

// the whole shot: two products may share a garment and colourway but not their style
const shotKey = (shot: GarmentShot) => JSON.stringify(shot);

/** A colour's pictures: the product's views, drawn in the colour's colourway. */
function colorShots(demo: DemoProduct, color: DemoColor): GarmentShot[] {
  return demo.images.map((shot) => ({ ...shot, colourway: color.colourway }));
}

/** A colour's share of the product's stock: even, the first colours taking the remainder. */
function colorStock(demo: DemoProduct, position: number): number {
  const count = demo.colors?.length ?? 1;
  return Math.floor(demo.stock / count) + (position < demo.stock % count ? 1 : 0);
}

/** What is drawn: each product's pictures, or each of its colours'. */
function shotsOf(demo: DemoProduct): GarmentShot[] {
  return demo.colors ? demo.colors.flatMap((color) => colorShots(demo, color)) : [...demo.images];
}

/** Each distinct shot is rendered once, should two products (or colours) ever share one. */
function uniqueShots(products: readonly DemoProduct[]): Map<string, GarmentShot> {
  return new Map(products.flatMap((demo) => shotsOf(demo).map((shot) => [shotKey(shot), shot] as const)));
}

/**
 * Newest first, taking one product from each category in turn, so the "new arrivals" of a fresh
 * store show a mix rather than every T-shirt before the first hoodie.
 */
function inArrivalOrder(products: readonly DemoProduct[]): DemoProduct[] {
  const queues = DEMO_CATEGORIES.map((category) => products.filter((demo) => demo.category === category));
  const rounds = Math.max(...queues.map((queue) => queue.length));
  return Array.from({ length: rounds }, (_, round) =>
    queues.flatMap((queue) => queue.slice(round, round + 1)),
  ).flat();
}

async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const item = items[nextIndex++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
