// The checkout dialog's layout and shipping step (issue 12 §3): the primary button in view on a
// phone and a laptop, the form prefilled from the account and the remembered address, what was
// typed kept for the visit, the region and the postcode per country, fixed messages leaving.
import { registerCustomer } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { cartProducts, saveCart, sitemapProductIds, visit } from "./support/store";

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Two well-stocked sizes of the demo catalog in the cart, as the product page saves them. */
async function fillSizedCart(page: Page) {
  const lines = (await cartProducts(page, await sitemapProductIds(page)))
    .flatMap((found) => {
      const size = found.sizes.find((candidate) => candidate.stock >= 10);
      return size ? [{ product: found.product, size, quantity: 1 }] : [];
    })
    .slice(-2);
  expect(lines).toHaveLength(2);
  await saveCart(page, lines);
}

async function openCheckout(page: Page) {
  await page.getByRole("button", { name: /^Checkout/ }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await expect(dialog.getByText("Step 1 of 2")).toBeVisible();
  return dialog;
}

/** The rest of a Berlin address (the name is prefilled from the account). */
async function fillBerlin(dialog: Locator) {
  await dialog.getByLabel("Address Line 1").fill("Torstraße 101");
  await dialog.getByLabel("City").fill("Berlin");
  await dialog.getByLabel("ZIP Code").fill("10119");
}

/**
 * Fully inside the window with nothing in the dialog scrolled to reach it: seen as the dialog
 * opens. (The dialog is fixed to the window, so the page behind it may be scrolled.)
 */
async function expectInViewWithoutScrolling(target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 });
  const scrolled = await target.evaluate((element) => {
    for (
      let node = element.parentElement;
      node && node.getAttribute("role") !== "dialog";
      node = node.parentElement
    ) {
      if (node.scrollTop > 0) return true;
    }
    return false;
  });
  expect(scrolled).toBe(false);
}

test.describe("the checkout dialog", () => {
  // each test is a whole journey (an account, one or two checkouts, accessibility scans)
  test.describe.configure({ timeout: 90_000 });

  for (const viewport of VIEWPORTS) {
    test(`Continue and Pay are in view without scrolling at ${viewport.width}x${viewport.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await registerCustomer(page, "fits");
      await fillSizedCart(page);
      await visit(page, "/cart");
      const dialog = await openCheckout(page);
      await expectInViewWithoutScrolling(dialog.getByRole("heading", { name: "Complete Your Purchase" }));
      await expectInViewWithoutScrolling(dialog.getByRole("button", { name: "Continue to Payment" }));
      await expectInViewWithoutScrolling(dialog.getByRole("button", { name: "Cancel" }));
      await expect(dialog.getByTestId("checkout-estimate")).toBeInViewport({ ratio: 1 });
      await expectNoSeriousViolations(page, "[role=dialog]");

      await fillBerlin(dialog);
      await dialog.getByRole("button", { name: "Continue to Payment" }).click();
      await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
      const total = (await dialog.getByTestId("checkout-total").textContent()) ?? "";
      await expectInViewWithoutScrolling(dialog.getByRole("button", { name: `Pay ${total}` }));
      await expectInViewWithoutScrolling(dialog.getByRole("button", { name: "Back" }));
      await expect(dialog.getByText("10119 Berlin")).toBeVisible();
      await expectNoSeriousViolations(page, "[role=dialog]");
    });
  }

  test("the name comes from the account, the typed address survives Cancel, the next checkout starts with the last one", async ({
    page,
  }) => {
    const user = await registerCustomer(page, "remember");
    await fillSizedCart(page);
    await visit(page, "/cart");
    let dialog = await openCheckout(page);
    await expect(dialog.getByLabel("Full Name")).toHaveValue(user.name);
    await dialog.getByLabel("Address Line 1").fill("Torstraße 101");
    await dialog.getByLabel("City").fill("Berlin");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    dialog = await openCheckout(page);
    await expect(dialog.getByLabel("Address Line 1")).toHaveValue("Torstraße 101");
    await expect(dialog.getByLabel("City")).toHaveValue("Berlin");
    await page.keyboard.press("Escape");

    // to the shop and back within the visit
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/\/products/);
    await page.getByRole("link", { name: /^Cart/ }).click();
    await expect(page).toHaveURL("/cart");
    dialog = await openCheckout(page);
    await expect(dialog.getByLabel("City")).toHaveValue("Berlin");
    await dialog.getByLabel("ZIP Code").fill("10119");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByText("Step 2 of 2")).toBeVisible();

    // a new page load: the server offers the address the order was made with
    await visit(page, "/cart");
    dialog = await openCheckout(page);
    await expect(dialog.getByLabel("Full Name")).toHaveValue(user.name);
    await expect(dialog.getByLabel("Address Line 1")).toHaveValue("Torstraße 101");
    await expect(dialog.getByLabel("City")).toHaveValue("Berlin");
    await expect(dialog.getByLabel("ZIP Code")).toHaveValue("10119");
    await expect(dialog.getByLabel("Country")).toHaveValue("DE");
  });

  test("the account page edits the remembered address, with the checkout's rules and messages", async ({
    page,
  }) => {
    await registerCustomer(page, "account-address");
    await visit(page, "/account");
    const section = page.getByRole("region", { name: "Shipping address" });
    await expect(section.getByText("No address saved yet.", { exact: false })).toBeVisible();
    await section.getByLabel("Address Line 1").fill("Via Appia 1");
    await section.getByLabel("City").fill("Roma");
    await section.getByLabel("Country").selectOption("IT");
    await section.getByLabel("ZIP Code").fill("0014");
    await section.getByRole("button", { name: "Save Address" }).click();
    await expect(section.getByRole("alert")).toHaveText("Please fill in Province");
    await expect(section.getByLabel("Province")).toHaveAttribute("aria-invalid", "true");
    await section.getByLabel("Province").fill("RM");
    await expect(section.getByRole("alert")).toHaveCount(0);
    await section.getByRole("button", { name: "Save Address" }).click();
    await expect(section.getByRole("alert")).toHaveText("Please enter a valid postal code for Italy");
    await section.getByLabel("ZIP Code").fill("00144");
    await expect(section.getByRole("alert")).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await section.getByRole("button", { name: "Save Address" }).click();
    await expect(page.getByText("Shipping address saved")).toBeVisible();

    await fillSizedCart(page);
    await visit(page, "/cart");
    const dialog = await openCheckout(page);
    await expect(dialog.getByLabel("Country")).toHaveValue("IT");
    await expect(dialog.getByLabel("Province")).toHaveValue("RM");
    await expect(dialog.getByLabel("ZIP Code")).toHaveValue("00144");
  });

  test("the region follows the country, postcodes are checked, and a fixed message goes away", async ({
    page,
  }) => {
    await registerCustomer(page, "rules");
    await fillSizedCart(page);
    await visit(page, "/cart");
    const dialog = await openCheckout(page);

    // Germany: no region in a German address
    await expect(dialog.getByLabel("Country")).toHaveValue("DE");
    await expect(dialog.getByLabel(/^(State|Province|County)/)).toHaveCount(0);

    await dialog.getByLabel("Full Name").fill("");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in Full Name");
    await expect(dialog.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Full Name").fill("Nova Shopper");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await expect(dialog.getByLabel("Full Name")).not.toHaveAttribute("aria-invalid");

    await fillBerlin(dialog);
    await dialog.getByLabel("ZIP Code").fill("1011");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid postal code for Germany");
    await dialog.getByLabel("ZIP Code").fill("10119");
    await expect(dialog.getByRole("alert")).toHaveCount(0);

    // Italy: the province is required; Ireland: the county is optional
    await dialog.getByLabel("Country").selectOption("IT");
    await dialog.getByLabel("ZIP Code").fill("00144");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in Province");
    await dialog.getByLabel("Country").selectOption("IE");
    await expect(dialog.getByText("County (optional)")).toBeVisible();
    await dialog.getByLabel("ZIP Code").fill("D02 X285");
    await dialog.getByLabel("City").fill("Dublin 2");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
    await expect(dialog.getByText("D02 X285")).toBeVisible();

    // Germany without a region goes through too
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.getByLabel("Country").selectOption("DE");
    await dialog.getByLabel("City").fill("Berlin");
    await dialog.getByLabel("ZIP Code").fill("10119");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
    await expect(dialog.getByText("10119 Berlin")).toBeVisible();
  });

  test("the account forms drop a message once its field is fixed, and keep the server's refusals", async ({
    page,
  }) => {
    await visit(page, "/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email is required");
    await page.getByLabel("Email").fill("nobody@nightmail.io");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    // a change does not prove the server wrong: its message stays until the next answer
    await page.getByLabel("Password", { exact: true }).fill("another-guess-2");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  });
});
