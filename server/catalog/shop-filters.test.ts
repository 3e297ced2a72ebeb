import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/setup/test-database";
import type { DatabaseHandle } from "../db/client";
import { product, productColor, productVariant } from "../db/schema";
import { listShopFacets } from "./list-shop-facets";
import type { ProductFilters } from "./product-filters";
import { type ShopSearch, searchProducts } from "./search-products";

let handle: DatabaseHandle;
const base = new Date("2026-01-01T00:00:00Z").getTime();
const names: Record<string, string> = {};

interface Seed {
  name: string;
  priceCents: number;
  salePriceCents?: number;
  saleStartsAt?: Date;
  category?: string;
  /** colour slug → sizes with their stock; none: one size "M" with 5 in stock, no colours */
  colors?: Record<string, Record<string, number>>;
  retired?: string[];
}

const COLOR_NAMES: Record<string, [string, string]> = {
  black: ["Black", "#111111"],
  navy: ["Navy", "#1f2a44"],
  "washed-olive": ["Washed Olive", "#6b6b3a"],
};

// created oldest first: the list's order, newest first, is the reverse
const SEEDS: Seed[] = [
  { name: "Plain Tee", priceCents: 2000, category: "Tees" },
  {
    name: "Black Navy Tee",
    priceCents: 3000,
    category: "Tees",
    colors: { black: { S: 2, M: 0 }, navy: { M: 1 } },
  },
  {
    name: "Olive Hoodie",
    priceCents: 8000,
    salePriceCents: 6000,
    category: "Hoodies",
    colors: { "washed-olive": { M: 3 }, black: { L: 0 } },
  },
  {
    name: "Black Hoodie",
    priceCents: 9000,
    salePriceCents: 5000,
    category: "Hoodies",
    colors: { black: { M: 1 } },
  },
  {
    name: "Navy Jacket",
    priceCents: 12000,
    category: "Jackets",
    colors: { navy: { L: 4 }, black: { M: 2 } },
    retired: ["black"],
  },
  // a sale that has not started: not on sale yet
  {
    name: "Future Sale Pants",
    priceCents: 7000,
    salePriceCents: 4000,
    saleStartsAt: new Date(Date.now() + 86_400_000),
    category: "Pants",
    colors: { black: { W32: 1 } },
  },
  { name: "Cheap Socks", priceCents: 900, salePriceCents: 700, category: "Accessories" },
];

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  for (const [index, seed] of SEEDS.entries()) {
    const [row] = await db
      .insert(product)
      .values({
        name: seed.name,
        priceCents: seed.priceCents,
        salePriceCents: seed.salePriceCents,
        saleStartsAt: seed.saleStartsAt,
        category: seed.category,
        createdAt: new Date(base + index * 60_000),
      })
      .returning({ id: product.id });
    names[row!.id] = seed.name;
    if (!seed.colors) {
      await db.insert(productVariant).values({ productId: row!.id, size: "M", position: 0, stock: 5 });
      continue;
    }
    for (const [position, [slug, sizes]] of Object.entries(seed.colors).entries()) {
      const [name, swatch] = COLOR_NAMES[slug]!;
      const [color] = await db
        .insert(productColor)
        .values({
          productId: row!.id,
          name,
          slug,
          swatch,
          position,
          retiredAt: seed.retired?.includes(slug) ? new Date() : null,
        })
        .returning({ id: productColor.id });
      // a retired colour's sizes are retired with it
      const retiredAt = seed.retired?.includes(slug) ? new Date() : null;
      await db.insert(productVariant).values(
        Object.entries(sizes).map(([size, stock], sizePosition) => ({
          productId: row!.id,
          colorId: color!.id,
          size,
          position: position * 10 + sizePosition,
          stock,
          retiredAt,
        })),
      );
    }
  }
});

afterAll(async () => {
  await handle?.close();
});

async function search(options: ShopSearch = {}) {
  const result = await searchProducts({ db: handle.db, ...options });
  return result.products.map((row) => names[row.id]);
}

const facets = (filters: ProductFilters = {}, exactCountUpTo?: number) =>
  listShopFacets({ db: handle.db, filters, exactCountUpTo });

const countOf = (result: Awaited<ReturnType<typeof facets>>, slug: string) =>
  result.colors.find((color) => color.slug === slug)?.count;

describe("the shop's colour, sale and price filters", () => {
  it("finds the products with a size of the colour in stock, in a live colour", async () => {
    expect(await search({ color: "black" })).toEqual(["Future Sale Pants", "Black Hoodie", "Black Navy Tee"]);
    // Olive Hoodie's black is sold out; Navy Jacket's black is retired
    expect(await search({ color: "navy" })).toEqual(["Navy Jacket", "Black Navy Tee"]);
    expect(await search({ color: "purple" })).toEqual([]);
  });

  it("asks for the size in that colour when both are chosen", async () => {
    // Black Navy Tee has M in navy only (its black M is sold out)
    expect(await search({ color: "black", size: "M" })).toEqual(["Black Hoodie"]);
    expect(await search({ color: "navy", size: "M" })).toEqual(["Black Navy Tee"]);
    // without a colour, a size in stock in any colour, and products without colours
    expect(await search({ size: "M" })).toEqual([
      "Cheap Socks",
      "Black Hoodie",
      "Olive Hoodie",
      "Black Navy Tee",
      "Plain Tee",
    ]);
  });

  it("finds the products whose sale price is in force now", async () => {
    expect(await search({ onSale: true })).toEqual(["Cheap Socks", "Black Hoodie", "Olive Hoodie"]);
    expect(await search({ onSale: true, category: "hoodies", color: "black" })).toEqual(["Black Hoodie"]);
    const counted = await searchProducts({ db: handle.db, onSale: true });
    expect(counted.count).toEqual({ kind: "exact", value: 3 });
  });

  it("filters and sorts by the price in force now, both ends included", async () => {
    expect(await search({ minCents: 5000, maxCents: 7000, sort: "price-asc" })).toEqual([
      "Black Hoodie",
      "Olive Hoodie",
      "Future Sale Pants",
    ]);
    expect(await search({ maxCents: 2000, sort: "price-desc" })).toEqual(["Plain Tee", "Cheap Socks"]);
    expect(await search({ minCents: 10_000 })).toEqual(["Navy Jacket"]);
    expect(await search({ minCents: 3000, maxCents: 3000 })).toEqual(["Black Navy Tee"]);
  });

  it("pages through a filtered, price-sorted listing by cursor without gaps", async () => {
    const first = await searchProducts({ db: handle.db, sort: "price-asc", maxCents: 9000, pageSize: 2 });
    const seen = first.products.map((row) => names[row.id]);
    let next = first.next;
    while (next) {
      const page = await searchProducts({
        db: handle.db,
        sort: "price-asc",
        maxCents: 9000,
        pageSize: 2,
        page: next.page,
        cursor: next.cursor,
      });
      seen.push(...page.products.map((row) => names[row.id]));
      next = page.next;
    }
    expect(seen).toEqual([
      "Cheap Socks",
      "Plain Tee",
      "Black Navy Tee",
      "Black Hoodie",
      "Olive Hoodie",
      "Future Sale Pants",
    ]);
  });

  it("combines the new filters with the search", async () => {
    expect(await search({ query: "hoodie", onSale: true, maxCents: 5500 })).toEqual(["Black Hoodie"]);
    expect(await search({ query: "tee", color: "navy" })).toEqual(["Black Navy Tee"]);
  });
});

describe("the shop's filter counts", () => {
  it("counts each colour and the sale over the other filters, exactly in a small listing", async () => {
    const all = await facets();
    expect(all.colors.map((color) => [color.name, color.swatch])).toEqual([
      ["Black", "#111111"],
      ["Navy", "#1f2a44"],
      ["Washed Olive", "#6b6b3a"],
    ]);
    expect(countOf(all, "black")).toEqual({ kind: "exact", value: 3 });
    expect(countOf(all, "navy")).toEqual({ kind: "exact", value: 2 });
    expect(countOf(all, "washed-olive")).toEqual({ kind: "exact", value: 1 });
    expect(all.onSale).toEqual({ kind: "exact", value: 3 });
    expect(all.prices).toEqual({ minCents: 700, maxCents: 12_000 });

    // the colour's own filter is left out of the colours' counts, the others apply
    const black = await facets({ color: "black", onSale: true });
    expect(countOf(black, "black")).toEqual({ kind: "exact", value: 1 });
    expect(countOf(black, "washed-olive")).toEqual({ kind: "exact", value: 1 });
    expect(countOf(black, "navy")).toEqual({ kind: "exact", value: 0 });
    // and the sale's own filter out of the sale's count
    expect(black.onSale).toEqual({ kind: "exact", value: 1 });
    expect((await facets({ color: "navy" })).onSale).toEqual({ kind: "exact", value: 0 });

    const medium = await facets({ size: "M", category: "tees" });
    expect(countOf(medium, "navy")).toEqual({ kind: "exact", value: 1 });
    expect(countOf(medium, "black")).toEqual({ kind: "exact", value: 0 });
    expect((await facets({ maxCents: 5000 })).onSale).toEqual({ kind: "exact", value: 2 });
  });

  it("estimates from the statistics beyond the exact limit", async () => {
    await handle.db.execute(sql`analyze product`);
    await handle.db.execute(sql`analyze product_color`);
    // an exact limit of 1: the catalog of 7 is a "large" listing
    const estimated = await facets({}, 1);
    for (const color of estimated.colors) expect(color.count?.kind).toBe("about");
    // product_color has 8 rows, 4 of them black, over 7 products: about 7 × 4/8
    expect(countOf(estimated, "black")?.value).toBeGreaterThanOrEqual(3);
    expect(countOf(estimated, "black")?.value).toBeLessThanOrEqual(5);
    expect(estimated.onSale?.kind).toMatch(/about|at-least|exact/);
  });

  it("lists no colours and no price range for an empty catalog", async () => {
    const empty = await createTestDatabase();
    try {
      const result = await listShopFacets({ db: empty.db, filters: {} });
      expect(result).toEqual({ colors: [], onSale: { kind: "exact", value: 0 }, prices: null });
    } finally {
      await empty.close();
    }
  });
});
