import { expect, type Page } from "@playwright/test";
import { cartProducts, fullestSize, saveCart, sitemapProductIds, visit } from "./store";

/** The dialog's shipping step, filled with a Berlin address (German addresses have no state line). */
export async function fillShipping(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await dialog.getByLabel("Full Name").fill("Nova Shopper");
  await dialog.getByLabel("Address Line 1").fill("Torstraße 101");
  await dialog.getByLabel("City").fill("Berlin");
  await dialog.getByLabel("ZIP Code").fill("10119");
  return dialog;
}

export async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  // "Pay $12.50", "Pay €12.50": the amount in the store's currency
  await page.getByRole("button", { name: /^Pay \D{0,4}\d/ }).click();
}

/**
 * Two well-stocked products in the cart: one of the first, two of the second. Low-stock products
 * are left alone: other tests count on their stock.
 */
export async function fillCart(page: Page) {
  const ids = await sitemapProductIds(page);
  const plenty = (await cartProducts(page, ids)).filter((found) => fullestSize(found).stock >= 10);
  const [first, second] = plenty.slice(-2);
  if (!first || !second) throw new Error("the demo catalog has too few well-stocked products");
  await saveCart(page, [
    { product: first.product, size: fullestSize(first), quantity: 1 },
    { product: second.product, size: fullestSize(second), quantity: 2 },
  ]);
  return { subtotal: first.product.priceCents + second.product.priceCents * 2 };
}

/** From the cart to the hosted test payment page, with a coupon. */
export async function checkoutToPaymentPage(page: Page, options: { coupon?: string } = {}) {
  await visit(page, "/cart");
  await page.getByRole("button", { name: /^Checkout/ }).click();
  const dialog = await fillShipping(page);
  await expect(dialog.getByText("Step 1 of 2")).toBeVisible();
  if (options.coupon) {
    await dialog.getByLabel("Coupon code").fill(options.coupon.toLowerCase());
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(/^Coupon applied! You saved \D{1,3}\d+\.\d{2}$/)).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
  const total = (await dialog.getByTestId("checkout-total").textContent()) ?? "";
  await dialog.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/test-checkout\/tcs_[0-9a-f]{40}$/);
  await expect(page.getByText("Test mode - no real payment")).toBeVisible();
  return { total };
}

/** Pays for the cart as it is with the test card: the order number and the total paid. */
export async function payForCart(page: Page, options: { coupon?: string } = {}) {
  const { total } = await checkoutToPaymentPage(page, options);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
  const orderNumber = (await page.getByTestId("order-number").textContent()) ?? "";
  return { orderNumber, total };
}

/** A whole purchase with the test card: returns the order number and the total paid. */
export async function purchase(page: Page, options: { coupon?: string } = {}) {
  await fillCart(page);
  return payForCart(page, options);
}
