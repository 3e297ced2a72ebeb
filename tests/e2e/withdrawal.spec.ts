// The withdrawal function (issue 27; Art. 11a CRD; docs/LEGAL.md#withdrawal), on a laptop and a
// phone: a signed-in customer withdraws from a paid, unshipped order through the footer link (the
// order cancelled and refunded in full with delivery, the stock back, the acknowledgement e-mailed
// with the statement and the time it was received); a signed-out visitor withdraws from a delivered
// order, which the admin sees as a withdrawal (no Reject) and refunds with delivery on receipt. And
// a signed-out visitor learns nothing from the answer about whether an order exists.
import path from "node:path";
import { DEMO_SELLER } from "../../core/seller";
import { withdrawalMessages } from "../../core/withdrawal";
import { WITHDRAW_LINK_LABEL } from "../../core/withdrawal-link";
import { listOutbox } from "../../server/mail/read-outbox";
import { registerCustomer, uniqueEmail } from "./support/accounts";
import { adminBrowser, setOrderStatus } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { payForCart } from "./support/checkout";
import { expect, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { addSizeToCart, cartProducts, parseUsd, sitemapProductIds, sizeStock, visit } from "./support/store";

const OUTBOX = path.resolve(".tmp/e2e-data/outbox");

/** One unit of a well-stocked size into the cart; `skip` picks another size than the last test's. */
async function addOneToCart(page: Page, skip: number) {
  const candidates = (await cartProducts(page, await sitemapProductIds(page))).flatMap((found) =>
    found.sizes.filter((size) => size.stock >= 5).map((size) => ({ product: found.product, size })),
  );
  const pick = candidates.at(-1 - skip);
  if (!pick) throw new Error("the demo catalog has too few well-stocked sizes");
  await addSizeToCart(page, pick.product.id, pick.size.label);
  return pick;
}

/** From any page, the footer's withdrawal link, as a visitor scrolls to it and clicks. */
async function openWithdrawFromFooter(page: Page) {
  await visit(page, "/");
  const link = page.getByRole("contentinfo").getByRole("link", { name: WITHDRAW_LINK_LABEL, exact: true });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByRole("heading", { level: 1, name: WITHDRAW_LINK_LABEL })).toBeVisible();
}

/** The footer's Sign Out (the header's is behind the menu on a phone). */
async function signOut(page: Page) {
  const button = page.getByRole("contentinfo").getByRole("button", { name: "Sign Out" });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await expect(page.getByText("Signed out successfully")).toBeVisible();
}

/** Signed out: name, order number and e-mail, Continue, then the statement to confirm. */
async function fillGuestForm(page: Page, details: { name: string; orderNumber: string; email: string }) {
  await page.getByLabel("Your name").fill(details.name);
  await page.getByLabel("Order number").fill(details.orderNumber);
  await page.getByLabel("E-mail").fill(details.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirm withdrawal" })).toBeVisible();
}

/** "Confirm withdrawal", then the answer on the "Withdrawal received" page. */
async function confirmWithdrawal(page: Page) {
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Withdrawal received" })).toBeVisible();
  return page.locator("main output");
}

/** The e-mails sent to this address with this subject, once there is one. */
async function mailsTo(address: string, subject: string) {
  await expect
    .poll(async () =>
      (await listOutbox(OUTBOX)).filter((mail) => mail.to.includes(address) && mail.subject === subject),
    )
    .toHaveLength(1);
  return (await listOutbox(OUTBOX)).filter((mail) => mail.to.includes(address) && mail.subject === subject);
}

for (const [index, viewport] of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
].entries()) {
  test.describe(`withdrawal at ${viewport.width}px`, () => {
    test.use({ viewport });
    // a purchase, a withdrawal and (for the second) an admin session: more than the default 30 s on a busy machine
    test.describe.configure({ timeout: 240_000 });

    test("a signed-in customer withdraws from an unshipped order: cancelled, refunded with delivery, stock back, acknowledged", async ({
      page,
    }) => {
      const customer = await registerCustomer(page, "withdrawer");
      const { product, size } = await addOneToCart(page, index * 2);
      const before = await sizeStock(page, product.id, size.id);
      const { orderNumber, total } = await payForCart(page);
      expect(await sizeStock(page, product.id, size.id)).toBe(before! - 1);
      // the total paid carries the delivery on top of the item
      expect(parseUsd(total)).toBeGreaterThan(product.priceCents);

      await openWithdrawFromFooter(page);
      const choice = page.getByRole("radio", { name: new RegExp(orderNumber) });
      await choice.check();
      await expect(choice).toBeChecked();
      await expect(
        page.getByText(
          `This order has not shipped yet: withdrawing cancels it and refunds ${total}, delivery included.`,
        ),
      ).toBeVisible();
      await expectNoSeriousViolations(page);
      await shot(page, "withdraw-signed-in-choice");
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Confirm withdrawal" })).toBeVisible();
      const statement = page.getByTestId("withdrawal-statement");
      await expect(statement).toContainText(`Order: ${orderNumber}`);
      await expect(statement).toContainText(`Name: ${customer.name}`);
      await expect(statement).toContainText(`E-mail: ${customer.email}`);
      await expect(statement).toContainText(`To: ${DEMO_SELLER.legalName}`);
      const statementText = (await statement.textContent()) ?? "";
      await expectNoSeriousViolations(page);
      await shot(page, "withdraw-signed-in-confirm");

      const answer = await confirmWithdrawal(page);
      await expect(answer).toHaveText(
        `Order ${orderNumber} is cancelled and everything you paid is on its way back to you.`,
      );
      // what was received is what was confirmed
      await expect(page.getByTestId("withdrawal-statement")).toHaveText(statementText);
      const receivedLine = page.getByText(/^Received on .+\. A confirmation is on its way to your e-mail\.$/);
      await expect(receivedLine).toBeVisible();
      const receivedAt =
        ((await receivedLine.textContent()) ?? "").match(/^Received on (.+?)\. A /)?.[1] ?? "";
      expect(receivedAt).toMatch(/\d{1,2}:\d{2}/);
      await expectNoSeriousViolations(page);
      await shot(page, "withdraw-signed-in-done");

      await page.getByRole("link", { name: "View My Orders" }).click();
      // a table row on a laptop, a card on a phone: whichever shows
      const view = page.getByRole("button", { name: `View order ${orderNumber}` }).filter({ visible: true });
      const listed = page.getByRole("region", { name: "Order History" });
      await expect(listed.getByText("Cancelled", { exact: true }).filter({ visible: true })).toHaveCount(1);
      await view.click();
      const details = page.getByRole("dialog");
      await expect(details.getByTestId("order-refund")).toContainText(`Refunded ${total} on`);
      await expect(details).toContainText("Payment: Refunded");
      // withdrawn already: the order offers the withdrawal no more
      await expect(details.getByRole("link", { name: new RegExp(WITHDRAW_LINK_LABEL) })).toHaveCount(0);
      await shot(page, "withdraw-signed-in-my-order");
      await page.keyboard.press("Escape");

      expect(await sizeStock(page, product.id, size.id)).toBe(before);

      const [mail] = await mailsTo(customer.email, `We received your withdrawal from order ${orderNumber}`);
      expect(mail?.text).toContain(`We received your withdrawal from order ${orderNumber} on ${receivedAt}.`);
      // the statement as received, line by line (quoted)
      for (const line of statementText.split("\n").filter(Boolean)) expect(mail?.text).toContain(line);
      expect(mail?.text).toContain(`${total} including delivery`);
    });

    test("a signed-out visitor withdraws from a delivered order: a withdrawal in Admin → Returns, no Reject, refunded with delivery on receipt", async ({
      page,
      browser,
    }) => {
      const customer = await registerCustomer(page, "guestwithdrawer");
      const { product, size } = await addOneToCart(page, index * 2 + 1);
      const { orderNumber, total } = await payForCart(page);
      const stockAfterSale = await sizeStock(page, product.id, size.id);
      expect(parseUsd(total)).toBeGreaterThan(product.priceCents);

      const admin = await adminBrowser(browser);
      await admin.page.setViewportSize(viewport);
      await setOrderStatus(admin.page, orderNumber, "delivered");

      await visit(page, "/");
      await signOut(page);
      await openWithdrawFromFooter(page);
      await expectNoSeriousViolations(page);
      await shot(page, "withdraw-guest-form");
      await fillGuestForm(page, { name: customer.name, orderNumber, email: customer.email });
      const statement = page.getByTestId("withdrawal-statement");
      await expect(statement).toContainText(`- all goods of order ${orderNumber}`);
      await expect(statement).toContainText(`Name: ${customer.name}`);
      await expect(statement).toContainText(`E-mail: ${customer.email}`);
      await expect(statement).toContainText(`To: ${DEMO_SELLER.legalName}`);
      await expectNoSeriousViolations(page);
      await shot(page, "withdraw-guest-confirm");

      const answer = await confirmWithdrawal(page);
      await expect(answer).toHaveText(withdrawalMessages.guestReceived(orderNumber, customer.email));
      await expectNoSeriousViolations(page);
      await shot(page, "withdraw-guest-done");
      await mailsTo(customer.email, `We received your withdrawal from order ${orderNumber}`);

      await visit(admin.page, `/admin/returns?q=${orderNumber}`);
      const view = admin.page.getByRole("link", { name: /^View return RMA-\d+$/ }).filter({ visible: true });
      await expect(view).toHaveCount(1);
      const rma = ((await view.getAttribute("aria-label")) ?? "").replace("View return ", "");
      await expect(
        admin.page.getByText("Withdrawal", { exact: true }).filter({ visible: true }),
      ).toBeVisible();
      await expect(
        admin.page.getByText(/^\d+ days? left to refund$/).filter({ visible: true }),
      ).toBeVisible();
      await shot(admin.page, "withdraw-admin-returns");
      await view.click();

      const dialog = admin.page.getByRole("dialog", { name: new RegExp(`^Withdrawal ${rma}`) });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("withdrawal-statement")).toContainText(`Order: ${orderNumber}`);
      await expect(dialog.getByRole("button", { name: "Proof of sending" })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Mark received" })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Reject" })).toHaveCount(0);
      await expectNoSeriousViolations(admin.page, '[role="dialog"]');
      await shot(admin.page, "withdraw-admin-dialog");

      await dialog.getByRole("button", { name: "Mark received" }).click();
      await dialog.getByRole("radio", { name: "Sellable" }).check();
      await expectNoSeriousViolations(admin.page, '[role="dialog"]');
      await shot(admin.page, "withdraw-admin-receive");
      await dialog.getByRole("button", { name: "Mark received" }).click();
      // the whole order withdrawn: the refund is the total paid, delivery included
      await expect(
        admin.page.getByText(`Return ${rma} marked received. Refunded ${total} for return ${rma}`),
      ).toBeVisible();
      await expect(dialog.getByRole("heading", { name: new RegExp(`Withdrawal ${rma}`) })).toContainText(
        "Refunded",
      );
      await shot(admin.page, "withdraw-admin-refunded");
      await admin.close();

      // the item came back sellable: into stock again
      expect(await sizeStock(page, product.id, size.id)).toBe(stockAfterSale! + 1);
    });
  });
}

test("a signed-out visitor gets the same answer for an unknown order number as for a real one", async ({
  page,
}) => {
  // a paid order that may be withdrawn from, and its owner signed out again
  const customer = await registerCustomer(page, "sameanswer");
  await addOneToCart(page, 4);
  const { orderNumber } = await payForCart(page);
  await visit(page, "/");
  await signOut(page);

  const unknown = { number: `NOC-${Date.now()}`, email: uniqueEmail("nobody") };
  await openWithdrawFromFooter(page);
  await fillGuestForm(page, { name: "Nora Nobody", orderNumber: unknown.number, email: unknown.email });
  const unknownAnswer = (await (await confirmWithdrawal(page)).textContent()) ?? "";

  await openWithdrawFromFooter(page);
  await fillGuestForm(page, { name: customer.name, orderNumber, email: customer.email });
  const realAnswer = (await (await confirmWithdrawal(page)).textContent()) ?? "";

  const neutral = (text: string, number: string, email: string) =>
    text.replace(number, "{order}").replace(email, "{email}");
  expect(neutral(unknownAnswer, unknown.number, unknown.email)).toBe(
    neutral(realAnswer, orderNumber, customer.email),
  );
  expect(unknownAnswer).toBe(withdrawalMessages.guestReceived(unknown.number, unknown.email));
  // only the real one was recorded and acknowledged
  await mailsTo(customer.email, `We received your withdrawal from order ${orderNumber}`);
  expect((await listOutbox(OUTBOX)).filter((mail) => mail.to.includes(unknown.email))).toEqual([]);
});
