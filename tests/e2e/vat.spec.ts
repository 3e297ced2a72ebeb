// VAT at the shipping country's rate (issue 16): a shopper sees Germany's VAT on the payment step,
// goes Back to ship to Hungary instead and sees Hungary's, with the same total (prices include
// VAT); pays; the success page, My Orders and the confirmation e-mail show the same figures, and
// the cart then estimates its VAT from the saved address. The cart words the VAT one way on every
// visit, with shipping in its total, and the payment step shows the coupon once (issue 25 §6).
import path from "node:path";
import { countryName } from "../../core/checkout";
import type { CouponTerms } from "../../core/coupon";
import { SHIPPING_CENTS } from "../../core/delivery";
import { DEFAULT_MONEY } from "../../core/money";
import { type PricedLine, priceOrder } from "../../core/pricing";
import { cartVatRow, type TaxMode, vatRowLabel } from "../../core/tax";
import { listOutbox } from "../../server/mail/read-outbox";
import { packagedRates } from "../../server/tax/tax-rates";
import { registerCustomer } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { fillShipping, payWithCard } from "./support/checkout";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import {
  CART_KEY,
  type CatalogProduct,
  cartProducts,
  chooseSize,
  formatUsd,
  fullestSize,
  type SavedLine,
  seedCart,
  sitemapProductIds,
  toast,
  visit,
} from "./support/store";

const OUTBOX = path.resolve(".tmp/e2e-data/outbox");
/** The store runs with PRICES_INCLUDE_TAX unset: prices include VAT (playwright.config.ts). */
const MODE: TaxMode = "inclusive";
/** The demo coupon WELCOME10 (server/coupons/demo-coupons.ts): 10 % off. */
const WELCOME10: CouponTerms = {
  discountType: "percentage",
  percentBasisPoints: 1000,
  amountOffCents: null,
  minimumOrderCents: 0,
};

/** The rates the fresh store seeds its tax_rate table with. */
const SEEDED_RATES = new Map(packagedRates().map((rate) => [rate.country, rate.rateBasisPoints]));

/** An order of these lines priced as the server prices it, shipped to `country`. */
function expectedOrder(lines: PricedLine[], coupon: CouponTerms | null, country: string) {
  const rateBasisPoints = SEEDED_RATES.get(country);
  if (rateBasisPoints === undefined) throw new Error(`no seeded rate for ${country}`);
  const priced = priceOrder(lines, coupon, { mode: MODE, country, rateBasisPoints });
  return {
    ...priced,
    label: vatRowLabel({ mode: MODE, rateBasisPoints, countryName: countryName(country) }),
  };
}

/** The VAT row inside `scope` says `label` and `amount`. */
async function expectVatRow(scope: Locator, label: string, taxCents: number) {
  const row = scope.getByTestId("vat-row");
  await expect(row.locator("dt")).toHaveText(label);
  await expect(row.getByTestId("vat-amount")).toHaveText(formatUsd(taxCents));
}

/**
 * The payment step lists each line at its price and the coupon once: one discount row, no share of
 * it on the lines; subtotal + shipping - discount is the total.
 */
async function expectOneDiscount(dialog: Locator, order: ReturnType<typeof expectedOrder>) {
  const lineTexts = await dialog.getByTestId("checkout-line").allTextContents();
  expect(lineTexts.map((text) => text.match(/\$[\d,]+\.\d{2}$/)?.[0]).sort()).toEqual(
    order.lines.map((line) => formatUsd(line.amountCents)).sort(),
  );
  await expect(dialog.getByTestId("line-discount")).toHaveCount(0);
  await expect(dialog.getByText(/−\$/)).toHaveCount(1);
  const discount = dialog.getByTestId("checkout-totals").locator("div", { hasText: /^Discount/ });
  await expect(discount).toHaveText(`Discount (WELCOME10)−${formatUsd(order.discountCents)}`);
  expect(order.subtotalCents + order.shippingCents - order.discountCents).toBe(order.totalCents);
  await expect(dialog.getByTestId("checkout-totals").locator("dd").first()).toHaveText(
    formatUsd(order.subtotalCents),
  );
}

/** The cart's VAT row says `label` and `value`, with its note. */
async function expectCartVatRow(summary: Locator, expected: ReturnType<typeof cartVatRow>) {
  const row = summary.getByTestId("vat-row");
  await expect(row.locator("dt")).toHaveText(`${expected.label} ${expected.note}`);
  await expect(row.getByTestId("vat-note")).toHaveText(expected.note);
  await expect(row.getByTestId("vat-amount")).toHaveText(expected.value);
}

/** A product sold in several sizes and another, both well stocked. */
async function pickProducts(page: Page): Promise<{ sized: CatalogProduct; other: CatalogProduct }> {
  const plenty = (await cartProducts(page, await sitemapProductIds(page))).filter(
    (found) => fullestSize(found).stock >= 10,
  );
  const sized = plenty.findLast((found) => found.sizes.length > 1);
  const other = plenty.findLast((found) => found !== sized);
  if (!sized || !other) throw new Error("the demo catalog has too few well-stocked products");
  return { sized, other };
}

test.describe("VAT at the shipping country's rate", () => {
  // a whole purchase, two shipping steps, a payment and four places to check
  test.describe.configure({ timeout: 120_000 });

  test("Germany's VAT, then Hungary's for the same total, on every page and in the e-mail", async ({
    page,
  }) => {
    const customer = await registerCustomer(page, "vat");
    const { sized, other } = await pickProducts(page);
    const sizedLabel = fullestSize(sized).label;
    // the cart's order is the order the server prices the lines in (the coupon's cents follow it)
    const lines: PricedLine[] = [
      { priceCents: other.product.priceCents, quantity: 2 },
      { priceCents: sized.product.priceCents, quantity: 1 },
    ];
    await seedCart(page, [{ id: other.product.id, quantity: 2 }]);

    // the product page says the price includes VAT
    await visit(page, `/products/${sized.product.id}`);
    const price = page.getByRole("heading", { level: 1 }).locator("xpath=following-sibling::p[1]");
    await expect(price).toHaveText(`${formatUsd(sized.product.priceCents)} incl. VAT`);
    await shot(page, "vat-product");
    await chooseSize(page, sizedLabel);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `Added ${sized.product.name} to cart.`)).toBeVisible();

    // no address yet: the VAT is included, its amount waits for the country; shipping is known
    await visit(page, "/cart");
    const summary = page.getByRole("complementary", { name: "Order Summary" });
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const unpriced = priceOrder(lines, null);
    await expectCartVatRow(summary, cartVatRow(MODE, null, DEFAULT_MONEY));
    await expect(summary.getByTestId("cart-subtotal")).toHaveText(formatUsd(unpriced.subtotalCents));
    await expect(summary.getByTestId("cart-shipping")).toHaveText(formatUsd(SHIPPING_CENTS));
    await expect(summary.getByText("Complementary Priority", { exact: false })).toBeVisible();
    await expect(summary.getByTestId("cart-total")).toHaveText(formatUsd(unpriced.totalCents));
    expect(unpriced.totalCents).toBe(unpriced.subtotalCents + SHIPPING_CENTS);
    await expect(page.getByRole("button", { name: /^Checkout/ })).toContainText(
      formatUsd(unpriced.totalCents),
    );
    // one wording: nothing else in the summary speaks of tax
    await expect(summary.getByText(/Calculated at checkout|incl\. VAT|^Tax/)).toHaveCount(0);
    await shot(page, "vat-cart-no-address");

    await page.getByRole("button", { name: /^Checkout/ }).click();
    const dialog = await fillShipping(page);
    await dialog.getByLabel("Coupon code").fill("welcome10");
    await dialog.getByRole("button", { name: "Apply" }).click();
    const germany = expectedOrder(lines, WELCOME10, "DE");
    await expect(toast(page, `Coupon applied! You saved ${formatUsd(germany.discountCents)}`)).toBeVisible();
    // the shipping step estimates from the country chosen
    await expectVatRow(dialog, germany.label, germany.taxCents);
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();

    // the payment step: the order as the server priced it
    await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
    await expectVatRow(dialog, germany.label, germany.taxCents);
    await expect(dialog.getByTestId("checkout-total")).toHaveText(formatUsd(germany.totalCents));
    await expectOneDiscount(dialog, germany);
    const orderNumber = (await dialog.getByText(/NOC-\d+/).textContent())?.replace(/^\W+/, "") ?? "";
    await expectNoSeriousViolations(page, "[role=dialog]");
    await shot(page, "vat-payment-de");

    // Back, ship to Budapest instead, Continue: the same order at Hungary's rate
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.getByLabel("Country").selectOption("HU");
    await dialog.getByLabel("Address Line 1").fill("Váci utca 12");
    await dialog.getByLabel("City").fill("Budapest");
    await dialog.getByLabel("ZIP Code").fill("1051");
    const hungary = expectedOrder(lines, WELCOME10, "HU");
    await expectVatRow(dialog, hungary.label, hungary.taxCents);
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
    await expect(dialog.getByText("1051 Budapest")).toBeVisible();
    await expect(dialog.getByText(orderNumber)).toBeVisible();
    await expectVatRow(dialog, hungary.label, hungary.taxCents);
    expect(hungary.taxCents).toBeGreaterThan(germany.taxCents);
    // prices include VAT: another country's rate changes the VAT, not what the shopper pays
    expect(hungary.totalCents).toBe(germany.totalCents);
    const total = formatUsd(hungary.totalCents);
    await expect(dialog.getByTestId("checkout-total")).toHaveText(total);
    await expectOneDiscount(dialog, hungary);
    await shot(page, "vat-payment-hu");

    await dialog.getByRole("button", { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(/\/test-checkout\/tcs_[0-9a-f]{40}$/);
    // the hosted page charges the same total and shows the same VAT
    await expect(page.getByTestId("amount-due")).toHaveText(total);
    await expect(page.getByTestId("vat-row")).toContainText("VAT 27% (Hungary)");
    await expect(page.getByTestId("vat-row")).toContainText(formatUsd(hungary.taxCents));
    await shot(page, "vat-test-checkout");
    await payWithCard(page, "4242 4242 4242 4242");

    // the success page
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
    const paid = page.getByTestId("paid-totals");
    await expectVatRow(paid, hungary.label, hungary.taxCents);
    await expect(paid.getByTestId("order-total")).toHaveText(total);
    await expectNoSeriousViolations(page);
    await shot(page, "vat-success");

    // My Orders
    await page.getByRole("main").getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL("/account/orders");
    await page
      .getByTestId("order-row")
      .filter({ hasText: orderNumber })
      .getByRole("button", { name: /View/ })
      .click();
    const details = page.getByRole("dialog");
    await expectVatRow(details, hungary.label, hungary.taxCents);
    await expect(details.getByTestId("order-total")).toHaveText(total);
    await expectNoSeriousViolations(page, "[role=dialog]");
    await shot(page, "vat-my-orders");
    await page.keyboard.press("Escape");

    // the confirmation e-mail, sent after the payment's commit
    const confirmation = async () =>
      (await listOutbox(OUTBOX)).find(
        (mail) => mail.to.includes(customer.email) && mail.subject.includes(`${orderNumber} is confirmed`),
      );
    await expect
      .poll(async () => (await confirmation())?.text ?? "")
      .toContain(`Total paid: ${total}\n${hungary.label}: ${formatUsd(hungary.taxCents)}\n`);
    expect((await confirmation())?.html).toContain(hungary.label);

    // the address is saved now: the cart estimates the VAT of its goods for Hungary
    const saved: SavedLine[] = [
      { product: other.product, size: fullestSize(other), quantity: 2 },
      { product: sized.product, size: fullestSize(sized), quantity: 1 },
    ];
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      CART_KEY,
      JSON.stringify(saved),
    ] as const);
    await visit(page, "/cart");
    // the same row, now with Hungary's rate and the VAT of the goods and the shipping
    const known = expectedOrder(lines, null, "HU");
    await expectCartVatRow(
      summary,
      cartVatRow(
        MODE,
        { rateBasisPoints: 2700, countryName: "Hungary", taxCents: known.taxCents },
        DEFAULT_MONEY,
      ),
    );
    await expect(summary.getByTestId("vat-row").locator("dt")).toContainText("VAT 27% (Hungary)");
    await expect(summary.getByTestId("vat-amount")).toHaveText(`${formatUsd(known.taxCents)} included`);
    // what the payment step will charge without a coupon
    await expect(page.getByTestId("cart-total")).toHaveText(formatUsd(known.totalCents));
    expect(known.totalCents).toBe(known.subtotalCents + SHIPPING_CENTS);
    await expect(summary.getByText(/Calculated at checkout|incl\. VAT/)).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await shot(page, "vat-cart");
  });
});
