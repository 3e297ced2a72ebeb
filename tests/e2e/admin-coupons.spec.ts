import { registerCustomer, signInAsAdmin } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, type Locator, type Page, test } from "./support/fixtures";
import { toast, visit } from "./support/store";

/** The table row of the coupon with this code. */
function couponRow(page: Page, code: string): Locator {
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("cell").filter({ has: page.getByText(code, { exact: true }) }) });
}

/** The cell of `row` under the column header `column`. */
async function cell(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = await page.getByRole("columnheader").allTextContents();
  const index = headers.findIndex((header) => header.trim().toLowerCase() === column.toLowerCase());
  expect(index, `no column ${column} in ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
  return row.getByRole("cell").nth(index);
}

// the admin's browser is in New York: the expiry typed there must come back as the same wall time
test.use({ timezoneId: "America/New_York", viewport: { width: 1440, height: 1000 } });

test.describe("admin coupons", () => {
  test("a customer is refused", async ({ page }) => {
    await registerCustomer(page, "coupon-curious");
    await page.goto("/admin/coupons");
    await expect(page).toHaveURL(/\/forbidden$/);
  });

  test("create with Generate, copy, deactivate, edit, refuse a duplicate, delete", async ({
    page,
    context,
  }) => {
    // one long story (create, copy, deactivate, edit, duplicate, delete) with three axe runs
    test.setTimeout(120_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAsAdmin(page);
    await visit(page, "/admin/coupons");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Coupons" })).toBeVisible();
    // at desktop width the whole table, actions included, fits without sideways scrolling
    const tableBox = page.getByRole("table").locator("xpath=..");
    expect(await tableBox.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    // --- create --------------------------------------------------------------------------------
    await page.getByRole("button", { name: "Add Coupon" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create Coupon" });
    await expect(dialog).toBeVisible();
    const code = dialog.getByLabel("Coupon Code *");
    await code.fill("night-owl");
    await expect(code).toHaveValue("NIGHT-OWL");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(code).toHaveValue(/^[A-Z0-9]{8}$/);
    const generated = await code.inputValue();

    await dialog.getByLabel("Name *").fill("E2E Night Owl");
    await dialog.getByLabel("Description").fill("Created by the browser test");
    await expect(dialog.getByLabel("Discount Type")).toHaveValue("percentage");
    await dialog.getByLabel("Discount Value (%) *").fill("150");
    await dialog.getByLabel("Unlimited Uses").uncheck();
    await dialog.getByLabel("Never Expires").uncheck();
    await expectNoSeriousViolations(page, "[role=dialog]");

    // the shared rules answer at once, in the spec's words
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Percentage discount cannot exceed 100%");
    await dialog.getByLabel("Discount Value (%) *").fill("12.5");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Usage limit must be at least 1");
    await dialog.getByLabel("Usage Limit").fill("25");
    await dialog.getByLabel("Expires At").fill("2031-01-15T18:30");
    await dialog.getByRole("button", { name: "Create Coupon" }).click();

    await expect(toast(page, "Coupon created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = couponRow(page, generated);
    await expect(row).toBeVisible();
    // newest first
    await expect(page.getByRole("row").nth(1)).toContainText(generated);
    await expect(await cell(page, row, "Name")).toContainText("E2E Night Owl");
    await expect(await cell(page, row, "Discount")).toHaveText("12.5%");
    await expect(await cell(page, row, "Usage")).toHaveText("0 / 25");
    await expect(await cell(page, row, "Status")).toHaveText("Active");
    // 18:30 typed in New York is shown back as 6:30 PM in New York
    await expect(await cell(page, row, "Expires")).toContainText("Jan 15, 2031");
    await expect(await cell(page, row, "Expires")).toContainText("6:30 PM");
    await expect((await cell(page, row, "Expires")).locator("time")).toHaveAttribute(
      "datetime",
      "2031-01-15T23:30:00.000Z",
    );

    // --- copy ----------------------------------------------------------------------------------
    await row.getByRole("button", { name: `Copy code ${generated}` }).click();
    await expect(toast(page, "Coupon code copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);

    // --- deactivate ----------------------------------------------------------------------------
    await row.getByRole("button", { name: `Deactivate ${generated}` }).click();
    await expect(toast(page, "Coupon deactivated successfully")).toBeVisible();
    await expect(await cell(page, row, "Status")).toHaveText("Inactive");
    await expect(row.getByRole("button", { name: `Activate ${generated}` })).toBeVisible();

    // --- edit ----------------------------------------------------------------------------------
    await row.getByRole("button", { name: `Edit ${generated}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Coupon" });
    await expect(edit.getByLabel("Coupon Code *")).toHaveValue(generated);
    await expect(edit.getByLabel("Name *")).toHaveValue("E2E Night Owl");
    await expect(edit.getByLabel("Discount Value (%) *")).toHaveValue("12.5");
    await expect(edit.getByLabel("Usage Limit")).toHaveValue("25");
    await expect(edit.getByLabel("Expires At")).toHaveValue("2031-01-15T18:30");
    await edit.getByLabel("Name *").fill("E2E Night Owl VIP");
    await edit.getByLabel("Discount Type").selectOption("fixed");
    await edit.getByLabel("Discount Value ($) *").fill("7.5");
    await edit.getByLabel("Minimum Order Amount ($)").fill("40");
    await edit.getByLabel("Unlimited Uses").check();
    await edit.getByLabel("Never Expires").check();
    await edit.getByRole("button", { name: "Update Coupon" }).click();
    await expect(toast(page, "Coupon updated successfully")).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(await cell(page, row, "Name")).toContainText("E2E Night Owl VIP");
    await expect(await cell(page, row, "Discount")).toHaveText("$7.50Min. $40.00");
    await expect(await cell(page, row, "Usage")).toHaveText("0 / Unlimited");
    await expect(await cell(page, row, "Expires")).toHaveText("Never");
    // editing does not reactivate it
    await expect(await cell(page, row, "Status")).toHaveText("Inactive");

    // --- a duplicate code is refused by the server ---------------------------------------------
    await page.getByRole("button", { name: "Add Coupon" }).first().click();
    const duplicate = page.getByRole("dialog", { name: "Create Coupon" });
    await duplicate.getByLabel("Coupon Code *").fill(generated.toLowerCase());
    await duplicate.getByLabel("Name *").fill("Copycat");
    await duplicate.getByLabel("Discount Value (%) *").fill("5");
    await duplicate.getByRole("button", { name: "Create Coupon" }).click();
    await expect(duplicate.getByRole("alert")).toHaveText("Coupon code already exists");
    await expect(toast(page, "Coupon code already exists")).toBeVisible();
    await duplicate.getByRole("button", { name: "Cancel" }).click();
    await expect(duplicate).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: "Copycat" })).toHaveCount(0);

    // --- activate again, then delete -----------------------------------------------------------
    await row.getByRole("button", { name: `Activate ${generated}` }).click();
    await expect(toast(page, "Coupon activated successfully")).toBeVisible();
    await expect(await cell(page, row, "Status")).toHaveText("Active");

    await row.getByRole("button", { name: `Delete ${generated}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete coupon?" });
    await expect(confirm).toContainText(generated);
    await expectNoSeriousViolations(page, "[role=dialog]");
    await confirm.getByRole("button", { name: "Delete Coupon" }).click();
    await expect(toast(page, "Coupon deleted successfully")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(couponRow(page, generated)).toHaveCount(0);

    // still gone after a reload
    await visit(page, "/admin/coupons");
    await expect(page.getByText(generated, { exact: true })).toHaveCount(0);
  });

  test("at tablet width every coupon is a card with its actions in view", async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await signInAsAdmin(page);
    await visit(page, "/admin/coupons");
    const cards = page.getByTestId("coupon-card");
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    const first = cards.first();
    const edit = first.getByRole("button", { name: /^Edit / });
    await expect(edit).toBeInViewport();
    // nothing is wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await expectNoSeriousViolations(page);
    await edit.click();
    await expect(page.getByRole("dialog", { name: "Edit Coupon" })).toBeVisible();
    await expectNoSeriousViolations(page, "[role=dialog]");
  });
});
