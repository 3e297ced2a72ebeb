// Cached pages inline only the CSS their first paint needs and link the whole stylesheet last
// (server/http/critical-css.ts): the page must look the same before that file arrives, and the
// pages navigated to next must be styled by it.
import type { Browser, Page } from "@playwright/test";
import { expect, newWatchedContext, test } from "./support/fixtures";
import { openProduct, visit } from "./support/store";

const INLINED = /<style id="stylesheet" data-href="([^"]+)">([\s\S]*?)<\/style>/;

/** Where every element under `root` is and how it looks: what a paint shows. */
function layoutOf(page: Page, root = "body") {
  return page.evaluate(async (selector) => {
    await document.fonts.ready;
    return [...(document.querySelector(selector)?.querySelectorAll("*") ?? [])].map((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return [
        element.tagName,
        ...[box.x, box.y, box.width, box.height].map(Math.round),
        style.display,
        style.color,
        style.backgroundColor,
        style.font,
        style.borderColor,
        // not the opacity: a loading skeleton's pulse is at another point in each load
      ].join(" ");
    });
  }, root);
}

/**
 * The page as painted without JavaScript (hydration waits for the whole stylesheet anyway), with
 * the whole stylesheet or with an empty one in its place: only the inlined rules.
 */
async function firstPaint(browser: Browser, path: string, only: "critical" | "whole") {
  const watched = await newWatchedContext(browser, {
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await watched.context.newPage();
  if (only === "critical")
    await page.route(/\/assets\/[^/]+\.css$/, (route) =>
      route.fulfill({ contentType: "text/css", body: "" }),
    );
  await page.goto(path);
  const layout = await layoutOf(page);
  await watched.close();
  return layout;
}

test.describe("critical CSS", () => {
  test("a cached page carries the rules its first paint needs and links the whole stylesheet last", async ({
    request,
  }) => {
    for (const path of ["/", "/products", "/about"]) {
      // the first request stores the page; the second is answered from the cache
      await request.get(path);
      const response = await request.get(path);
      expect(response.headers()["x-cache"]).toBe("HIT");
      const html = await response.text();
      const [, href = "", critical = ""] = INLINED.exec(html) ?? [];
      const whole = await (await request.get(href)).text();
      expect(critical.length).toBeGreaterThan(0);
      expect(critical.length, `${path}: a part of the stylesheet`).toBeLessThan(whole.length / 2);
      expect(html.endsWith(`<link rel="stylesheet" href="${href}"/></body></html>`)).toBe(true);
    }
  });

  test("paints home, shop and a product page the same before the whole stylesheet arrives", async ({
    browser,
    page,
  }) => {
    test.slow();
    const { url } = await openProduct(page, "Midnight Oversized Tee");
    for (const path of ["/", "/products", new URL(url).pathname]) {
      // stored by the first load, so both are the cached page
      const whole = await firstPaint(browser, path, "whole");
      const critical = await firstPaint(browser, path, "critical");
      expect(critical, path).toEqual(whole);
    }
  });

  test("styles the pages navigated to next with the whole stylesheet", async ({ page }) => {
    await visit(page, "/");
    await expect(page.locator("body > link[rel=stylesheet]")).toHaveCount(1);
    // the sign-in form's rules are not in the home page's critical CSS: they come from the file
    await page.getByRole("contentinfo").getByRole("link", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    const navigated = await layoutOf(page, "main");
    // loaded anew: a page the cache does not keep links the whole stylesheet in its head
    await visit(page, "/login");
    expect(await layoutOf(page, "main")).toEqual(navigated);
  });
});
