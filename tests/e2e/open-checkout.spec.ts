// Issue 25, items 1, 2 and 4, walked as the shopper who fell into them: paying an old unpaid order
// keeps what was added to the cart since; Pay, back, Pay again leaves one payable order; a cancelled
// unpaid order stays in My Orders as Cancelled (with a toast), and the admin counts what the
// customer sees.
import { registerCustomer, signInAsAdmin } from "./support/accounts";
import { checkoutToPaymentPage, payWithCard } from "./support/checkout";
import { expect, newWatchedContext, test } from "./support/fixtures";
import {
  CART_KEY,
  cartProducts,
  fullestSize,
  type SavedLine,
  saveCart,
  sitemapProductIds,
  toast,
  visit,
} from "./support/store";

/** Two well-stocked products, as the cart saves them: "the cap" and "the hoodie" of the walk. */
async function twoProducts(page: import("@playwright/test").Page) {
  const ids = await sitemapProductIds(page);
  const plenty = (await cartProducts(page, ids)).filter((found) => fullestSize(found).stock >= 10);
  const [cap, hoodie] = plenty.slice(0, 2);
  if (!cap || !hoodie) throw new Error("the demo catalog has too few well-stocked products");
  const line = (found: typeof cap, quantity = 1): SavedLine => ({
    product: found.product,
    size: fullestSize(found),
    quantity,
  });
  return { cap: line(cap), hoodie: line(hoodie) };
}

const savedCart = (page: import("@playwright/test").Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as SavedLine[], CART_KEY);

test.describe("an unpaid order and the cart", () => {
  test("paying an old unpaid order from My Orders leaves the hoodie added since in the cart", async ({
    page,
  }) => {
    await registerCustomer(page, "old-order");
    const { cap, hoodie } = await twoProducts(page);
    await saveCart(page, [cap]);
    await checkoutToPaymentPage(page);
    // leaves the payment page without paying, and puts a hoodie in the cart
    await visit(page, `/products/${hoodie.product.id}?size=${encodeURIComponent(hoodie.size.label)}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `Added ${hoodie.product.name} to cart.`)).toBeVisible();
    expect((await savedCart(page)).map((line) => line.size.id)).toEqual([cap.size.id, hoodie.size.id]);

    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Awaiting payment");
    await row.getByRole("button", { name: /Complete payment/ }).click();
    await expect(page).toHaveURL(/\/test-checkout\/tcs_/);
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();

    // the cap was the order; the hoodie was never part of it
    await expect
      .poll(async () => (await savedCart(page)).map((line) => [line.size.id, line.quantity]))
      .toEqual([[hoodie.size.id, 1]]);
    // a reload of the success page takes nothing out a second time
    await page.reload();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await visit(page, "/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-line")).toContainText(hoodie.product.name);
  });

  test("Pay, back, Pay again: one order awaiting payment, and the first page can no longer be paid", async ({
    page,
  }) => {
    await registerCustomer(page, "pay-twice");
    const { cap } = await twoProducts(page);
    await saveCart(page, [cap]);
    await checkoutToPaymentPage(page);
    const firstPage = page.url();
    await visit(page, "/cart");
    await checkoutToPaymentPage(page);
    expect(page.url()).not.toBe(firstPage);

    await visit(page, "/account/orders");
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await expect(page.getByRole("button", { name: /Complete payment/ })).toHaveCount(1);

    // the first page was taken back: paying on it is refused and charges nothing
    await visit(page, firstPage);
    await expect(page.getByText("This checkout session is no longer open.")).toBeVisible();
  });

  test("a cancelled unpaid order stays in My Orders as Cancelled, with a toast, as the admin counts it", async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page, "cancels");
    const { cap } = await twoProducts(page);
    await saveCart(page, [cap]);
    await checkoutToPaymentPage(page);

    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row");
    const orderNumber = (await row.getByRole("rowheader").textContent()) ?? "";
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog");
    await details.getByRole("button", { name: "Cancel order" }).click();
    await details.getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(toast(page, `Order ${orderNumber} cancelled`)).toBeVisible();
    await expect(details.getByText("Cancelled").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Cancelled");

    // then a checkout closed at the payment step, without pressing Pay: not an order yet
    await visit(page, "/cart");
    await page.getByRole("button", { name: /^Checkout/ }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await dialog.getByLabel("Full Name").fill("Nova Shopper");
    await dialog.getByLabel("Address Line 1").fill("Torstraße 101");
    await dialog.getByLabel("City").fill("Berlin");
    await dialog.getByLabel("ZIP Code").fill("10119");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await visit(page, "/account/orders");
    await expect(page.getByTestId("order-row")).toHaveCount(1);

    const admin = await newWatchedContext(browser);
    const adminPage = await admin.context.newPage();
    await signInAsAdmin(adminPage);
    await visit(adminPage, `/admin/orders?q=${encodeURIComponent(customer.email)}`);
    await expect(adminPage.getByText(/^1 order/)).toBeVisible();
    await expect(
      adminPage.getByRole("link", { name: "1 checkout not taken to payment hidden" }),
    ).toBeVisible();
    const adminRow = adminPage.getByRole("row").filter({ hasText: orderNumber });
    await expect(adminRow).toContainText("Cancelled");
    await admin.close();
  });
});
