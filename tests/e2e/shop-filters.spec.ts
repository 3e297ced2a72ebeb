import { expect, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { readCards, shopTotal, visit } from "./support/store";

// The products of tests/e2e/support/seed-shop-filters.ts, all named "Prism …" (searched for, so the
// demo catalog stays out of the counts):
//   Prism Tee        $30             Ultraviolet S 3, M 2
//   Prism Hoodie     $400, sale $360 Ultraviolet M sold out, L 2; Signal Orange M 4
//   Prism Overshirt  $150            Signal Orange L 1
//   Prism Beanie     $23, sale $22   no colours, One Size 5

const names = async (page: Page) => (await readCards(page)).map((card) => card.name).sort();

/** Opens the Filter panel (a <details>) and returns it. */
async function openFilters(page: Page) {
  await page.locator("summary", { hasText: "Filter" }).click();
  const panel = page.locator("details[open]");
  await expect(panel.getByRole("button", { name: "Apply" })).toBeVisible();
  return panel;
}

test.describe("shop filters", () => {
  test("a shopper narrows the shop by colour, sale and price, with counts, and the URL keeps them", async ({
    page,
  }) => {
    test.slow(); // six shop pages
    await visit(page, "/products?q=prism");
    expect(await shopTotal(page)).toBe(4);

    const panel = await openFilters(page);
    const colours = panel.getByRole("group", { name: "Colour" });
    // each colour with its count of products with a size of it in stock
    await expect(colours.getByRole("radio", { name: /^Ultraviolet\W+2 products$/ })).toBeVisible();
    await expect(colours.getByRole("radio", { name: /^Signal Orange\W+2 products$/ })).toBeVisible();
    await expect(panel.getByRole("checkbox", { name: /^On sale\W+2 products$/ })).toBeVisible();
    await shot(page, "shop-filters-panel");

    await colours.getByText("Ultraviolet").click();
    await panel.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/products\?q=prism&color=ultraviolet$/);
    await expect.poll(() => names(page)).toEqual(["Prism Hoodie", "Prism Tee"]);
    const active = page.getByRole("list", { name: "Active filters" });
    await expect(active.getByRole("link", { name: "Remove filter: Ultraviolet" })).toBeVisible();

    // the sale's count follows the colour: of the two in ultraviolet, one is on sale
    const again = await openFilters(page);
    await expect(again.getByRole("checkbox", { name: /^On sale\W+1 product$/ })).toBeVisible();
    await again.getByRole("checkbox", { name: /On sale/ }).check();
    await again.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/products\?q=prism&color=ultraviolet&sale=1$/);
    await expect.poll(() => names(page)).toEqual(["Prism Hoodie"]);
    // the card shows the price in force
    expect((await readCards(page))[0]?.priceCents).toBeGreaterThan(0);

    await page.reload();
    await expect.poll(() => names(page)).toEqual(["Prism Hoodie"]);
    await expect(active.getByRole("link", { name: "Remove filter: On sale" })).toBeVisible();
    await shot(page, "shop-filters-active");

    // taking the colour off keeps the sale
    await active.getByRole("link", { name: "Remove filter: Ultraviolet" }).click();
    await expect(page).toHaveURL(/\/products\?q=prism&sale=1$/);
    await expect.poll(() => names(page)).toEqual(["Prism Beanie", "Prism Hoodie"]);
    await active.getByRole("link", { name: "Remove filter: On sale" }).click();
    await expect(page).toHaveURL(/\/products\?q=prism$/);
    await expect.poll(() => names(page)).toHaveLength(4);
  });

  test("the price range filters by the price in force, in the store's currency", async ({ page }) => {
    await visit(page, "/products?q=prism");
    const panel = await openFilters(page);
    const min = panel.getByRole("textbox", { name: "Min price (USD)" });
    const max = panel.getByRole("textbox", { name: "Max price (USD)" });
    await expect(panel.getByText("$").first()).toBeVisible();

    // a price the URL could not say is refused by the browser, with the reason
    await min.fill("twenty");
    await panel.getByRole("button", { name: "Apply" }).click();
    expect(await min.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
    await expect(page).toHaveURL(/\/products\?q=prism$/);

    // the prices in force: the hoodie's sale price ($360) is in the range, its regular price not
    await min.fill("350");
    await max.fill("380");
    await panel.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/products\?q=prism&min=350&max=380$/);
    await expect.poll(() => names(page)).toEqual(["Prism Hoodie"]);
    await expect(
      page
        .getByRole("list", { name: "Active filters" })
        .getByRole("link", { name: "Remove filter: $350 – $380" }),
    ).toBeVisible();
    // up to $22: the beanie on sale at $22 (regular $23), not the $30 tee
    await visit(page, "/products?q=prism&max=22");
    await expect.poll(() => names(page)).toEqual(["Prism Beanie"]);

    // with a size, the colour must have that size in stock: the hoodie's ultraviolet M is sold out
    await visit(page, "/products?q=prism&color=ultraviolet&size=M");
    await expect.poll(() => names(page)).toEqual(["Prism Tee"]);

    // odd values in a hand-written URL are left out, as the other filters' are
    await visit(page, "/products?q=prism&min=abc&max=-3&color=Not%20A%20Colour&sale=yes");
    expect(await shopTotal(page)).toBe(4);
    await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
  });

  test("the panel fits a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/products?q=prism&color=signal-orange");
    const panel = await openFilters(page);
    const box = await panel.locator("div").first().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(panel.getByRole("radio", { name: /Signal Orange/ })).toBeChecked();
  });
});
