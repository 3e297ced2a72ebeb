// Returns from both sides: a customer returns one line of a delivered order for a refund (a
// final-sale line beside it cannot be chosen) and an admin takes it through approve, receive and
// refund; another customer exchanges a line for another size and gets a replacement order.
import path from "node:path";
import { returnMessages } from "../../core/returns";
import { listOutbox } from "../../server/mail/read-outbox";
import { registerCustomer } from "./support/accounts";
import { adminBrowser, setOrderStatus } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { payForCart } from "./support/checkout";
import { expect, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { addSizeToCart, cartProducts, formatUsd, sitemapProductIds, sizeStock, visit } from "./support/store";

const OUTBOX = path.resolve(".tmp/e2e-data/outbox");
const FINAL_SALE_PRODUCT = "Midnight Stripe Crew Socks";

type Catalog = Awaited<ReturnType<typeof cartProducts>>;

async function catalog(page: Page): Promise<Catalog> {
  return cartProducts(page, await sitemapProductIds(page));
}

/** The customer's order details in My Orders. */
async function openMyOrder(page: Page, orderNumber: string) {
  await visit(page, "/account/orders");
  await page
    .getByTestId("order-row")
    .filter({ hasText: orderNumber })
    .getByRole("button", { name: /View/ })
    .click();
  return page.getByRole("dialog");
}

/** The admin opens a return from the Returns list, found by its RMA number. */
async function openReturn(admin: Page, rma: string) {
  await visit(admin, `/admin/returns?q=${rma}`);
  await admin
    .getByRole("link", { name: `View return ${rma}` })
    .first()
    .click();
  const dialog = admin.getByRole("dialog", { name: new RegExp(`Return ${rma}`) });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function approveAndReceive(admin: Page, rma: string, condition: "Sellable" | "Damaged") {
  let dialog = await openReturn(admin, rma);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText(`Return ${rma} approved`)).toBeVisible();
  dialog = admin.getByRole("dialog", { name: new RegExp(`Return ${rma}`) });
  await dialog.getByRole("button", { name: "Mark received" }).click();
  await dialog.getByRole("radio", { name: condition }).first().check();
  await dialog.getByRole("button", { name: "Mark received" }).click();
  await expect(admin.getByText(`Return ${rma} marked received`)).toBeVisible();
  return admin.getByRole("dialog", { name: new RegExp(`Return ${rma}`) });
}

test.describe("returns", () => {
  // two purchases, an admin session and a dozen steps: more than the default 30 s on a busy machine
  test.describe.configure({ timeout: 300_000 });

  test("a refund: one line returned, the final-sale line refused, stock and money back, shown everywhere", async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page, "returner");
    const products = await catalog(page);
    const socks = products.find((found) => found.product.name === FINAL_SALE_PRODUCT);
    const shirt = products.find(
      (found) => found.product.name !== FINAL_SALE_PRODUCT && found.sizes.some((size) => size.stock >= 5),
    );
    if (!socks || !shirt) throw new Error("the demo catalog lacks the final-sale socks or a stocked product");
    const shirtSize = shirt.sizes.find((size) => size.stock >= 5)!;
    const socksSize = socks.sizes.find((size) => size.stock >= 1)!;
    await addSizeToCart(page, shirt.product.id, shirtSize.label);
    await addSizeToCart(page, socks.product.id, socksSize.label);
    const { orderNumber } = await payForCart(page);
    const stockAfterSale = await sizeStock(page, shirt.product.id, shirtSize.id);

    // not delivered yet: nothing to return
    let details = await openMyOrder(page, orderNumber);
    await expect(details.getByRole("link", { name: "Return items" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    const admin = await adminBrowser(browser);
    await setOrderStatus(admin.page, orderNumber, "delivered");

    details = await openMyOrder(page, orderNumber);
    await expect(details).toContainText("Returns accepted until");
    await details.getByRole("link", { name: "Return items" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Return items" })).toBeVisible();

    const lines = page.getByTestId("return-line");
    const socksLine = lines.filter({ hasText: FINAL_SALE_PRODUCT });
    await expect(socksLine).toContainText("Final sale: this item cannot be returned.");
    await expect(socksLine.getByLabel("Quantity to return")).toBeDisabled();
    // nothing chosen yet: the form says what is missing and keeps what was typed
    await page.getByLabel(/Comment/).fill("Runs a size small.");
    await page.getByRole("button", { name: "Request return" }).click();
    await expect(page.getByText(returnMessages.chooseItems)).toBeVisible();
    await expect(page.getByLabel(/Comment/)).toHaveValue("Runs a size small.");
    const shirtLine = lines.filter({ hasText: shirt.product.name });
    await shirtLine.getByLabel("Quantity to return").selectOption("1");
    await page.getByLabel("Reason for the return").selectOption({ label: "Too small" });
    await expectNoSeriousViolations(page);
    await shot(page, "customer-return-form");
    await page.getByRole("button", { name: "Request return" }).click();

    const requested = page.getByText(/^Return RMA-\d+ requested\./);
    await expect(requested).toBeVisible();
    const rma = ((await requested.textContent()) ?? "").match(/RMA-\d+/)?.[0] ?? "";
    details = await openMyOrder(page, orderNumber);
    const mine = details.getByTestId("order-return").filter({ hasText: rma });
    await expect(mine).toContainText("Requested");
    await expect(mine).toContainText("Too small");
    await page.keyboard.press("Escape");

    let dialog = await approveAndReceive(admin.page, rma, "Sellable");
    expect(await sizeStock(page, shirt.product.id, shirtSize.id)).toBe(stockAfterSale! + 1);
    const refundButton = dialog.getByRole("button", { name: "Refund" });
    await expect(dialog).toContainText(`Refund will give back ${formatUsd(shirt.product.priceCents)}.`);
    // the dialog: the two toasts behind it are stacked, the older one dimmed behind the newer by design
    await expectNoSeriousViolations(admin.page, '[role="dialog"]');
    await shot(admin.page, "admin-return-received");
    await refundButton.click();
    const amount = formatUsd(shirt.product.priceCents);
    await admin.page.getByRole("button", { name: `Refund ${amount}` }).click();
    await expect(admin.page.getByText(`Refunded ${amount} for return ${rma}`)).toBeVisible();
    dialog = admin.page.getByRole("dialog", { name: new RegExp(`Return ${rma}`) });
    await expect(dialog).toContainText("Refunded");

    await visit(admin.page, `/admin/receipts?q=${orderNumber}`);
    const receipt = admin.page.getByRole("article").filter({ hasText: orderNumber });
    await expect(receipt.getByTestId("receipt-refund")).toContainText(`Refunded ${amount} on`);
    await expect(receipt.getByTestId("receipt-refund")).toContainText(`Return ${rma}`);
    await admin.close();

    details = await openMyOrder(page, orderNumber);
    await expect(details).toContainText("Payment: Partially refunded");
    const done = details.getByTestId("order-return").filter({ hasText: rma });
    await expect(done).toContainText("Refunded");
    await expect(done).toContainText(amount);
    await expectNoSeriousViolations(page);
    await shot(page, "customer-return-refunded");

    const mails = (await listOutbox(OUTBOX)).filter((mail) => mail.to.includes(customer.email));
    const refundedMail = mails.find(
      (mail) => mail.subject === `Nocturn return ${rma}: Your return was refunded`,
    );
    expect(refundedMail?.text).toContain(`We have refunded ${amount}`);
    expect(mails.map((mail) => mail.subject)).toContain(`Nocturn return ${rma}: Your return is approved`);
    const approved = mails.find((mail) => mail.subject === `Nocturn return ${rma}: Your return is approved`);
    // the parcel goes to the address the footer gives
    await visit(page, "/");
    const footerAddress = await page.getByRole("contentinfo").getByTestId("contact-address").textContent();
    expect(footerAddress?.trim()).toBeTruthy();
    expect(approved?.text).toContain(`Returns, ${footerAddress?.trim()}.`);
  });

  test("an exchange for another size ends with a replacement order at no charge", async ({
    page,
    browser,
  }) => {
    await registerCustomer(page, "exchanger");
    const products = await catalog(page);
    const pick = products.find(
      (found) =>
        found.product.name !== FINAL_SALE_PRODUCT &&
        found.sizes.filter((size) => size.stock >= 5).length >= 2,
    );
    if (!pick) throw new Error("the demo catalog has no product with two stocked sizes");
    const [bought, wanted] = pick.sizes.filter((size) => size.stock >= 5) as [
      Catalog[number]["sizes"][number],
      Catalog[number]["sizes"][number],
    ];
    await addSizeToCart(page, pick.product.id, bought.label);
    const { orderNumber } = await payForCart(page);

    const admin = await adminBrowser(browser);
    await setOrderStatus(admin.page, orderNumber, "delivered");

    const details = await openMyOrder(page, orderNumber);
    await details.getByRole("link", { name: "Return items" }).click();
    await page.getByTestId("return-line").getByLabel("Quantity to return").selectOption("1");
    await page.getByLabel("Reason for the return").selectOption({ label: "Too large" });
    await page.getByText("Exchange for another size").click();
    await page.getByTestId("return-line").getByLabel("Exchange for size").selectOption(wanted.label);
    await shot(page, "customer-return-exchange");
    await page.getByRole("button", { name: "Request return" }).click();
    const requested = page.getByText(/^Return RMA-\d+ requested\./);
    await expect(requested).toBeVisible();
    const rma = ((await requested.textContent()) ?? "").match(/RMA-\d+/)?.[0] ?? "";

    const wantedBefore = await sizeStock(page, pick.product.id, wanted.id);
    const dialog = await approveAndReceive(admin.page, rma, "Sellable");
    // the other size was set aside on approval
    expect(await sizeStock(page, pick.product.id, wanted.id)).toBe(wantedBefore! - 1);
    await dialog.getByRole("button", { name: "Exchange" }).click();
    await admin.page.getByRole("button", { name: "Create replacement order" }).click();
    const exchanged = admin.page.getByText(
      new RegExp(`^Return ${rma} exchanged: replacement order NOC-\\d+$`),
    );
    await expect(exchanged).toBeVisible();
    const replacement = ((await exchanged.textContent()) ?? "").match(/NOC-\d+/)?.[0] ?? "";
    await admin.close();

    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row").filter({ hasText: replacement });
    await expect(row).toContainText("$0.00");
    const original = await openMyOrder(page, orderNumber);
    const mine = original.getByTestId("order-return").filter({ hasText: rma });
    await expect(mine).toContainText("Exchanged");
    await expect(mine).toContainText(replacement);
    await expectNoSeriousViolations(page);
    await shot(page, "customer-return-exchanged");
  });
});
