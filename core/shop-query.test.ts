import { describe, expect, it } from "vitest";
import { parseShopQuery, priceParam, shopQueryString } from "./shop-query";

const parse = (search: string) => parseShopQuery(new URLSearchParams(search));

describe("the shop's merchandising filters in the URL", () => {
  it("reads a colour, the sale and a price range", () => {
    expect(parse("color=Black&sale=1&min=20&max=79.5")).toMatchObject({
      color: "black",
      onSale: true,
      minCents: 2000,
      maxCents: 7950,
    });
    expect(parse("color=forest-green")).toMatchObject({ color: "forest-green" });
  });

  it("leaves out what it cannot read, as the other filters do", () => {
    expect(parse("")).toMatchObject({ color: "", onSale: false, minCents: null, maxCents: null });
    for (const odd of ["color=black,white", "color=-black", "color=bl%20ack", `color=${"a".repeat(41)}`])
      expect(parse(odd).color).toBe("");
    for (const odd of ["sale=yes", "sale=true", "sale=0"]) expect(parse(odd).onSale).toBe(false);
    for (const odd of ["-5", "abc", "20.555", "1e3", "$20", "20,50", "10000000", ""])
      expect(parse(`min=${odd}&max=${odd}`)).toMatchObject({ minCents: null, maxCents: null });
    // one good end is kept when the other is odd
    expect(parse("min=abc&max=80")).toMatchObject({ minCents: null, maxCents: 8000 });
  });

  it("treats a range given upside down as the same range, and 0 as no lowest price", () => {
    expect(parse("min=80&max=20")).toMatchObject({ minCents: 2000, maxCents: 8000 });
    expect(parse("min=0&max=0")).toMatchObject({ minCents: null, maxCents: 0 });
    expect(parse("min=0.00")).toMatchObject({ minCents: null });
  });

  it("writes them canonically, so a URL read and written again stays the same", () => {
    expect(shopQueryString({ color: "black", onSale: true, minCents: 2000, maxCents: 7950 })).toBe(
      "?color=black&sale=1&min=20&max=79.50",
    );
    expect(shopQueryString({ color: "", onSale: false, minCents: null, maxCents: null })).toBe("");
    for (const search of [
      "?q=tee&category=tees&size=M&color=black&sale=1&min=20&max=80&sort=price-asc&stock=in",
      "?color=navy&max=0",
    ])
      expect(shopQueryString(parse(search))).toBe(search);
    expect(shopQueryString(parse("max=80.00&min=020&color=BLACK&sale=1"))).toBe(
      "?color=black&sale=1&min=20&max=80",
    );
  });

  it("writes a price in major units, with cents only when it has them", () => {
    expect(priceParam(2000)).toBe("20");
    expect(priceParam(2005)).toBe("20.05");
    expect(priceParam(5)).toBe("0.05");
  });
});
