import { describe, expect, it } from "vitest";
import {
  chosenColor,
  colorSlug,
  isProductId,
  ONE_SIZE,
  productSku,
  sizedName,
  variantLabel,
} from "./product";
import { parseShopQuery, shopQueryString } from "./shop-query";

describe("productSku", () => {
  it("is PRD- and the first 8 characters of the id in upper case", () => {
    expect(productSku("3f2a9c1e-7b4d-4e8a-9f00-123456789abc")).toBe("PRD-3F2A9C1E");
  });
});

describe("isProductId", () => {
  it("accepts a uuid and refuses anything else", () => {
    expect(isProductId("3f2a9c1e-7b4d-4e8a-9f00-123456789abc")).toBe(true);
    expect(isProductId("3f2a9c1e")).toBe(false);
    expect(isProductId("../etc/passwd")).toBe(false);
  });
});

describe("shop query", () => {
  it("reads the URL state and falls back to defaults on odd values", () => {
    expect(
      parseShopQuery(new URLSearchParams("q=%20hoodie%20&category=Hoodies&sort=price-asc&stock=in&page=3")),
    ).toEqual({
      q: "hoodie",
      size: "",
      color: "",
      onSale: false,
      minCents: null,
      maxCents: null,
      category: "hoodies",
      sort: "price-asc",
      inStockOnly: true,
      page: 3,
      cursor: null,
    });
    expect(parseShopQuery(new URLSearchParams("sort=__proto__&page=-2"))).toMatchObject({
      sort: "newest",
      page: 1,
    });
    expect(parseShopQuery(new URLSearchParams("page=abc"))).toMatchObject({ page: 1 });
  });

  it("reads a cursor that fits the sort, and numbers its page 2 or more", () => {
    const id = "3f2a9c1e-7b4d-4e8a-9f00-123456789abc";
    expect(
      parseShopQuery(new URLSearchParams(`page=7&after=1767225600123456_${id.toUpperCase()}`)),
    ).toMatchObject({
      page: 7,
      cursor: { direction: "after", key: "1767225600123456", id },
    });
    expect(parseShopQuery(new URLSearchParams(`sort=price-asc&before=1999_${id}`))).toMatchObject({
      page: 2,
      cursor: { direction: "before", key: "1999", id },
    });
    // a price cursor beyond any price, a time that is not a number, a broken id: no cursor
    for (const odd of [
      `sort=price-asc&after=99999999999_${id}`,
      `after=2026-01-01_${id}`,
      "after=12_abc",
      "after=_",
    ])
      expect(parseShopQuery(new URLSearchParams(`page=4&${odd}`))).toMatchObject({ page: 4, cursor: null });
  });

  it("writes only what differs from the defaults", () => {
    expect(shopQueryString({ q: "", category: "", sort: "newest", inStockOnly: false, page: 1 })).toBe("");
    expect(shopQueryString({ q: "tee", sort: "price-desc", page: 2 })).toBe("?q=tee&sort=price-desc&page=2");
    expect(
      shopQueryString({ category: "tees", page: 5, cursor: { direction: "after", key: "1999", id: "abc" } }),
    ).toBe("?category=tees&page=5&after=1999_abc");
  });
});

describe("colours and naming", () => {
  it("derives a colour's slug from its name: lower case, words joined by hyphens", () => {
    expect(colorSlug("Black")).toBe("black");
    expect(colorSlug("  Forest Green ")).toBe("forest-green");
    expect(colorSlug("Off-White / Cream")).toBe("off-white-cream");
    expect(colorSlug("Crème Brûlée")).toBe("creme-brulee");
    expect(colorSlug("Grey #2")).toBe("grey-2");
    expect(colorSlug("!!")).toBe("");
  });

  it("names a line by product, colour and size", () => {
    expect(sizedName("Hoodie", "M", "Black")).toBe("Hoodie (Black, M)");
    expect(sizedName("Hoodie", "M")).toBe("Hoodie (M)");
    expect(sizedName("Hoodie", "M", null)).toBe("Hoodie (M)");
    expect(sizedName("Cap", ONE_SIZE, "Sand")).toBe("Cap (Sand)");
    expect(sizedName("Cap", ONE_SIZE)).toBe("Cap");
    expect(variantLabel("M", "Black")).toBe("Black · Size M");
    expect(variantLabel("M", null)).toBe("Size M");
  });

  it("chooses the colour ?color= names, else the first one", () => {
    const colors = [{ slug: "black" }, { slug: "sand" }];
    expect(chosenColor(colors, "sand")).toBe(colors[1]);
    expect(chosenColor(colors, "purple")).toBe(colors[0]);
    expect(chosenColor(colors, null)).toBe(colors[0]);
    expect(chosenColor([], "black")).toBeNull();
  });
});
