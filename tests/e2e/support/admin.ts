// The admin's steps that several specs take: a second browser signed in as the admin, an order's
// status changed from Admin → Orders, a product deleted from Admin → Products.
import type { Browser, Page } from "@playwright/test";
import { signInAsAdmin } from "./accounts";
import { expect, newWatchedContext } from "./fixtures";
import { toast, visit } from "./store";

/** The demo admin signed in, in a browser of their own (the customer's page keeps its session). */
export async function adminBrowser(browser: Browser) {
  const context = await newWatchedContext(browser);
  const page = await context.context.newPage();
  await signInAsAdmin(page);
  return { page, close: context.close };
}

/** Admin → Orders, found by its number: the order's edit dialog, open. */
export async function openOrderEdit(admin: Page, orderNumber: string) {
  await visit(admin, `/admin/orders?q=${orderNumber}`);
  await admin
    .getByRole("button", { name: `Edit order ${orderNumber}` })
    .first()
    .click();
  return admin.getByRole("dialog", { name: `Edit Order ${orderNumber}` });
}

/**
 * The admin sets an order's status (and tracking code, when given) and saves: the order is updated
 * and the dialog closes. (Cancelling a paid order asks first: open the dialog with openOrderEdit.)
 */
export async function setOrderStatus(
  admin: Page,
  orderNumber: string,
  status: "shipped" | "delivered",
  trackingCode?: string,
) {
  const edit = await openOrderEdit(admin, orderNumber);
  await edit.getByLabel("Order Status").selectOption(status);
  if (trackingCode !== undefined) await edit.getByLabel(/Tracking Code/).fill(trackingCode);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(admin.getByText(`Order ${orderNumber} updated successfully`)).toBeVisible();
  await expect(edit).toBeHidden();
}

/** The admin deletes a product listed on the page, confirming in the alert dialog. */
export async function deleteListedProduct(admin: Page, name: string) {
  await admin.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Delete Product" });
  await expect(confirm).toContainText("Are you sure you want to delete this product?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(admin, "Product deleted successfully")).toBeVisible();
}
