// A store that sells in euros (STORE_CURRENCY=EUR): the "eur" project of playwright.config.ts runs
// this spec against a second store of its own. Every page a shopper and the admin see on the way
// from the shop to a paid order writes its amounts in euros, and none names a dollar.
import path from "node:path";
import { listOutbox } from "../../server/mail/read-outbox";
import { e2eDataDir, registerCustomer } from "./support/accounts";
import { adminBrowser } from "./support/admin";
import { fillCart, fillShipping, payWithCard } from "./support/checkout";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { productCards, visit } from "./support/store";

/** "€1,234.50" as en-US (STORE_LOCALE's default) writes euros. */
const EURO_AMOUNT = /€\d[\d,]*\.\d{2}/;

/** A region shows at least one amount in euros, and no "$" anywhere. */
async function expectEuros(scope: Locator, what: string) {
  await expect(scope, `${what} shows euros`).toContainText(EURO_AMOUNT);
  expect(await scope.innerText(), `${what} names no dollars`).not.toContain("$");
}

const main = (page: Page) => page.locator("main");

test.describe("a store that sells in euros", () => {
  // a sign-up, a purchase, the mail queue and four admin pages: more than 30 s on a busy machine
  test.describe.configure({ timeout: 120_000 });

  test("the shop, the cart, the checkout, My Orders, the e-mail and the admin show euros", async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page, "euro-shopper");

    // --- the shop ------------------------------------------------------------------------------
    await visit(page, "/");
    await expectEuros(main(page), "the home page");
    await visit(page, "/products");
    await expect(productCards(page).first()).toContainText(EURO_AMOUNT);
    await expectEuros(main(page), "the shop");

    await productCards(page).first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/products\/[^/?]+/);
    await expectEuros(main(page), "the product page");
    // search engines are told the same currency
    await expect(page.locator('meta[property="product:price:currency"]')).toHaveAttribute("content", "EUR");
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "",
    );
    const currencies = new Set(
      (jsonLd.hasVariant as { offers: { priceCurrency: string } }[]).map(
        (variant) => variant.offers.priceCurrency,
      ),
    );
    expect([...currencies]).toEqual(["EUR"]);

    // --- the cart and the checkout -------------------------------------------------------------
    await fillCart(page);
    await visit(page, "/cart");
    await expectEuros(main(page), "the cart");
    await expect(page.getByTestId("cart-total")).toHaveText(EURO_AMOUNT);

    await page.getByRole("button", { name: /^Checkout · €/ }).click();
    const dialog = await fillShipping(page);
    // WELCOME10 (server/coupons/demo-coupons.ts): 10 % off
    await dialog.getByLabel("Coupon code").fill("welcome10");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(/^Coupon applied! You saved €\d+\.\d{2}$/)).toBeVisible();
    await expectEuros(dialog, "the shipping step");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
    await expectEuros(dialog, "the payment step");
    const total = (await dialog.getByTestId("checkout-total").textContent()) ?? "";
    expect(total).toMatch(EURO_AMOUNT);
    await dialog.getByRole("button", { name: `Pay ${total}` }).click();

    // --- the test checkout and the success page ------------------------------------------------
    await expect(page).toHaveURL(/\/test-checkout\/tcs_[0-9a-f]{40}$/);
    await expect(page.getByTestId("amount-due")).toHaveText(total);
    await expectEuros(page.locator("body"), "the test checkout");
    await payWithCard(page, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    const orderNumber = (await page.getByTestId("order-number").textContent()) ?? "";
    await expect(page.getByTestId("order-total")).toHaveText(total);
    await expectEuros(main(page), "the success page");

    // --- My Orders -----------------------------------------------------------------------------
    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect(row).toContainText(total);
    await expectEuros(main(page), "My Orders");
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog", { name: `Order ${orderNumber}` });
    await expect(details.getByTestId("order-total")).toHaveText(total);
    await expectEuros(details, "the order's details");

    // --- the confirmation e-mail, delivered by the mail queue in the background ----------------
    const outbox = path.join(e2eDataDir(), "outbox");
    const confirmation = async () =>
      (await listOutbox(outbox)).filter(
        (mail) => mail.to.includes(customer.email) && mail.subject.includes(orderNumber),
      );
    await expect.poll(async () => (await confirmation()).length).toBe(1);
    const [mail] = await confirmation();
    expect(mail?.text).toContain(total);
    expect(mail?.text).not.toContain("$");
    expect(mail?.html).toContain(total);
    expect(mail?.html).not.toMatch(/\$\d/);

    // --- the admin -----------------------------------------------------------------------------
    const { page: admin, close } = await adminBrowser(browser);
    await visit(admin, `/admin/orders?q=${orderNumber}`);
    await expectEuros(main(admin), "Admin → Orders");
    await admin
      .getByRole("button", { name: `View order ${orderNumber}` })
      .first()
      .click();
    await expectEuros(admin.getByRole("dialog"), "the admin's order details");
    await admin.keyboard.press("Escape");

    await visit(admin, `/admin/receipts?q=${orderNumber}`);
    await expectEuros(main(admin), "Admin → Receipts");
    await visit(admin, "/admin");
    await expectEuros(main(admin), "the dashboard");
    await visit(admin, "/admin/coupons");
    await expectEuros(main(admin), "Admin → Coupons");
    // SAVE20: 20 off an order of at least 100, both in the store's currency
    await expect(admin.getByRole("row").filter({ hasText: "SAVE20" })).toContainText("€20.00");
    await expect(admin.getByRole("row").filter({ hasText: "SAVE20" })).toContainText("Min. €100.00");
    await admin.getByRole("button", { name: "Add Coupon" }).first().click();
    const form = admin.getByRole("dialog", { name: "Create Coupon" });
    await form.getByLabel("Discount Type").selectOption("fixed");
    await expect(form.getByLabel("Discount Value (€) *")).toBeVisible();
    await expect(form.getByLabel("Minimum Order Amount (€)")).toBeVisible();
    await close();
  });
});
