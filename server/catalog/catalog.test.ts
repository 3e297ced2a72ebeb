import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/setup/test-database";
import type { DatabaseHandle } from "../db/client";
import { type NewProduct, product, productVariant } from "../db/schema";
import { getProduct } from "./get-product";
import { insertSizes } from "./insert-sizes";
import { listCategories } from "./list-categories";
import { listFeaturedProducts } from "./list-featured-products";
import { listProductsById } from "./list-products-by-id";
import { listRelatedProducts } from "./list-related-products";
import { compareSizes, listSizesInStock } from "./list-sizes-in-stock";
import { searchProducts } from "./search-products";

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
    ...Array.from({ length: 30 }, (_, i) => makeProduct(100 + i, { createdAt: new Date(base) })),
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
    expect((await searchProducts({ db: handle.db, size: "XL" })).total).toBe(0);
    expect((await searchProducts({ db: handle.db, size: "W32", category: "hoodies" })).total).toBe(1);
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
    expect(result.total).toBe(2);
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    const result = await searchProducts({ db: handle.db, query: "50%" });
    expect(result.products.map((row) => row.name)).toEqual(["50% Off Sign"]);
    expect((await searchProducts({ db: handle.db, query: "_" })).total).toBe(0);
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
    expect(all.total).toBe(1);
    expect(inStock.total).toBe(0);
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

  it("paginates stably, even across identical timestamps", async () => {
    const pageSize = 7;
    const first = await searchProducts({ db: handle.db, pageSize });
    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await searchProducts({ db: handle.db, pageSize, page });
      seen.push(...result.products.map((row) => row.id));
      // asking again gives the same page
      const again = await searchProducts({ db: handle.db, pageSize, page });
      expect(again.products.map((row) => row.id)).toEqual(result.products.map((row) => row.id));
    }
    expect(first.total).toBe(40);
    expect(first.pageCount).toBe(6);
    expect(new Set(seen).size).toBe(40);
  });

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
    expect((await getProduct({ db: handle.db, id: any!.id }))?.name).toBe(any!.name);
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
