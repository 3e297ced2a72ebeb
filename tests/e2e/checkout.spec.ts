import { registerCustomer } from "./support/accounts";
import { checkoutToPaymentPage, fillCart, fillShipping, payWithCard } from "./support/checkout";
import { expect, test } from "./support/fixtures";
import { CART_KEY, formatUsd, visit } from "./support/store";

test.describe("checkout with the built-in test payment page", () => {
  test("a shopper buys two products with a coupon and finds the order in My Orders", async ({ page }) => {
    await registerCustomer(page, "buyer");
    const { subtotal } = await fillCart(page);
    await expect(page.getByTestId("test-mode-banner")).toBeVisible();

    const { total } = await checkoutToPaymentPage(page, { coupon: "WELCOME10" });
    const discount = Math.floor((subtotal * 1000 + 5000) / 10000);
    expect(total).toBe(formatUsd(subtotal + 999 - discount));
    await expect(page.getByTestId("amount-due")).toHaveText(total);

    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(/\/checkout-success\?session_id=tcs_/);
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    const orderNumber = (await page.getByTestId("order-number").textContent()) ?? "";
    expect(orderNumber).toMatch(/^NOC-\d+$/);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), CART_KEY)).toBe("[]");
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");

    await page.getByRole("main").getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL("/account/orders");
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect(row).toContainText(total);
    await expect(row).toContainText("Processing");
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog");
    await expect(details.getByText("Package Tracking")).toBeVisible();
    await expect(details.getByTestId("order-total")).toContainText(total);
  });

  test("a declined card shows the message and pays nothing", async ({ page }) => {
    await registerCustomer(page, "declined");
    await fillCart(page);
    await checkoutToPaymentPage(page);
    await payWithCard(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined. Please use a different card.");
    await expect(page).toHaveURL(/\/test-checkout\//);
    await visit(page, "/account/orders");
    await expect(page.getByText("Processing")).toHaveCount(0);
  });

  test("Cancel on the payment page returns to the cart with the cart intact", async ({ page }) => {
    await registerCustomer(page, "cancel");
    await fillCart(page);
    await visit(page, "/cart");
    const linesBefore = await page.getByTestId("cart-line").count();
    await checkoutToPaymentPage(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByText("Payment cancelled. Your cart is just as you left it.")).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(linesBefore);
  });

  test("the shipping step names the missing field and Back keeps one order", async ({ page }) => {
    await registerCustomer(page, "steps");
    await fillCart(page);
    await visit(page, "/cart");
    await page.getByRole("button", { name: /^Checkout/ }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await expect(dialog.getByLabel("Country")).toHaveValue("DE");
    // the name comes from the account
    await dialog.getByLabel("Full Name").fill("");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in Full Name");
    await fillShipping(page);
    await dialog.getByLabel("Coupon code").fill("summer24");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("This coupon has expired")).toBeVisible();
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    const orderNumber = await dialog.getByText(/NOC-\d+/).textContent();
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByText("Step 1 of 2")).toBeVisible();
    await dialog.getByLabel("City").fill("Hamburg");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
    await expect(dialog.getByText(/NOC-\d+/)).toHaveText(orderNumber ?? "");
    await expect(dialog.getByText("10119 Berlin")).toHaveCount(0);
    await expect(dialog.getByText("10119 Hamburg")).toBeVisible();
  });

  test("a success link without an order says so", async ({ page }) => {
    await registerCustomer(page, "nothing");
    await visit(page, "/checkout-success");
    await expect(page.getByRole("heading", { name: "No order information found" })).toBeVisible();
    await visit(page, "/checkout-success?session_id=tcs_0000000000000000000000000000000000000000");
    await expect(page.getByRole("heading", { name: "No order information found" })).toBeVisible();
  });
});
