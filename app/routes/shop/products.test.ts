import { beforeAll, describe, expect, it } from "vitest";
import { type ShopQuery, shopQueryString } from "../../../core/shop-query";
import type { ShopPageLink } from "../../../server/catalog/search-products";
import { product } from "../../../server/db/schema";
import { callRoute, dataOf, getRequest, locationOf, settle } from "../../../tests/setup/route-call";
import { setupTestServices } from "../../../tests/setup/test-services";
import { loader } from "./products";

const t = setupTestServices();
const base = new Date("2026-03-01T00:00:00Z").getTime();

type ShopData = {
  query: ShopQuery;
  products: { id: string; name: string; images: { src: string }[] }[];
  count: { kind: string; value: number };
  page: number;
  pageCount: number | null;
  previous: ShopPageLink | null;
  next: ShopPageLink | null;
};

const load = (pathname: string) => callRoute(loader, getRequest(pathname), { services: t.services });
const shop = async (pathname: string) => dataOf<ShopData>(await load(pathname)).data;
const linkTo = (data: ShopData, link: ShopPageLink) =>
  `/products${shopQueryString({ ...data.query, page: link.page, cursor: link.cursor })}`;

beforeAll(async () => {
  // 60 products, every fourth sharing its arrival time with the one before
  await t.handle.db.insert(product).values(
    Array.from({ length: 60 }, (_, i) => ({
      name: `Item ${i}`,
      priceCents: 1000 + (i % 5) * 100,
      stock: 3,
      category: i % 2 ? "Tees" : "Hoodies",
      images: [`image-${i}-a`, `image-${i}-b`],
      createdAt: new Date(base + (i - (i % 4 === 3 ? 1 : 0)) * 60_000),
    })),
  );
});

describe("the shop's pages", () => {
  it("links page 1 to the next pages by cursor and back, and counts exactly", async () => {
    const first = await shop("/products");
    expect(first).toMatchObject({
      page: 1,
      pageCount: 3,
      count: { kind: "exact", value: 60 },
      previous: null,
    });
    expect(first.products).toHaveLength(24);
    // a card gets its first image only
    expect(first.products[0]!.images).toHaveLength(1);

    const nextUrl = linkTo(first, first.next!);
    expect(nextUrl).toMatch(/^\/products\?page=2&after=\d+_[0-9a-f-]{36}$/);
    const second = await shop(nextUrl);
    expect(second).toMatchObject({ page: 2, pageCount: 3, previous: { page: 1, cursor: null } });
    const third = await shop(linkTo(second, second.next!));
    expect(third.products).toHaveLength(12);
    expect(third.next).toBeNull();
    const seen = [first, second, third].flatMap((page) => page.products.map((row) => row.id));
    expect(new Set(seen).size).toBe(60);

    const previousUrl = linkTo(third, third.previous!);
    expect(previousUrl).toMatch(/^\/products\?page=2&before=\d+_[0-9a-f-]{36}$/);
    expect((await shop(previousUrl)).products).toEqual(second.products);
  });

  it("keeps filters and the sort in the links", async () => {
    const first = await shop("/products?category=tees&sort=price-desc");
    expect(first.count).toEqual({ kind: "exact", value: 30 });
    const nextUrl = linkTo(first, first.next!);
    expect(nextUrl).toMatch(/^\/products\?category=tees&sort=price-desc&page=2&after=\d+_[0-9a-f-]{36}$/);
    const second = await shop(nextUrl);
    expect(second.products).toHaveLength(6);
    expect(second.products.every((row) => Number(row.name.split(" ")[1]) % 2 === 1)).toBe(true);
  });

  it("sends a page number without a cursor (an old link) to page 1", async () => {
    expect(locationOf(await load("/products?page=3"))).toBe("/products");
    expect(locationOf(await load("/products?q=item&sort=price-asc&page=2"))).toBe(
      "/products?q=item&sort=price-asc",
    );
    // a cursor that does not parse is no cursor
    expect(locationOf(await load("/products?page=2&after=yesterday"))).toBe("/products");
    expect(dataOf<ShopData>(await load("/products?after=yesterday")).data.page).toBe(1);
  });

  it("answers 404 past the last page, and page 1 when the page before a cursor is the start", async () => {
    // a cursor names a place in the order, not a product: one that never existed works too
    const last = (await shop("/products?sort=price-asc&page=3&after=0_00000000-0000-4000-8000-000000000000"))
      .products;
    expect(last).toHaveLength(24);
    const past = await load(
      "/products?sort=price-asc&page=4&after=999999999_ffffffff-ffff-4fff-bfff-ffffffffffff",
    );
    expect(settle(past).status).toBe(404);
    const start = await load("/products?sort=price-asc&page=2&before=0_00000000-0000-4000-8000-000000000000");
    expect(locationOf(start)).toBe("/products?sort=price-asc");
  });
});
