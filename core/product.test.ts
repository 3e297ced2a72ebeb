import { describe, expect, it } from "vitest";
import { isProductId, productSku } from "./product";
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
      category: "hoodies",
      sort: "price-asc",
      inStockOnly: true,
      page: 3,
    });
    expect(parseShopQuery(new URLSearchParams("sort=__proto__&page=-2"))).toMatchObject({
      sort: "newest",
      page: 1,
    });
    expect(parseShopQuery(new URLSearchParams("page=abc"))).toMatchObject({ page: 1 });
  });

  it("writes only what differs from the defaults", () => {
    expect(shopQueryString({ q: "", category: "", sort: "newest", inStockOnly: false, page: 1 })).toBe("");
    expect(shopQueryString({ q: "tee", sort: "price-desc", page: 2 })).toBe("?q=tee&sort=price-desc&page=2");
  });
});
