// The admin's Returns screen as far as it goes without a customer's return (the lead's journey
// spec drives a return from request to refund): the page, its filters and empty state on a laptop
// and a phone, an unknown return's link, and the product dialog's final-sale flag.
import { returnMessages } from "../../core/returns";
import { signInAsAdmin } from "./support/accounts";
import { deleteListedProduct } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { toast, visit } from "./support/store";

/** A search nothing matches, whatever returns other specs have made. */
const NO_MATCH = `RMA-NONE-${Date.now()}`;

async function expectReturnsPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  await expect(page.getByText(/^\d+ returns? · \d+ waiting$/)).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search returns" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Filter by state" })).toBeVisible();
}

test.describe("admin: Returns", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the Returns screen lists, filters and shows an empty state at ${viewport.width}px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await visit(page, "/admin/products");
      // the sidebar (a grid of links on a phone) leads there
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: /^Returns/ })
        .click();
      await expect(page).toHaveURL(/\/admin\/returns$/);
      await expectReturnsPage(page);
      await expect(
        page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Returns/ }),
      ).toHaveAttribute("aria-current", "page");
      await expectNoSeriousViolations(page);
      await shot(page, "admin-returns");

      // the state filter goes into the URL at once
      await page.getByRole("combobox", { name: "Filter by state" }).selectOption("refunded");
      await expect(page).toHaveURL(/\/admin\/returns\?state=refunded$/);

      // a search for nothing: the empty state, and a way back to the whole list
      await page.getByRole("searchbox", { name: "Search returns" }).fill(NO_MATCH);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`q=${NO_MATCH}`));
      await expect(page.getByRole("heading", { name: "No returns found" })).toBeVisible();
      await expect(page.getByText("0 returns ·")).toBeVisible();
      await expectNoSeriousViolations(page);
      // nothing scrolls sideways on a phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await shot(page, "admin-returns-empty");
      await page.getByRole("link", { name: "Clear filters" }).click();
      await expect(page).toHaveURL(/\/admin\/returns$/);
      await expectReturnsPage(page);
    });
  }

  test("a link to a return that does not exist says so instead of failing", async ({ page }) => {
    for (const id of ["not-a-return", crypto.randomUUID()]) {
      const response = await visit(page, `/admin/returns?return=${id}`);
      expect(response?.status()).toBe(200);
      const dialog = page.getByRole("dialog", { name: "Return not available" });
      await expect(dialog.getByRole("alert")).toHaveText(returnMessages.notFound);
      await expectNoSeriousViolations(page);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(page).toHaveURL(/\/admin\/returns$/);
      await expectReturnsPage(page);
    }
  });

  test("the product dialog saves the final-sale flag and the list shows it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const name = `Tidal Swim Shorts ${Date.now()}`;
    await visit(page, "/admin/products");
    await page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Product" });
    await dialog.getByLabel("Product Name").fill(name);
    await dialog.getByLabel(/^Price/).fill("29");
    const finalSale = dialog.getByRole("checkbox", { name: "Final sale / non-returnable" });
    await expect(finalSale).not.toBeChecked();
    await expect(finalSale).toHaveAccessibleDescription("Customers cannot return this product");
    await finalSale.check();
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await expect(toast(page, "Product added successfully")).toBeVisible();

    await visit(page, `/admin/products?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText("Final sale", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit.getByRole("checkbox", { name: "Final sale / non-returnable" })).toBeChecked();
    await edit.getByRole("checkbox", { name: "Final sale / non-returnable" }).uncheck();
    await edit.getByRole("button", { name: "Update Product" }).click();
    await expect(toast(page, "Product updated successfully")).toBeVisible();
    await expect(row.getByText("Final sale", { exact: true })).toHaveCount(0);

    // leave the catalog as it was
    await deleteListedProduct(page, name);
  });
});
