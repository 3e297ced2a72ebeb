// Refunds and unpaid orders: an admin cancels a paid order (confirmation, refund, stock back, the
// refund shown on the order, the receipt and in My Orders, the e-mail), and a customer completes
// the payment of an order left unpaid from My Orders.
import path from "node:path";
import { listOutbox } from "../../server/mail/read-outbox";
import { registerCustomer } from "./support/accounts";
import { adminBrowser, openOrderEdit } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { checkoutToPaymentPage, payForCart, payWithCard } from "./support/checkout";
import { expect, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { addSizeToCart, cartProducts, sitemapProductIds, sizeStock, visit } from "./support/store";

const OUTBOX = path.resolve(".tmp/e2e-data/outbox");

/** One unit of a well-stocked size of a product into the cart, from its page. */
async function addOneToCart(page: Page, skip = 0) {
  const candidates = (await cartProducts(page, await sitemapProductIds(page))).flatMap((found) =>
    found.sizes.filter((size) => size.stock >= 5).map((size) => ({ product: found.product, size })),
  );
  const pick = candidates.at(-1 - skip);
  if (!pick) throw new Error("the demo catalog has no well-stocked size");
  await addSizeToCart(page, pick.product.id, pick.size.label);
  return pick;
}

test.describe("refunds", () => {
  // two whole purchases and an admin session each: more than the default 30 s on a busy machine
  test.describe.configure({ timeout: 240_000 });

  test("an admin cancels a paid order: refunded, stock back, shown everywhere, the customer e-mailed", async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page, "refunded");
    const { product, size } = await addOneToCart(page);
    const before = await sizeStock(page, product.id, size.id);
    const { orderNumber, total } = await payForCart(page);
    expect(await sizeStock(page, product.id, size.id)).toBe(before! - 1);

    const { page: admin, close: closeAdmin } = await adminBrowser(browser);
    const edit = await openOrderEdit(admin, orderNumber);
    await edit.getByLabel("Order Status").selectOption("cancelled");
    await edit.getByRole("button", { name: "Save Changes" }).click();

    const confirm = admin.getByRole("dialog", { name: `Cancel and refund order ${orderNumber}?` });
    await expect(confirm).toContainText(`The full amount of ${total} will be refunded`);
    await expect(confirm).toContainText("back into stock");
    await expectNoSeriousViolations(admin);
    await shot(admin, "admin-refund-confirm");
    await confirm.getByRole("button", { name: `Cancel and refund ${total}` }).click();
    await expect(admin.getByText(`Order ${orderNumber} cancelled and ${total} refunded`)).toBeVisible();
    await expect(confirm).toBeHidden();

    expect(await sizeStock(page, product.id, size.id)).toBe(before);

    await admin
      .getByRole("button", { name: `View order ${orderNumber}` })
      .first()
      .click();
    const details = admin.getByRole("dialog", { name: new RegExp(`Order ${orderNumber}`) });
    await expect(details.getByTestId("order-refund")).toContainText(`Refunded ${total} on`);
    await expect(details.getByTestId("order-refund")).toContainText("tre_");
    await expectNoSeriousViolations(admin);
    await shot(admin, "admin-order-refunded");
    await admin.keyboard.press("Escape");

    await visit(admin, `/admin/receipts?q=${orderNumber}`);
    const receipt = admin.getByRole("article").filter({ hasText: orderNumber });
    await expect(receipt).toContainText("Refunded");
    await expect(receipt.getByTestId("receipt-refund")).toContainText(`Refunded ${total} on`);
    await expectNoSeriousViolations(admin);
    await shot(admin, "admin-receipt-refunded");

    // the details: the refund as it is now, and the provider's data labelled as it was at payment
    await receipt.getByRole("button", { name: /^View details of receipt/ }).click();
    const receiptDialog = admin.getByRole("dialog", { name: /^Receipt RCT-\d+$/ });
    await expect(receiptDialog.getByText(`Refunded ${total} on`)).toBeVisible();
    const paidAt =
      (await receiptDialog.locator("dt", { hasText: "Transaction date" }).locator("+ dd").textContent()) ??
      "";
    const providerData = receiptDialog.getByRole("region", {
      name: `Provider data as received at payment, ${paidAt}`,
    });
    await expect(providerData).toContainText('"amount_refunded": 0');
    await expect(providerData).toHaveAccessibleDescription(/as it was then/);
    await expectNoSeriousViolations(admin, '[role="dialog"]');
    await shot(admin, "admin-receipt-details");
    await admin.keyboard.press("Escape");
    await closeAdmin();

    const mails = (await listOutbox(OUTBOX)).filter(
      (mail) => mail.to.includes(customer.email) && mail.subject.includes("refunded"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`refunded the full amount of ${total}`);
    expect(mails[0]?.text).toContain("within 5-10 business days");

    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect(row).toContainText("Cancelled");
    await row.getByRole("button", { name: /View/ }).click();
    const mine = page.getByRole("dialog");
    await expect(mine.getByTestId("order-refund")).toContainText(`Refunded ${total} on`);
    await expectNoSeriousViolations(page);
    await shot(page, "customer-order-refunded");
  });

  test("a customer completes the payment of an order left unpaid, from My Orders", async ({ page }) => {
    await registerCustomer(page, "later");
    const { product, size } = await addOneToCart(page, 1);
    const before = await sizeStock(page, product.id, size.id);
    await checkoutToPaymentPage(page);
    const paymentPage = page.url();

    // the customer leaves the payment page and comes back later through their account
    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row").first();
    await expect(row).toContainText("Awaiting payment");
    const orderNumber = (await row.getByRole("rowheader").textContent()) ?? "";
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog");
    await expect(details.getByRole("heading", { name: "Awaiting payment" })).toBeVisible();
    await expect(details).toContainText("Your items are reserved until");
    await expectNoSeriousViolations(page);
    await shot(page, "customer-pending-order");
    await details.getByRole("button", { name: "Cancel order" }).click();
    await expect(details).toContainText(`Cancel order ${orderNumber}?`);
    await shot(page, "customer-cancel-confirm");
    await details.getByRole("button", { name: "Keep order" }).click();
    await page.keyboard.press("Escape");
    expect(await sizeStock(page, product.id, size.id)).toBe(before! - 1);

    await row.getByRole("button", { name: `Complete payment for order ${orderNumber}` }).click();
    await expect(page).toHaveURL(paymentPage);
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(page.getByTestId("order-number")).toHaveText(orderNumber);

    await visit(page, "/account/orders");
    const paid = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect(paid).toContainText("Processing");
    await expect(paid.getByRole("button", { name: /Complete payment/ })).toHaveCount(0);
    expect(await sizeStock(page, product.id, size.id)).toBe(before! - 1);
  });
});
