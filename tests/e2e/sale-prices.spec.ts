// A markdown from the admin's dialog to the shopper's order (docs/PRICING.md#sale-prices): the
// struck-through regular price, the sale price and the 30-day lowest price on the shop card and the
// product page, the sale price in the cart and on the order.
import { registerCustomer } from "./support/accounts";
import { adminBrowser } from "./support/admin";
import { payForCart } from "./support/checkout";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { shot, shotOf } from "./support/screenshots";
import { formatUsd, openProduct, productCards, toast, visit } from "./support/store";

/** What a price line with a sale shows: the sale price, the regular one struck through, the 30-day figure. */
async function expectSale(scope: Locator, sale: number, regular: number, lowest: number) {
  await expect(scope.getByTestId("sale-price")).toHaveText(`Sale price ${formatUsd(sale)}`);
  const struck = scope.getByTestId("regular-price");
  await expect(struck).toHaveText(`Regular price ${formatUsd(regular)}`);
  await expect(struck).toHaveJSProperty("tagName", "S");
  await expect(scope.getByTestId("lowest-prior-price")).toHaveText(
    `Lowest price in the last 30 days: ${formatUsd(lowest)}`,
  );
}

async function editProduct(admin: Page, name: string) {
  await visit(admin, `/admin/products?q=${encodeURIComponent(name)}`);
  await admin.getByRole("button", { name: `Edit ${name}` }).click();
  return admin.getByRole("dialog", { name: "Edit Product" });
}

test.describe("sale prices", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the admin puts a product on sale; the shop, the cart and the order show the sale price", async ({
    page,
    browser,
  }) => {
    const name = `Markdown Tee ${Date.now()}`;
    const admin = await adminBrowser(browser);
    try {
      await visit(admin.page, "/admin/products");
      await admin.page.getByRole("button", { name: "Add Product" }).first().click();
      const add = admin.page.getByRole("dialog", { name: "Add Product" });
      await add.getByLabel("Product Name").fill(name);
      await add.getByLabel(/^Price/).fill("60");
      await add.getByRole("button", { name: "One Size", exact: true }).click();
      await add.getByLabel("Stock of One Size", { exact: true }).fill("20");
      await add.getByRole("button", { name: "Add Product" }).click();
      await expect(toast(admin.page, "Product added successfully")).toBeVisible();

      // a sale price at or above the regular price is refused with the reason
      let edit = await editProduct(admin.page, name);
      await edit.getByLabel("Sale price").fill("60");
      await edit.getByRole("button", { name: "Update Product" }).click();
      await expect(edit.getByRole("alert")).toHaveText("Sale price must be below the regular price");
      await edit.getByLabel("Sale price").fill("45");
      await edit.getByRole("button", { name: "Update Product" }).click();
      await expect(toast(admin.page, "Product updated successfully")).toBeVisible();
      await expect(edit).toBeHidden();

      // the dialog lists the price history: the listing and the sale
      edit = await editProduct(admin.page, name);
      await expect(edit.getByLabel("Sale price")).toHaveValue("45.00");
      const history = edit.getByTestId("price-history").locator("tbody tr");
      await expect(history).toHaveCount(2);
      await expect(history.first()).toContainText("$60.00$45.00From saving until removed");
      await expect(history.last()).toContainText("$60.00—");
      await shotOf(edit, "sale-admin-dialog");
    } finally {
      await admin.close();
    }

    // the shop's card: listed at 60.00 until now, so 60.00 is the lowest price before the sale
    await visit(page, `/products?q=${encodeURIComponent(name)}`);
    const card = productCards(page).filter({ hasText: name });
    await expectSale(card, 4500, 6000, 6000);
    await shot(page, "sale-shop");

    await openProduct(page, name);
    const price = page.getByTestId("product-price");
    await expectSale(page.getByRole("main"), 4500, 6000, 6000);
    await expect(price).toContainText("incl. VAT");
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd.hasVariant[0].offers.price).toBe("45.00");
    await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute("content", "45.00");
    await shot(page, "sale-product");

    await registerCustomer(page, "markdown");
    await openProduct(page, name);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await visit(page, "/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: name });
    await expect(line.getByTestId("sale-price")).toHaveText(`Sale price ${formatUsd(4500)}`);
    await expect(line.getByTestId("regular-price")).toHaveText(`Regular price ${formatUsd(6000)}`);
    await shot(page, "sale-cart");

    const { orderNumber, total } = await payForCart(page);
    expect(total).toBe(formatUsd(4500 + 999));
    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect(row).toContainText(total);
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog");
    await expect(details.getByTestId("order-item").filter({ hasText: name })).toContainText(formatUsd(4500));
  });
});
