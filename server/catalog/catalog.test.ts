import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/setup/test-database";
import type { DatabaseHandle } from "../db/client";
import { type NewProduct, product, productVariant } from "../db/schema";
import { estimateProducts, roundEstimate } from "./estimate-products";
import { getProduct } from "./get-product";
import { insertSizes } from "./insert-sizes";
import { listCategories } from "./list-categories";
import { listFeaturedProducts } from "./list-featured-products";
import { listProductsById } from "./list-products-by-id";
import { listRelatedProducts } from "./list-related-products";
import { compareSizes, listSizesInStock } from "./list-sizes-in-stock";
import { type ShopSearch, searchProducts } from "./search-products";

let handle: DatabaseHandle;
const base = new Date("2026-01-01T00:00:00Z").getTime();

function makeProduct(index: number, overrides: Partial<NewProduct> = {}): NewProduct {
  return {
    name: `Plain Item ${index}`,
    description: "A staple.",
    priceCents: 1000 + index * 100,
    stock: 10,
    category: "Basics",
    createdAt: new Date(base + index * 60_000),
    ...overrides,
  };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const rows: NewProduct[] = [
    ...Array.from({ length: 6 }, (_, i) => makeProduct(i, { featured: true, category: "Featured" })),
    makeProduct(10, { name: "Eclipse HOODIE", category: "Hoodies" }),
    makeProduct(11, {
      name: "Night Layer",
      description: "A heavyweight hoodie in onyx.",
      category: "hoodies",
    }),
    makeProduct(12, { name: "Shadow Jacket", description: "Not a h00die.", category: "Jackets", stock: 0 }),
    makeProduct(13, { name: "50% Off Sign", description: "Literal percent.", category: "HOODIES" }),
    // the same arrival time, and prices in three steps: the id must break the ties
    ...Array.from({ length: 30 }, (_, i) =>
      makeProduct(100 + i, { createdAt: new Date(base), priceCents: 1000 + (i % 3) * 100 }),
    ),
  ];
  const inserted = await handle.db
    .insert(product)
    .values(rows)
    .returning({ id: product.id, name: product.name });
  const id = (name: string) => inserted.find((row) => row.name === name)!.id;
  // sizes, for the size filter: the jacket's M is sold out, a retired XL still has stock
  await handle.db.transaction((tx) =>
    insertSizes(tx, [
      {
        productId: id("Eclipse HOODIE"),
        sizes: [
          { size: "S", stock: 2 },
          { size: "M", stock: 3 },
        ],
      },
      {
        productId: id("Night Layer"),
        sizes: [
          { size: "M", stock: 0 },
          { size: "W32", stock: 1 },
        ],
      },
      {
        productId: id("Shadow Jacket"),
        sizes: [
          { size: "M", stock: 0 },
          { size: "XL", stock: 4 },
        ],
      },
    ]),
  );
  await handle.db
    .update(productVariant)
    .set({ retiredAt: new Date() })
    .where(and(eq(productVariant.productId, id("Shadow Jacket")), eq(productVariant.size, "XL")));
});

afterAll(async () => {
  await handle?.close();
});

describe("catalog queries", () => {
  it("filters by a size that is on sale and in stock, and lists those sizes in shop order", async () => {
    const medium = await searchProducts({ db: handle.db, size: "M" });
    expect(medium.products.map((row) => row.name)).toEqual(["Eclipse HOODIE"]);
    expect((await searchProducts({ db: handle.db, size: "XL" })).count).toEqual({ kind: "exact", value: 0 });
    expect((await searchProducts({ db: handle.db, size: "W32", category: "hoodies" })).count.value).toBe(1);
    expect(await listSizesInStock({ db: handle.db })).toEqual(["S", "M", "W32"]);
  });

  it("orders sizes small to large, waist sizes by number, One Size last", () => {
    expect(["One Size", "W36", "XL", "W28", "S", "Kids", "XS", "XXL"].sort(compareSizes)).toEqual([
      "XS",
      "S",
      "XL",
      "XXL",
      "W28",
      "W36",
      "Kids",
      "One Size",
    ]);
  });

  it("lists at most 4 featured products, newest first", async () => {
    const featured = await listFeaturedProducts({ db: handle.db });
    expect(featured).toHaveLength(4);
    expect(featured.every((row) => row.featured)).toBe(true);
    expect(featured.map((row) => row.name)).toEqual([
      "Plain Item 5",
      "Plain Item 4",
      "Plain Item 3",
      "Plain Item 2",
    ]);
  });

  it("searches name or description case-insensitively", async () => {
    const result = await searchProducts({ db: handle.db, query: "hOoDiE" });
    expect(result.products.map((row) => row.name).sort()).toEqual(["Eclipse HOODIE", "Night Layer"]);
    expect(result.count).toEqual({ kind: "exact", value: 2 });
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    const result = await searchProducts({ db: handle.db, query: "50%" });
    expect(result.products.map((row) => row.name)).toEqual(["50% Off Sign"]);
    expect((await searchProducts({ db: handle.db, query: "_" })).count.value).toBe(0);
  });

  it("filters by category case-insensitively", async () => {
    const result = await searchProducts({ db: handle.db, category: "hoodies" });
    expect(result.products.map((row) => row.name).sort()).toEqual([
      "50% Off Sign",
      "Eclipse HOODIE",
      "Night Layer",
    ]);
  });

  it("filters to products in stock", async () => {
    const all = await searchProducts({ db: handle.db, category: "jackets" });
    const inStock = await searchProducts({ db: handle.db, category: "jackets", inStockOnly: true });
    expect(all.count.value).toBe(1);
    expect(inStock.count.value).toBe(0);
  });

  it("sorts by price both ways", async () => {
    const ascending = await searchProducts({ db: handle.db, sort: "price-asc", pageSize: 100 });
    const prices = ascending.products.map((row) => row.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = await searchProducts({ db: handle.db, sort: "price-desc", pageSize: 100 });
    expect(descending.products.map((row) => row.id)).toEqual(
      ascending.products.map((row) => row.id).reverse(),
    );
  });

  it("selects only what a card shows: its first image, no description", async () => {
    const [first] = (await searchProducts({ db: handle.db, query: "Eclipse" })).products;
    expect(Object.keys(first!).sort()).toEqual(
      [
        "category",
        "currentPriceCents",
        "id",
        "images",
        "name",
        "priceCents",
        "salePriceCents",
        "sortKey",
        "stock",
      ].sort(),
    );
    await handle.db
      .update(product)
      .set({ images: ["first", "second", "third"] })
      .where(eq(product.id, first!.id));
    const [again] = (await searchProducts({ db: handle.db, query: "Eclipse" })).products;
    expect(again!.images).toEqual(["first"]);
    await handle.db.update(product).set({ images: [] }).where(eq(product.id, first!.id));
  });
});

/** Follows the Next links from page 1 to the end, then the Previous links back to page 1. */
async function walkPages(search: ShopSearch & { pageSize: number }) {
  const forward: string[][] = [];
  let page = await searchProducts({ db: handle.db, ...search });
  expect(page.previous).toBeNull();
  for (;;) {
    forward.push(page.products.map((row) => row.id));
    expect(page.page).toBe(forward.length);
    if (!page.next) break;
    page = await searchProducts({ db: handle.db, ...search, ...page.next });
  }
  const backward: string[][] = [forward.at(-1)!];
  while (page.previous) {
    page = await searchProducts({ db: handle.db, ...search, ...page.previous });
    backward.unshift(page.products.map((row) => row.id));
  }
  return { forward, backward };
}

describe("shop pages", () => {
  it("walks every sort forward with Next and back with Previous, ties broken by the id", async () => {
    const all = await handle.db
      .select({ id: product.id, createdAt: product.createdAt, priceCents: product.priceCents })
      .from(product);
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const expected = {
      newest: [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a)),
      "price-asc": [...all].sort((a, b) => a.priceCents - b.priceCents || byId(a, b)),
      "price-desc": [...all].sort((a, b) => b.priceCents - a.priceCents || byId(b, a)),
    };
    for (const sort of ["newest", "price-asc", "price-desc"] as const) {
      const { forward, backward } = await walkPages({ sort, pageSize: 7 });
      expect(forward.map((ids) => ids.length)).toEqual([7, 7, 7, 7, 7, 5]);
      expect(forward.flat()).toEqual(expected[sort].map((row) => row.id));
      // Previous shows each page exactly as Next did
      expect(backward).toEqual(forward);
    }
  });

  it("pages through filters and a search the same way", async () => {
    const basics = await walkPages({ category: "BASICS", sort: "price-desc", pageSize: 4 });
    expect(basics.forward.flat()).toHaveLength(30);
    expect(new Set(basics.forward.flat()).size).toBe(30);
    expect(basics.backward).toEqual(basics.forward);

    const plain = await walkPages({ query: "plain item", inStockOnly: true, pageSize: 9 });
    expect(plain.forward.flat()).toHaveLength(36);
    expect(plain.backward).toEqual(plain.forward);
  });

  it("numbers the pages and knows the last one while the count is exact", async () => {
    const first = await searchProducts({ db: handle.db, pageSize: 7 });
    expect(first).toMatchObject({
      page: 1,
      pageCount: 6,
      count: { kind: "exact", value: 40 },
      previous: null,
    });
    expect(first.next).toMatchObject({ page: 2, cursor: { direction: "after", id: first.products[6]!.id } });
    const second = await searchProducts({ db: handle.db, pageSize: 7, ...first.next });
    expect(second.previous).toEqual({ page: 1, cursor: null });
    expect(second).toMatchObject({ page: 2, pageCount: 6, count: { kind: "exact", value: 40 } });
  });

  it("finds nothing after the last product, and nothing before the first", async () => {
    const cheapest = (await searchProducts({ db: handle.db, sort: "price-desc", pageSize: 40 })).products.at(
      -1,
    )!;
    const [first] = (await searchProducts({ db: handle.db, sort: "price-asc", pageSize: 1 })).products;
    expect(cheapest.id).toBe(first!.id);
    // the route answers 404 for a page past the end
    const past = await searchProducts({
      db: handle.db,
      sort: "price-desc",
      page: 3,
      cursor: { direction: "after", key: cheapest.sortKey, id: cheapest.id },
    });
    expect(past.products).toEqual([]);
    expect(past.next).toBeNull();
    // and goes back to page 1 when the page before a cursor is the start of the list
    const [newest] = (await searchProducts({ db: handle.db })).products;
    const before = await searchProducts({
      db: handle.db,
      page: 2,
      cursor: { direction: "before", key: newest!.sortKey, id: newest!.id },
    });
    expect(before.products).toEqual([]);
    expect(before.previous).toBeNull();
  });

  it("keeps a cursor's place to the microsecond", async () => {
    // PostgreSQL keeps microseconds; a JavaScript Date would round them to milliseconds
    const inserted = await handle.db
      .insert(product)
      .values([1, 2, 3].map((i) => ({ name: `Micro ${i}`, priceCents: 500, category: "Micro" })))
      .returning({ id: product.id });
    try {
      await handle.db.execute(sql`
        update product set created_at = timestamptz '2026-01-01 00:00:00.000001'
          + (substring(name from 7)::int - 1) * interval '1 microsecond'
        where category = 'Micro'
      `);
      const { forward } = await walkPages({ category: "micro", pageSize: 1 });
      const rows = await handle.db
        .select({ id: product.id, name: product.name })
        .from(product)
        .where(eq(product.category, "Micro"));
      const nameOf = (id: string) => rows.find((row) => row.id === id)!.name;
      expect(forward.flat().map(nameOf)).toEqual(["Micro 3", "Micro 2", "Micro 1"]);
    } finally {
      for (const { id } of inserted) await handle.db.delete(product).where(eq(product.id, id));
    }
  });
});

describe("shop counts", () => {
  // before the next test analyzes the table: without statistics the planner expects few rows
  it("counts exactly while the planner expects few products, and says when there were more", async () => {
    const basics = await searchProducts({ db: handle.db, category: "basics", pageSize: 7 });
    expect(basics).toMatchObject({ count: { kind: "exact", value: 30 }, pageCount: 5 });
    // on a later page too
    const second = await searchProducts({ db: handle.db, category: "basics", pageSize: 7, ...basics.next });
    expect(second).toMatchObject({ count: { kind: "exact", value: 30 }, page: 2, pageCount: 5 });
    // the planner expected too few: the counting stops past the limit, and the page is still right
    const capped = await searchProducts({
      db: handle.db,
      category: "basics",
      pageSize: 7,
      exactCountUpTo: 29,
    });
    expect(capped).toMatchObject({ count: { kind: "at-least", value: 29 }, pageCount: null });
    expect(capped.products.map((row) => row.id)).toEqual(basics.products.map((row) => row.id));
    // every later page too, though it lies past the products the count read
    const cappedWalk = await walkPages({ category: "basics", pageSize: 7, exactCountUpTo: 10 });
    expect(cappedWalk).toEqual(await walkPages({ category: "basics", pageSize: 7 }));
  });

  it("says about how many, in two significant digits, when the planner expects many", async () => {
    await handle.db.execute(sql`analyze product`);
    expect(await estimateProducts({ db: handle.db, where: undefined })).toBe(40);
    const estimated = await searchProducts({ db: handle.db, pageSize: 7, exactCountUpTo: 10 });
    expect(estimated).toMatchObject({ count: { kind: "about", value: 40 }, pageCount: null });
    expect([41, 3318, 98_765, 1_234_567].map(roundEstimate)).toEqual([41, 3300, 99_000, 1_200_000]);
    // a first page that holds every match is the count, whatever the statistics say
    const small = await searchProducts({ db: handle.db, category: "hoodies", exactCountUpTo: 0 });
    expect(small.count).toEqual({ kind: "exact", value: 3 });
  });
});

describe("catalog lookups", () => {
  it("finds related products of the same category, without the product itself, at most 4", async () => {
    const [hoodie] = (await searchProducts({ db: handle.db, query: "Eclipse" })).products;
    const related = await listRelatedProducts({ db: handle.db, product: hoodie! });
    expect(related.map((row) => row.name).sort()).toEqual(["50% Off Sign", "Night Layer"]);

    const [basic] = (await searchProducts({ db: handle.db, category: "basics" })).products;
    const relatedBasics = await listRelatedProducts({ db: handle.db, product: basic! });
    expect(relatedBasics).toHaveLength(4);
    expect(relatedBasics.some((row) => row.id === basic!.id)).toBe(false);
  });

  it("returns no related products without a category", async () => {
    expect(await listRelatedProducts({ db: handle.db, product: { id: "x", category: null } })).toEqual([]);
  });

  it("gives not-found for unknown and malformed ids", async () => {
    expect(await getProduct({ db: handle.db, id: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    expect(await getProduct({ db: handle.db, id: "not-a-uuid" })).toBeNull();
    expect(await getProduct({ db: handle.db, id: "' or 1=1 --" })).toBeNull();
    const [any] = (await searchProducts({ db: handle.db })).products;
    expect((await getProduct({ db: handle.db, id: any!.id }))?.product.name).toBe(any!.name);
  });

  it("lists each category once, whatever its spelling", async () => {
    const categories = await listCategories({ db: handle.db });
    expect(categories.map((name) => name.toLowerCase())).toEqual([
      "basics",
      "featured",
      "hoodies",
      "jackets",
    ]);
  });

  it("looks up cart products by id and ignores junk ids", async () => {
    const [one] = (await searchProducts({ db: handle.db })).products;
    const rows = await listProductsById({ db: handle.db, ids: [one!.id, "junk", one!.id] });
    expect(rows.map((row) => row.id)).toEqual([one!.id]);
  });
});
