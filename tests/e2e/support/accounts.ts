import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { visit } from "./store";

/**
 * The data folder of the store the running test's project uses (playwright.config.ts: the default
 * store's, or the euro store's): the admin's credentials and the outbox are there.
 */
export function e2eDataDir(): string {
  const { dataDir } = test.info().project.metadata as { dataDir?: string };
  return path.resolve(dataDir ?? ".tmp/e2e-data");
}

/** An address no other test uses: `prefix-<time>-<random>@nightmail.io`. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@nightmail.io`;
}

/** Creates an account through /register; the browser is then signed in as it. */
export async function registerCustomer(page: Page, prefix = "shopper") {
  const user = { name: "Nova Shopper", email: uniqueEmail(prefix), password: "velvet-night-42" };
  await registerAs(page, user);
  return user;
}

/** Creates this account through /register, as a person fills the form; the browser is then signed in. */
export async function registerAs(page: Page, user: { name: string; email: string; password: string }) {
  await visit(page, "/register");
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created successfully! You are now logged in.")).toBeVisible();
}

/** Signs in as the demo administrator the store created on first start. */
export async function signInAsAdmin(page: Page) {
  const credentials = await readFile(path.join(e2eDataDir(), "admin-credentials.txt"), "utf8");
  const email = credentials.match(/email: (\S+)/)?.[1] ?? "";
  const password = credentials.match(/password: (\S+)/)?.[1] ?? "";
  await visit(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Signed in successfully!")).toBeVisible();
  return { email };
}
