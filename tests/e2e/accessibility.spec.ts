import { expectNoSeriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { inStockProductIds, openProduct, seedCart, visit } from "./support/store";

test.describe("accessibility (axe, WCAG 2.1 A and AA)", () => {
  test("home", async ({ page }) => {
    await visit(page, "/");
    const featured = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Featured Collection" }) });
    await expect(featured.getByRole("article")).toHaveCount(4);
    await expectNoSeriousViolations(page);
  });

  test("shop", async ({ page }) => {
    await visit(page, "/products");
    await expect(page.getByTestId("product-grid")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("shop with the filter menu open", async ({ page }) => {
    await visit(page, "/products");
    await page.locator("summary").filter({ hasText: "Filter" }).click();
    await expect(page.getByRole("radio", { name: "Price: Low to High" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("shop, empty result", async ({ page }) => {
    await visit(page, "/products?q=zzqx-no-such-garment");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("product page", async ({ page }) => {
    await openProduct(page, "Eclipse Heavyweight Hoodie");
    await expect(page.getByTestId("gallery-main-image")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("cart, empty", async ({ page }) => {
    await visit(page, "/cart");
    await expect(page.getByText("Your cart is empty")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("cart with a line", async ({ page }) => {
    const [id] = await inStockProductIds(page);
    if (!id) throw new Error("the sitemap lists no product");
    await seedCart(page, [{ id, quantity: 1 }]);
    await visit(page, "/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expectNoSeriousViolations(page);
  });

  test("about", async ({ page }) => {
    await visit(page, "/about");
    await expect(page.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("legal", async ({ page }) => {
    await visit(page, "/legal");
    await expect(page.getByRole("heading", { level: 1, name: "Legal Information" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("a legal section", async ({ page }) => {
    await visit(page, "/legal/returns");
    await expect(page.getByRole("heading", { level: 1, name: "Returns & Refunds" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("404 page", async ({ page }) => {
    await visit(page, "/this-does-not-exist");
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("mobile menu open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  for (const [path, heading] of [
    ["/login", "Sign In"],
    ["/register", "Create Account"],
    ["/forgot-password", "Reset Password"],
    ["/reset-password?token=unknown", "Set a New Password"],
    ["/forbidden", "Access Denied"],
  ] as const) {
    test(`${path}`, async ({ page }) => {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test("a form error above the sign-in form", async ({ page }) => {
    await visit(page, "/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email is required");
    await expectNoSeriousViolations(page);
  });
});
