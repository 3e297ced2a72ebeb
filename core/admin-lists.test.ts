import { describe, expect, it } from "vitest";
import { adminOrderList, adminProductList, adminReturnList } from "./admin-lists";

describe("an admin list's URL state", () => {
  it("reads the order list's search, status, checkouts switch and page, and writes them back in that order", () => {
    const query = adminOrderList.parse(
      new URLSearchParams("page=3&checkouts=show&status=shipped&q=%20ab%20"),
    );
    expect(query).toEqual({ q: "ab", status: "shipped", checkouts: true, page: 3 });
    expect(adminOrderList.href(query)).toBe("/admin/orders?q=ab&status=shipped&checkouts=show&page=3");
  });

  it("falls back to the defaults for anything odd, and leaves defaults out of links", () => {
    const query = adminOrderList.parse(new URLSearchParams("status=lost&checkouts=yes&page=-2"));
    expect(query).toEqual({ q: "", status: "", checkouts: false, page: 1 });
    expect(adminOrderList.href(query)).toBe("/admin/orders");
    expect(adminOrderList.parse(new URLSearchParams("page=100001")).page).toBe(1);
    expect(adminOrderList.parse(new URLSearchParams(`q=${"x".repeat(150)}`)).q).toHaveLength(100);
  });

  it("keeps the open return last, and a filter form goes to the first page without it", () => {
    expect(adminReturnList.href({ q: "RMA", state: "approved", page: 2, open: "abc" })).toBe(
      "/admin/returns?q=RMA&state=approved&page=2&return=abc",
    );
    expect(adminReturnList.formHref(new URLSearchParams("q=RMA&state=nope"))).toBe("/admin/returns?q=RMA");
  });

  it("takes any page number for products, so one past the last can show the last", () => {
    expect(adminProductList.parse(new URLSearchParams("page=250000")).page).toBe(250_000);
  });
});
