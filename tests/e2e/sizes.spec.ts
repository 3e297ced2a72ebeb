import { registerCustomer } from "./support/accounts";
import { checkoutToPaymentPage, payWithCard } from "./support/checkout";
import { expect, test } from "./support/fixtures";
import { cartBadge, cartProducts, chooseSize, openProduct, stepper, toast, visit } from "./support/store";

// Products of the demo catalog (server/catalog/demo/demo-sizes.ts spreads their stock over sizes).
/** XS 7, S sold out, M 30, L 2, XL 14, XXL 7. */
const TEE = "Lowlight Essential Tee";

test.describe("sizes", () => {
  test("a shopper buys two sizes of one product: two lines, and only those sizes' stock goes down", async ({
    page,
  }) => {
    test.slow(); // a product page, the cart, the checkout, the payment page and My Orders
    await registerCustomer(page, "sizes");
    const { id } = await openProduct(page, TEE);
    const [before] = await cartProducts(page, [id]);
    const stockOf = (product: typeof before, label: string) =>
      product?.sizes.find((size) => size.label === label)?.stock ?? Number.NaN;

    await chooseSize(page, "M");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `Added ${TEE} to cart.`)).toBeVisible();
    await chooseSize(page, "XL");
    await stepper(page, TEE).increase.click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(cartBadge(page)).toHaveText("3");

    await visit(page, "/cart");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText("Size M");
    await expect(lines.nth(1)).toContainText("Size XL");
    await expect(stepper(page, `${TEE} (M)`).value).toHaveText("1");
    await expect(stepper(page, `${TEE} (XL)`).value).toHaveText("2");

    const { total } = await checkoutToPaymentPage(page);
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    const orderNumber = (await page.getByTestId("order-number").textContent()) ?? "";

    const [after] = await cartProducts(page, [id]);
    for (const size of before?.sizes ?? []) {
      const sold = { M: 1, XL: 2 }[size.label] ?? 0;
      expect(stockOf(after, size.label), `stock of ${size.label}`).toBe(size.stock - sold);
    }
    expect(after?.stock).toBe((before?.stock ?? 0) - 3);

    // My Orders shows the sizes, and an item links back to its size
    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect(row).toContainText(total);
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog");
    await expect(details.getByText(/^Size M · 1 ×/)).toBeVisible();
    await expect(details.getByText(/^Size XL · 2 ×/)).toBeVisible();
    await expect(details.getByRole("link", { name: TEE }).first()).toHaveAttribute(
      "href",
      new RegExp(`^/products/${id}\\?size=(M|XL)$`),
    );
  });

  test("a sold-out size can be chosen to ask for an alert, never added; the URL remembers the size", async ({
    page,
  }) => {
    const { id, url } = await openProduct(page, TEE);
    const soldOut = page.getByRole("radio", { name: "S, sold out" });
    await page.getByRole("radiogroup", { name: "Size" }).locator("label").filter({ hasText: /^S$/ }).click();
    await expect(soldOut).toBeChecked();
    // instead of Add to Cart: "Notify me when it's back" (tests/e2e/back-in-stock.spec.ts)
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
    await expect(page.getByTestId("back-in-stock")).toBeVisible();
    await expect(page).toHaveURL(/\?size=S$/);

    // nothing chosen: Add to Cart asks for a size
    await visit(page, url);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please select a size" })).toBeVisible();

    // a sold-out size in a shared link is chosen, with the alert form
    await visit(page, `${url}?size=S`);
    await expect(soldOut).toBeChecked();
    await expect(page.getByTestId("back-in-stock")).toBeVisible();

    // keyboard: the group is one tab stop and the arrow keys move from size to size, sold out or not
    await visit(page, `/products/${id}?size=XS`);
    const xs = page.getByRole("radio", { name: "XS", exact: true });
    await expect(xs).toBeChecked();
    await expect(page.getByTestId("stock-line")).toHaveText("In stock (7 available)");
    await xs.focus();
    await page.keyboard.press("ArrowRight");
    await expect(soldOut).toBeChecked();
    await expect(page.getByTestId("stock-line")).toHaveText("Out of stock");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "M", exact: true })).toBeChecked();
    await expect(page).toHaveURL(/\?size=M$/);
  });

  test("the size guide shows the measurements of the product's category", async ({ page }) => {
    await openProduct(page, TEE);
    await page.getByRole("button", { name: "Size guide" }).click();
    const guide = page.getByRole("dialog", { name: "Size guide" });
    await expect(guide.getByRole("columnheader", { name: "Chest (cm)" })).toBeVisible();
    await expect(guide.getByRole("row", { name: /^M 97-104 72$/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(guide).toBeHidden();
  });

  test("the shop's size filter offers the sizes in stock and keeps its choice in the URL", async ({
    page,
  }) => {
    await visit(page, "/products");
    const sizeFilter = page.getByRole("combobox", { name: "Size" });
    // W34 is sold out in every pair of demo pants: it is not offered at all
    await expect(sizeFilter.locator("option", { hasText: "W34" })).toHaveCount(0);
    await sizeFilter.selectOption("W32");
    await expect(page).toHaveURL(/\/products\?size=W32$/);
    const cards = page.getByTestId("product-grid").getByRole("article");
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasNotText: "Pants" })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Size" })).toHaveValue("W32");
  });
});
