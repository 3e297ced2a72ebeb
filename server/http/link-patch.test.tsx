// patches/react-router+7.18.4.patch: a link to an absolute path resolves without turning the route
// matches into JSON. Every kind of target must still resolve as React Router resolves it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, MemoryRouter, NavLink, Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";

function Links() {
  return (
    <>
      <Link to="/products/eclipse-hoodie?size=M#reviews">absolute</Link>
      <Link to={{ pathname: "/cart", search: "?coupon=NIGHT" }}>absolute object</Link>
      <Link to="..">parent</Link>
      <Link to="returns/new">child</Link>
      <Link to="?page=2">search only</Link>
      <Link to=".." relative="path">
        parent by path
      </Link>
      <NavLink to="/account/orders/42" className={({ isActive }) => (isActive ? "on" : "off")}>
        this page
      </NavLink>
      <NavLink to="/account" end className={({ isActive }) => (isActive ? "on" : "off")}>
        account
      </NavLink>
    </>
  );
}

/** Each link's text and its anchor's attributes before href, with its href. */
function render(url: string): Record<string, string> {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="account" element={<Outlet />}>
          <Route path="orders/:orderId" element={<Links />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return Object.fromEntries(
    [...html.matchAll(/<a ([^>]*?)href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, before, href, text = ""]) => [
      text.trim(),
      `${before}${href}`,
    ]),
  );
}

describe("React Router's links as the server renders them", () => {
  it("loads the patched build", () => {
    const entry = createRequire(import.meta.url).resolve("react-router");
    const chunks = [...readFileSync(entry, "utf8").matchAll(/from "\.\/(chunk-[A-Z0-9]+\.m?js)"/g)];
    const sources = chunks.map(([, chunk = ""]) =>
      readFileSync(path.join(path.dirname(entry), chunk), "utf8"),
    );
    expect(sources.some((source) => source.includes("function isAbsolutePathTo(to)"))).toBe(true);
  });

  it("resolves absolute, relative and search-only targets as before", () => {
    expect(render("/account/orders/42")).toEqual({
      absolute: "/products/eclipse-hoodie?size=M#reviews",
      "absolute object": "/cart?coupon=NIGHT",
      // ".." leaves the route, not the path segment: the parent route is "account"
      parent: "/account",
      child: "/account/orders/42/returns/new",
      "search only": "/account/orders/42?page=2",
      "parent by path": "/account/orders",
      "this page": 'aria-current="page" class="on" /account/orders/42',
      account: 'class="off" /account',
    });
  });

  it("resolves relative targets against each page's own matches", () => {
    const links = render("/account/orders/7");
    expect(links.child).toBe("/account/orders/7/returns/new");
    expect(links["search only"]).toBe("/account/orders/7?page=2");
    expect(links["this page"]).toBe('class="off" /account/orders/42');
  });
});
