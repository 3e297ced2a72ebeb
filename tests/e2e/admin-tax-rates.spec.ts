import { taxRateMessages } from "../../core/validation/tax-rate-form";
import { signInAsAdmin } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, type Page, test } from "./support/fixtures";
import { toast, visit } from "./support/store";

/** The row of a country in the rates table. */
const rateRow = (page: Page, country: string) =>
  page.getByTestId("tax-rate-row").filter({ has: page.getByRole("rowheader", { name: country }) });

/** Types `rate` into the country's field and presses its Save button. */
async function saveRate(page: Page, country: string, rate: string) {
  await page.getByLabel(`VAT rate for ${country}, in percent`).fill(rate);
  await page.getByRole("button", { name: `Save rate for ${country}` }).click();
}

test.use({ viewport: { width: 1280, height: 900 } });

test("an admin changes Germany's VAT rate, sees it recorded, and puts it back", async ({ page }) => {
  const { email } = await signInAsAdmin(page);
  await visit(page, "/admin/tax-rates");
  await expect(page.getByRole("heading", { level: 1, name: "Tax Rates" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Tax rates" })).toHaveAttribute("aria-current", "page");
  const germany = rateRow(page, "Germany DE");
  const field = page.getByLabel("VAT rate for Germany, in percent");
  await expect(field).toHaveValue("19");
  await expect(page.getByTestId("tax-rate-row")).toHaveCount(27);
  await expect(page.getByText("No rate has been changed yet.")).toBeVisible();
  await expectNoSeriousViolations(page);

  // the same rules as the server, at once and under the field
  await saveRate(page, "Germany", "abc");
  await expect(germany.getByRole("alert")).toHaveText(taxRateMessages.notANumber);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await saveRate(page, "Germany", "120");
  await expect(germany.getByRole("alert")).toHaveText(taxRateMessages.outOfRange);
  await expectNoSeriousViolations(page);

  await saveRate(page, "Germany", "20");
  await expect(toast(page, "VAT rate for Germany set to 20%")).toBeVisible();
  await expect(germany.getByRole("alert")).toHaveCount(0);
  await expect(field).toHaveValue("20");
  await expect(field).not.toHaveAttribute("aria-invalid");
  await expect(germany).toContainText("Set by an admin");
  await expect(germany).toContainText("sales-tax 2.23.0 says 19%");
  await expect(germany).toContainText(email);
  const history = page.getByTestId("tax-rate-change");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("Germany");
  await expect(history.first()).toContainText("19%");
  await expect(history.first()).toContainText("20%");
  await expect(history.first()).toContainText(email);
  // after a reload it is all still there: it was saved, not only shown
  await visit(page, "/admin/tax-rates");
  await expect(field).toHaveValue("20");

  // on a phone the rows are cards and nothing scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(field).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  await saveRate(page, "Germany", "19");
  await expect(toast(page, "VAT rate for Germany set to 19%")).toBeVisible();
  await expect(field).toHaveValue("19");
  await expect(germany).not.toContainText("sales-tax 2.23.0 says");
  await expect(history).toHaveCount(2);
});
