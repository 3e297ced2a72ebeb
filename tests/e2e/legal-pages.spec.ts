import path from "node:path";
import { DEMO_SELLER, SELLER_FIELDS, type SellerField } from "../../core/seller";
import { WITHDRAW_LINK_LABEL } from "../../core/withdrawal-link";
import { listOutbox } from "../../server/mail/read-outbox";
import { registerCustomer } from "./support/accounts";
import { adminBrowser } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { purchase } from "./support/checkout";
import { expect, type Page, test } from "./support/fixtures";
import { shot, shotAsIs } from "./support/screenshots";
import { openProduct, parseUsd, seedCart, visit } from "./support/store";

// Issue 27: who the seller is (legal notice, footer), the withdrawal instructions and the model
// withdrawal form, and delivery lines that name their price. The store under test is configured
// with the demo seller (playwright.config.ts), as a shop owner configures theirs.

const PRODUCT = "Eclipse Heavyweight Hoodie";
const FIELDS = Object.keys(SELLER_FIELDS) as SellerField[];
const OUTBOX = path.resolve(".tmp/e2e-data/outbox");

async function expectNoHorizontalScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize()?.width ?? 0;
  expect(width, `page ${page.url()} is ${width}px wide`).toBeLessThanOrEqual(viewport);
}

/** The footer names the seller and offers the withdrawal function, in view once scrolled to. */
async function expectFooterSeller(page: Page) {
  const footer = page.getByRole("contentinfo");
  for (const value of [DEMO_SELLER.legalName, DEMO_SELLER.address, DEMO_SELLER.phone, DEMO_SELLER.email]) {
    await expect(footer.getByText(value, { exact: true })).toBeVisible();
  }
  const withdraw = footer.getByRole("link", { name: WITHDRAW_LINK_LABEL, exact: true });
  await withdraw.scrollIntoViewIfNeeded();
  await expect(withdraw).toBeVisible();
  await expect(withdraw).toHaveAttribute("href", "/withdraw");
  await expect(footer.getByRole("navigation", { name: "Legal" }).getByRole("link")).toHaveText([
    "Legal Notice",
    "Withdrawal Instructions",
    "Privacy Policy",
    "Terms of Service",
  ]);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`legal pages on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the legal notice shows every field of the seller with its label", async ({ page }) => {
      await visit(page, "/legal");
      await page.getByRole("main").getByRole("link", { name: "Legal Notice" }).click();
      await expect(page).toHaveURL("/legal/notice");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: "Legal Notice" })).toBeVisible();
      await expect(main.getByRole("term")).toHaveText(FIELDS.map((field) => SELLER_FIELDS[field].label));
      await expect(main.getByRole("definition")).toHaveText(FIELDS.map((field) => DEMO_SELLER[field]));
      await expect(main).toContainText(
        `You can reach our customer support by e-mail at ${DEMO_SELLER.email} or by phone on ${DEMO_SELLER.phone}`,
      );
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      await shot(page, "legal-notice");
    });

    test("the withdrawal instructions follow the model, filled in with the seller", async ({ page }) => {
      await visit(page, "/legal/withdrawal");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: "Withdrawal Instructions" })).toBeVisible();
      await expect(main).toContainText(
        "You have the right to withdraw from this contract within 14 days without giving any reason.",
      );
      await expect(main).toContainText(
        `you must inform us (${DEMO_SELLER.legalName}, ${DEMO_SELLER.address}, phone ${DEMO_SELLER.phone}, e-mail ${DEMO_SELLER.email}) of your decision`,
      );
      await expect(main).toContainText("physical possession of the last good");
      await expect(main).toContainText(
        `hand them over to us at ${DEMO_SELLER.legalName}, Returns, ${DEMO_SELLER.address}, without undue delay`,
      );
      await expect(main).toContainText("You will have to bear the direct cost of returning the goods.");
      await expect(main).toContainText("You are only liable for any diminished value of the goods");
      await expect(main).toContainText("You can also use the withdrawal function on our website:");
      await expect(main.getByRole("link", { name: WITHDRAW_LINK_LABEL, exact: true })).toHaveAttribute(
        "href",
        "/withdraw",
      );
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      await shot(page, "legal-withdrawal");

      await main.getByRole("link", { name: "Print the model withdrawal form" }).click();
      await expect(page).toHaveURL("/legal/withdrawal-form");
      await expect(page.getByRole("heading", { level: 1, name: "Model withdrawal form" })).toBeVisible();
    });

    test("the model withdrawal form names the seller in its To line and prints on white", async ({
      page,
    }) => {
      // the browser's print dialog is the boundary: count the calls instead of opening it
      await page.addInitScript(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await visit(page, "/legal/withdrawal-form");
      const main = page.getByRole("main");
      await expect(main.getByTestId("form-to")).toHaveText(
        `${DEMO_SELLER.legalName}, ${DEMO_SELLER.address}, e-mail: ${DEMO_SELLER.email}`,
      );
      for (const line of [
        "Ordered on (*)/received on (*),",
        "Name of consumer(s),",
        "Address of consumer(s),",
      ]) {
        await expect(main.getByText(`— ${line}`, { exact: true })).toBeVisible();
      }
      await expect(main).toContainText("(*) Delete as appropriate.");
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      await shot(page, "legal-withdrawal-form");

      await main.getByRole("button", { name: "Print" }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
        .toBe(1);

      // on paper: the form alone, dark ink on white
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("banner")).toBeHidden();
      await expect(page.getByRole("contentinfo")).toBeHidden();
      await expect(main.getByRole("button", { name: "Print" })).toBeHidden();
      const colours = await page.evaluate(() => ({
        page: getComputedStyle(document.body).backgroundColor,
        heading: getComputedStyle(document.querySelector("h1") as Element).color,
      }));
      expect(colours).toEqual({ page: "rgb(255, 255, 255)", heading: "rgb(0, 0, 0)" });
      await shotAsIs(page, "legal-withdrawal-form-print");
      await page.emulateMedia({ media: "screen" });
    });

    test("the returns policy explains the right of withdrawal beside the voluntary returns", async ({
      page,
    }) => {
      await visit(page, "/legal/returns");
      const main = page.getByRole("main");
      await expect(
        main.getByRole("heading", { level: 2, name: "Right of Withdrawal (14 Days)" }),
      ).toBeVisible();
      await expect(main.getByRole("heading", { level: 2, name: "30-Day Voluntary Returns" })).toBeVisible();
      await expect(main).toContainText("no reason needed, and we cannot refuse it");
      await expect(main).toContainText("we may reject a return that does not meet these conditions");
      await expect(main.getByRole("link", { name: "Read the withdrawal instructions" })).toHaveAttribute(
        "href",
        "/legal/withdrawal",
      );
      await expect(main.getByRole("link", { name: "Print the model withdrawal form" })).toHaveAttribute(
        "href",
        "/legal/withdrawal-form",
      );
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
    });

    test("home: the delivery line names its price and time, the footer the seller and the withdrawal function", async ({
      page,
    }) => {
      await visit(page, "/");
      await expect(
        page.getByText("Complementary Priority delivery across the EU: $9.99 incl. VAT, 2-4 business days."),
      ).toBeVisible();
      await expectFooterSeller(page);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page, "footer");
      await shot(page, "home-footer");
    });

    test("product page: the delivery line names the price checkout charges, the returns line the withdrawal instructions", async ({
      page,
    }) => {
      const { id } = await openProduct(page, PRODUCT);
      const delivery = page.getByTestId("delivery-terms");
      await expect(delivery).toHaveText("Complementary Priority: $9.99 incl. VAT, 2-4 business days");
      const named = parseUsd((await delivery.textContent()) ?? "");
      await expectFooterSeller(page);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousViolations(page);
      await delivery.scrollIntoViewIfNeeded();
      await shot(page, "product-delivery-returns");

      const returns = page.getByTestId("returns-terms");
      await expect(returns).toContainText("14-day right of withdrawal, no reason needed");
      await expect(returns).toContainText("Voluntary returns within 30 days of delivery, from My Orders");
      await returns.getByRole("link", { name: "14-day right of withdrawal" }).click();
      await expect(page).toHaveURL("/legal/withdrawal");
      await expect(page.getByRole("heading", { level: 1, name: "Withdrawal Instructions" })).toBeVisible();

      // the price named is the one the cart (and checkout) charges
      await seedCart(page, [{ id, quantity: 1 }]);
      await visit(page, "/cart");
      expect(parseUsd((await page.getByTestId("cart-shipping").textContent()) ?? "")).toBe(named);
    });
  });
}

test.describe("an order's documents", () => {
  // a sign-up, a purchase and the admin's receipts: more than 30 s on a busy machine
  test.describe.configure({ timeout: 90_000 });

  test("the success page, the receipt and the confirmation e-mail name the seller", async ({
    page,
    browser,
  }) => {
    const customer = await registerCustomer(page, "sellerdocs");
    const { orderNumber } = await purchase(page);
    await expect(page.getByTestId("sold-by")).toHaveText(
      `Sold by ${DEMO_SELLER.legalName}, ${DEMO_SELLER.address} · VAT ID ${DEMO_SELLER.vatId}`,
    );
    await shot(page, "checkout-success-sold-by");

    const { page: admin, close } = await adminBrowser(browser);
    await visit(admin, `/admin/receipts?q=${orderNumber}`);
    await admin
      .getByRole("article")
      .filter({ hasText: orderNumber })
      .getByRole("button", { name: /View details of receipt/ })
      .click();
    const seller = admin.getByRole("dialog").getByTestId("receipt-seller");
    await expect(seller).toContainText(DEMO_SELLER.legalName);
    await expect(seller).toContainText(DEMO_SELLER.address);
    await expect(seller).toContainText(`VAT ID ${DEMO_SELLER.vatId}`);
    await expectNoSeriousViolations(admin);
    await shot(admin, "admin-receipt-seller");
    await close();

    // delivered by the mail queue in the background
    await expect
      .poll(async () =>
        (await listOutbox(OUTBOX)).filter(
          (mail) => mail.to.includes(customer.email) && mail.subject.includes(orderNumber),
        ),
      )
      .toHaveLength(1);
    const [mail] = (await listOutbox(OUTBOX)).filter(
      (entry) => entry.to.includes(customer.email) && entry.subject.includes(orderNumber),
    );
    expect(mail?.text).toContain(`${DEMO_SELLER.legalName}, ${DEMO_SELLER.address}`);
    expect(mail?.text).toContain(`VAT ID ${DEMO_SELLER.vatId}`);
    expect(mail?.text).toMatch(/Withdraw from contract here: http:\/\/localhost:\d+\/withdraw/);
  });
});
