// Toasts never cover a dialog's buttons (issue 25 §5): while a dialog is open they sit at the top
// centre, over its heading and clear of its close button, on a laptop and on a phone; an error a
// dialog raises is in view and passes axe's contrast check above the dialog's overlay.
import { couponMessages } from "../../core/coupon";
import { registerCustomer, signInAsAdmin } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { fillShipping } from "./support/checkout";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { shotAsIs } from "./support/screenshots";
import { cartProducts, chooseSize, fullestSize, sitemapProductIds, toast, visit } from "./support/store";
import { toastsOverButtons } from "./support/toasts";

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** `shown` is on screen, whole, and no toast covers any button of `dialog`. */
async function expectClearOfButtons(page: Page, dialog: Locator, shown: Locator) {
  await expect(shown).toBeVisible();
  await expect(shown).toBeInViewport({ ratio: 1 });
  expect(await toastsOverButtons(page, dialog)).toEqual([]);
}

test.describe("toasts beside a dialog", () => {
  // an account, a product page, the cart and both checkout steps
  test.describe.configure({ timeout: 60_000 });

  for (const viewport of VIEWPORTS) {
    test(`cover none of the checkout dialog's buttons at ${viewport.width}x${viewport.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await registerCustomer(page, "toasts");
      const [found] = (await cartProducts(page, await sitemapProductIds(page))).filter(
        (candidate) => fullestSize(candidate).stock >= 10,
      );
      if (!found) throw new Error("the demo catalog has no well-stocked product");

      // adding to the cart raises a toast, still up when the dialog opens
      await visit(page, `/products/${found.product.id}`);
      await chooseSize(page, fullestSize(found).label);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      const added = toast(page, `Added ${found.product.name} to cart.`);
      await expect(added).toBeVisible();
      await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).click();
      await page.getByRole("button", { name: /^Checkout/ }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      await expect(dialog.getByText("Step 1 of 2")).toBeVisible();
      await expectClearOfButtons(page, dialog, added);

      // an error the dialog raises: in view, readable above the overlay, off the buttons
      await dialog.getByLabel("Coupon code").fill("nope");
      await dialog.getByRole("button", { name: "Apply" }).click();
      const invalid = toast(page, couponMessages.invalid);
      await expectClearOfButtons(page, dialog, invalid);
      await expectNoSeriousViolations(page, "[data-sonner-toast][data-front='true']");
      await shotAsIs(page, "toasts-checkout-shipping");

      // the payment step, with a toast raised just before it
      await fillShipping(page);
      await dialog.getByLabel("Coupon code").fill("");
      await dialog.getByRole("button", { name: "Apply" }).click();
      const empty = toast(page, couponMessages.empty);
      await expect(empty).toBeVisible();
      await dialog.getByRole("button", { name: "Continue to Payment" }).click();
      await expect(dialog.getByText("Step 2 of 2")).toBeVisible();
      await expect(dialog.getByRole("button", { name: /^Pay \$/ })).toBeVisible();
      await expectClearOfButtons(page, dialog, empty);
      await shotAsIs(page, "toasts-checkout-payment");
    });

    test(`cover none of an admin dialog's buttons at ${viewport.width}x${viewport.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInAsAdmin(page);
      await visit(page, "/admin/coupons");
      await page.getByRole("button", { name: "Add Coupon" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Create Coupon" });
      // the demo catalog's coupon: the server refuses the code
      await dialog.getByLabel("Coupon Code *").fill("WELCOME10");
      await dialog.getByLabel("Name *").fill("Copycat");
      await dialog.getByLabel("Discount Value (%) *").fill("5");
      await dialog.getByRole("button", { name: "Create Coupon" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Coupon code already exists");
      await expectClearOfButtons(page, dialog, toast(page, "Coupon code already exists"));
      await expectNoSeriousViolations(page, "[data-sonner-toast][data-front='true']");
      await shotAsIs(page, "toasts-admin-coupon");
    });
  }
});
