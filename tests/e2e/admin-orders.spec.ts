import { registerCustomer, signInAsAdmin } from "./support/accounts";
import { adminBrowser, setOrderStatus } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { purchase } from "./support/checkout";
import { expect, test } from "./support/fixtures";
import { visit } from "./support/store";

test.describe("the admin and a customer's order", () => {
  test("the admin ships an order with a tracking code, the customer tracks it, the receipt is there", async ({
    page,
    browser,
  }) => {
    await registerCustomer(page, "tracked");
    const { orderNumber, total } = await purchase(page);

    const { page: admin, close: closeAdmin } = await adminBrowser(browser);
    await setOrderStatus(admin, orderNumber, "shipped", "JJD000390007234567");

    await visit(admin, `/admin/receipts?q=${orderNumber}`);
    const receipt = admin.getByRole("article").filter({ hasText: orderNumber });
    await expect(receipt).toContainText("4242");
    await expect(receipt).toContainText(total);
    await expect(receipt).toContainText("Completed");
    await expectNoSeriousViolations(admin);
    await receipt.getByRole("button", { name: /View details of receipt/ }).click();
    await expect(admin.getByRole("dialog")).toContainText('"last4": "4242"');
    await closeAdmin();

    await visit(page, "/account/orders");
    const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
    await expect(row).toContainText("Shipped");
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog");
    await expect(details.getByText("JJD000390007234567")).toBeVisible();
    await expect(details.getByRole("link", { name: "Track Package" })).toHaveAttribute(
      "href",
      /piececode=JJD000390007234567$/,
    );
  });

  test("the dashboard and the order list pass axe", async ({ page }) => {
    await signInAsAdmin(page);
    await visit(page, "/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
    await visit(page, "/admin/orders");
    await expect(page.getByRole("heading", { name: "Manage Orders" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
