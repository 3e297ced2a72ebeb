// Every loader and action under /admin refuses customers and visitors. The routes are read from
// app/routes.ts, so a new admin screen is checked without anyone remembering to add it here.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { callRoute, getRequest, type RouteFunction } from "../../tests/setup/route-call";
import { signUpTestUser } from "../../tests/setup/test-commerce";
import { formRequest, setupTestServices, TEST_PUBLIC_URL } from "../../tests/setup/test-services";

const t = setupTestServices();
let customerCookie: string;

beforeAll(async () => {
  customerCookie = (await signUpTestUser(t.services, "customer")).cookie;
});

interface AdminRoute {
  path: string;
  file: string;
}

function adminRoutes(entries: RouteConfigEntry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = path === "admin" || path.startsWith("admin/") ? [{ path: `/${path}`, file: entry.file }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], path)];
  });
}

const ADMIN_ROUTES = adminRoutes(routes);
/** Every intent an admin form sends, and one nobody sends. */
const INTENTS = [
  "",
  "save",
  "delete",
  "update",
  "set-active",
  "export",
  "approve",
  "reject",
  "receive",
  "refund",
  "exchange",
  "unknown",
];

type RouteModule = { loader?: RouteFunction; action?: RouteFunction };

/** Where the route sends the caller (null when it answers without a redirect). */
async function redirectFrom(fn: RouteFunction, request: Request, cookie?: string) {
  const result = await callRoute(fn, request, { services: t.services, cookie });
  return result instanceof Response ? result.headers.get("Location") : null;
}

describe("the admin area", () => {
  it("has its screens in the route table", () => {
    expect(ADMIN_ROUTES.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/products",
        "/admin/products/images",
        "/admin/dashboard",
        "/admin/orders",
        "/admin/orders/export.csv",
        "/admin/returns",
        "/admin/coupons",
        "/admin/receipts",
        "/admin/tax-rates",
      ]),
    );
  });

  describe.each(ADMIN_ROUTES)("$path ($file)", ({ path, file }) => {
    it("sends a customer to /forbidden and a visitor to /login, from its loader and every action", async () => {
      const module = (await import(`../../app/${file}`)) as RouteModule;
      expect(module.loader ?? module.action, `${file} has neither loader nor action`).toBeDefined();

      if (module.loader) {
        expect(await redirectFrom(module.loader, getRequest(path), customerCookie)).toBe("/forbidden");
        expect(await redirectFrom(module.loader, getRequest(path))).toMatch(/^\/login\?redirectTo=/);
      }
      if (module.action) {
        for (const intent of INTENTS) {
          const customer = await redirectFrom(
            module.action,
            formRequest(path, { intent, id: crypto.randomUUID() }, customerCookie),
            customerCookie,
          );
          expect(customer, `${path} intent "${intent}"`).toBe("/forbidden");
          const visitor = await redirectFrom(module.action, formRequest(path, { intent }));
          expect(visitor, `${path} intent "${intent}"`).toMatch(/^\/login\?redirectTo=/);
        }
        // an upload: a raw body rather than a form
        const upload = new Request(new URL(path, TEST_PUBLIC_URL), {
          method: "POST",
          headers: {
            Origin: TEST_PUBLIC_URL,
            Cookie: customerCookie,
            "Content-Type": "image/png",
            "X-File-Name": "a.png",
          },
          body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
        });
        expect(await redirectFrom(module.action, upload, customerCookie)).toBe("/forbidden");
      }
    });
  });
});
