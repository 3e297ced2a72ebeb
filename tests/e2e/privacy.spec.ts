import { readFile } from "node:fs/promises";
import { accountDeletionEffects } from "../../core/account-privacy";
import { registerCustomer } from "./support/accounts";
import { adminBrowser, setOrderStatus } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { purchase } from "./support/checkout";
import { expect, type Page, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { visit } from "./support/store";

/** Presses "Download my data" and reads the file the browser saved. */
async function downloadMyData(page: Page) {
  const settings = page.getByRole("region", { name: "Your Data" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    settings.getByRole("button", { name: "Download my data" }).click(),
  ]);
  const file = await download.path();
  return {
    fileName: download.suggestedFilename(),
    data: JSON.parse(await readFile(file, "utf8")) as {
      profile: { email: string; name: string };
      orders: Array<{ orderNumber: string; lines: unknown[] }>;
      returns: unknown[];
    },
  };
}

function deleteSection(page: Page) {
  return page.getByRole("region", { name: "Delete Account" });
}

function confirmation(page: Page) {
  return page.getByRole("alertdialog", { name: "Delete your account?" });
}

/** Presses "Delete my account" and answers the confirmation it opens. */
async function deleteMyAccount(page: Page, answer: "Cancel" | "Delete my account") {
  await deleteSection(page).getByRole("button", { name: "Delete my account" }).click();
  const dialog = confirmation(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: answer }).click();
  await expect(dialog).toBeHidden();
}

test.describe("privacy: download my data, delete my account", () => {
  test("a customer downloads their data, is refused deletion while an order is on its way, then deletes; the admin sees Deleted customer", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const customer = await registerCustomer(page, "leaving");
    const { orderNumber } = await purchase(page);

    await visit(page, "/account?tab=settings");
    await expect(page.getByRole("heading", { name: "Your Data" })).toBeVisible();
    await page
      .getByRole("heading", { name: "Your Data" })
      .evaluate((heading) => heading.scrollIntoView({ block: "start" }));
    await shot(page, "account-settings-privacy");
    await expectNoSeriousViolations(page);

    const { fileName, data } = await downloadMyData(page);
    expect(fileName).toMatch(/^nocturn-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(data.profile).toMatchObject({ email: customer.email, name: customer.name });
    expect(data.orders.map((entry) => entry.orderNumber)).toEqual([orderNumber]);
    expect(data.orders[0]?.lines.length).toBe(2);
    expect(data.returns).toEqual([]);

    // the form's own check (no question asked yet), then the server's refusals once confirmed,
    // each in the box above the form
    const section = deleteSection(page);
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(section.getByRole("alert")).toHaveText("Current password is required");
    await expect(confirmation(page)).toHaveCount(0);
    await section.getByLabel("Password", { exact: true }).fill("not-my-password");
    await deleteMyAccount(page, "Delete my account");
    await expect(section.getByRole("alert")).toHaveText("Current password is incorrect");
    await section.getByLabel("Password", { exact: true }).fill(customer.password);
    await deleteMyAccount(page, "Delete my account");
    await expect(section.getByRole("alert")).toHaveText(
      `Your account cannot be deleted while an order is in progress: order ${orderNumber} has not been delivered yet. Please try again once it is finished.`,
    );
    await section.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await shot(page, "account-delete-refused");

    // the parcel arrives
    const { page: admin, close: closeAdmin } = await adminBrowser(browser);
    await setOrderStatus(admin, orderNumber, "delivered");

    // Cancel keeps the account; confirming deletes it
    await deleteMyAccount(page, "Cancel");
    await expect(page).toHaveURL("/account/settings");
    await visit(page, "/account?tab=settings");
    await expect(page.getByRole("heading", { level: 1, name: customer.name })).toBeVisible();
    await deleteSection(page).getByLabel("Password", { exact: true }).fill(customer.password);
    await deleteMyAccount(page, "Delete my account");
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Your account has been deleted")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

    // the order stays for the tax records, detached
    await visit(admin, `/admin/orders?q=${orderNumber}`);
    // the list has a table for wide screens and cards for phones: the one on screen
    await expect(admin.getByText("Deleted customer").filter({ visible: true })).toBeVisible();
    await expect(admin.getByText(customer.email)).toHaveCount(0);
    await admin
      .getByRole("button", { name: `View order ${orderNumber}` })
      .first()
      .click();
    await expect(admin.getByRole("dialog").getByText("Deleted customer")).toBeVisible();
    await closeAdmin();
  });

  test("on a phone: download, a wrong password, then the account is deleted and cannot sign in", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = await registerCustomer(page, "phone-leaving");
    await visit(page, "/account?tab=settings");

    const { data } = await downloadMyData(page);
    expect(data.profile.email).toBe(customer.email);
    expect(data.orders).toEqual([]);

    const section = deleteSection(page);
    await section.getByLabel("Password", { exact: true }).fill("not-my-password");
    await deleteMyAccount(page, "Delete my account");
    await expect(section.getByRole("alert")).toHaveText("Current password is incorrect");
    await section.getByLabel("Password", { exact: true }).fill(customer.password);
    await deleteMyAccount(page, "Delete my account");
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Your account has been deleted")).toBeVisible();

    // signed out: the account page asks to sign in, and the old password opens nothing
    await visit(page, "/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  });

  test("the deletion asks first, by keyboard too, naming what is erased and what is kept; Sign Out is not red", async ({
    page,
  }) => {
    const customer = await registerCustomer(page, "asked");
    await visit(page, "/account?tab=settings");

    // Sign Out is an everyday action: outlined, not the destructive red of "Delete my account"
    const signOut = page.getByRole("region", { name: "Sign Out" }).getByRole("button", { name: "Sign Out" });
    const deleteButton = deleteSection(page).getByRole("button", { name: "Delete my account" });
    const background = (button: typeof signOut) =>
      button.evaluate((element) => getComputedStyle(element).backgroundColor);
    await expect(signOut).not.toHaveClass(/bg-destructive/);
    await expect(deleteButton).toHaveClass(/bg-destructive/);
    expect(await background(signOut)).toBe("rgba(0, 0, 0, 0)");
    expect(await background(signOut)).not.toBe(await background(deleteButton));

    // the keyboard alone: type the password, Enter, and the question opens on Cancel
    const password = deleteSection(page).getByLabel("Password", { exact: true });
    await password.focus();
    await page.keyboard.type(customer.password);
    await page.keyboard.press("Enter");
    const dialog = confirmation(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    const erased = dialog.getByRole("region", { name: "Erased now" });
    const kept = dialog.getByRole("region", { name: "Kept" });
    await expect(erased.getByRole("listitem")).toHaveText([...accountDeletionEffects.erased]);
    await expect(kept.getByRole("listitem")).toHaveText([...accountDeletionEffects.kept]);
    // what it says, in so many words: the account, the sign-in, the address, the sessions; the orders
    await expect(erased).toContainText("account");
    await expect(erased).toContainText("sign-in details");
    await expect(erased).toContainText("saved shipping address");
    await expect(erased).toContainText("signed out on every device");
    await expect(kept).toContainText("orders and their receipts");
    await expect(kept).toContainText("tax law");
    await expect(kept).toContainText("detached from your account");
    await expectNoSeriousViolations(page, '[role="alertdialog"]');
    await shot(page, "account-delete-confirm");

    // Escape is Cancel: the focus goes back to the button that asked, nothing was posted, the
    // account is there
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await visit(page, "/account?tab=settings");
    await expect(page.getByRole("heading", { level: 1, name: customer.name })).toBeVisible();

    // and confirmed from the keyboard, it deletes
    await deleteSection(page).getByLabel("Password", { exact: true }).fill(customer.password);
    await deleteSection(page).getByRole("button", { name: "Delete my account" }).press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Your account has been deleted")).toBeVisible();
  });

  test("the privacy policy's rights point to the two buttons", async ({ page }) => {
    await visit(page, "/legal/privacy");
    const rights = page.getByRole("region", { name: "Your Rights" });
    await expect(rights).toContainText('"Download my data"');
    await expect(rights).toContainText('"Delete my account"');
    await expect(rights.getByRole("link", { name: "Go to your account settings" })).toHaveAttribute(
      "href",
      "/account/settings",
    );
  });
});
