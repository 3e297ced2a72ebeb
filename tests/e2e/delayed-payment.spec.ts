// A delayed payment method, walked in the browser: the test checkout's SEPA Direct Debit completes
// the page unpaid ("Payment processing"), the order holds its stock, and the test bank settles it
// (paid, shown in My Orders and to the admin) or fails it (stock back).
import { registerCustomer } from "./support/accounts";
import { adminBrowser } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { checkoutToPaymentPage } from "./support/checkout";
import { expect, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { addSizeToCart, cartProducts, sitemapProductIds, sizeStock, visit } from "./support/store";

const TEST_IBAN = "DE89 3704 0044 0532 0130 00";

/** One unit of a well-stocked size into the cart, from its page (`skip`: another product than a neighbour test's). */
async function addOneToCart(page: Page, skip: number) {
  const candidates = (await cartProducts(page, await sitemapProductIds(page))).flatMap((found) =>
    found.sizes.filter((size) => size.stock >= 5).map((size) => ({ product: found.product, size })),
  );
  const pick = candidates.at(-3 - skip);
  if (!pick) throw new Error("the demo catalog has no well-stocked size");
  await addSizeToCart(page, pick.product.id, pick.size.label);
  return pick;
}

/** On the test checkout's page: the SEPA Direct Debit method, the test IBAN, the mandate, Pay. */
async function payByDebit(page: Page) {
  const bankPage = page.url();
  await page.getByRole("radio", { name: "SEPA Direct Debit" }).check();
  await expect(page.getByText(`Test IBAN: ${TEST_IBAN}`)).toBeVisible();
  // another account is refused, saying which one works
  await page.getByLabel("IBAN").fill("FR14 2004 1010 0505 0001 3M02 606");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: /^Pay .* by debit$/ }).click();
  await expect(page.getByRole("alert")).toContainText("Use the test IBAN DE89 3704 0044 0532 0130 00");
  await page.getByRole("radio", { name: "SEPA Direct Debit" }).check();
  await page.getByLabel("IBAN").fill(TEST_IBAN);
  await page.getByRole("checkbox").check();
  await expectNoSeriousViolations(page);
  await shot(page, "test-checkout-sepa-debit");
  await page.getByRole("button", { name: /^Pay .* by debit$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Processing" })).toBeVisible();
  await expect(page.getByTestId("payment-method")).toHaveText("Paying with SEPA Direct Debit •••• 3000");
  const orderNumber = (await page.getByTestId("order-number").textContent()) ?? "";
  return { orderNumber, bankPage };
}

/** My Orders: the order's row and its details dialog. */
async function myOrder(page: Page, orderNumber: string) {
  await visit(page, "/account/orders");
  const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
  return row;
}

test.describe("a delayed payment (test SEPA Direct Debit)", () => {
  test.describe.configure({ timeout: 180_000 });

  test("processing holds the stock, shows everywhere, and settles into a paid order", async ({
    page,
    browser,
  }) => {
    await registerCustomer(page, "debit-settled");
    const { product, size } = await addOneToCart(page, 0);
    const before = await sizeStock(page, product.id, size.id);
    await checkoutToPaymentPage(page);
    const { orderNumber, bankPage } = await payByDebit(page);
    await expectNoSeriousViolations(page);
    await shot(page, "delayed-payment-processing");
    expect(await sizeStock(page, product.id, size.id)).toBe(before! - 1);

    const row = await myOrder(page, orderNumber);
    await expect(row).toContainText("Payment processing");
    await row.getByRole("button", { name: /View/ }).click();
    const mine = page.getByRole("dialog");
    await expect(mine).toContainText("Payment: Processing, waiting for your bank to confirm");
    await expect(mine.getByTestId("payment-method")).toHaveText("Paying with SEPA Direct Debit •••• 3000");
    // no way to pay it a second time
    await expect(mine.getByRole("button", { name: /Complete payment/ })).toHaveCount(0);
    await page.keyboard.press("Escape");

    const { page: admin, close } = await adminBrowser(browser);
    await visit(admin, `/admin/orders?q=${orderNumber}`);
    await admin
      .getByRole("button", { name: `View order ${orderNumber}` })
      .first()
      .click();
    const details = admin.getByRole("dialog", { name: new RegExp(`Order ${orderNumber}`) });
    await expect(details).toContainText("Payment processing");
    await expect(details.getByTestId("payment-method")).toHaveText("SEPA Direct Debit •••• 3000");
    await shot(admin, "admin-order-payment-processing");
    await admin.keyboard.press("Escape");

    // the test bank settles the debit
    await visit(page, bankPage);
    await expect(page.getByTestId("bank-status")).toContainText("processing");
    await expectNoSeriousViolations(page);
    await shot(page, "test-bank-processing");
    await page.getByRole("button", { name: "Settle payment" }).click();
    await expect(page.getByTestId("bank-status")).toContainText("The bank settled the debit");

    const paidRow = await myOrder(page, orderNumber);
    await expect(paidRow).toContainText("Processing");
    await expect(paidRow).not.toContainText("Payment processing");
    await paidRow.getByRole("button", { name: /View/ }).click();
    await expect(page.getByRole("dialog")).toContainText("Payment: Paid");
    await expect(page.getByRole("dialog").getByTestId("payment-method")).toHaveText(
      "Paid with SEPA Direct Debit •••• 3000",
    );
    expect(await sizeStock(page, product.id, size.id)).toBe(before! - 1);

    await visit(admin, `/admin/receipts?q=${orderNumber}`);
    await expect(admin.getByRole("article").filter({ hasText: orderNumber })).toContainText(
      "SEPA Direct Debit •••• 3000",
    );
    await close();
  });

  test("a failed debit gives the stock back and the order reads as not paid", async ({ page }) => {
    await registerCustomer(page, "debit-failed");
    const { product, size } = await addOneToCart(page, 1);
    const before = await sizeStock(page, product.id, size.id);
    await checkoutToPaymentPage(page);
    const { orderNumber, bankPage } = await payByDebit(page);
    expect(await sizeStock(page, product.id, size.id)).toBe(before! - 1);

    await visit(page, bankPage);
    await page.getByRole("button", { name: "Fail payment" }).click();
    await expect(page.getByTestId("bank-status")).toContainText("The bank refused the debit");
    expect(await sizeStock(page, product.id, size.id)).toBe(before);

    const row = await myOrder(page, orderNumber);
    await expect(row).toContainText("Cancelled");
    await row.getByRole("button", { name: /View/ }).click();
    await expect(page.getByRole("dialog")).toContainText("Payment: Failed");
    await expect(page.getByRole("dialog")).toContainText(
      "cancelled before it was paid. Nothing was charged.",
    );
  });
});
