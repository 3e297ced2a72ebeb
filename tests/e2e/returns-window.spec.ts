// A delivered order whose 30-day return window has closed offers no "Return items", and says why.
// Time cannot be moved in a running store, so this test runs a store of its own: a customer signs
// up, the store stops, the order is written into its database as delivered 40 days ago, and the
// store starts again on the same folder.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rm } from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { order, orderItem, product, productVariant, user } from "../../server/db/schema";
import { registerCustomer } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { expect, newWatchedContext, test } from "./support/fixtures";
import { shot } from "./support/screenshots";
import { visit } from "./support/store";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const ORIGIN = `http://localhost:${PORT}`;
const DATA_DIR = path.resolve(".tmp/e2e-return-window");

async function startStore(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR,
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      SHUTDOWN_DRAIN_MS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    const up = await fetch(`${ORIGIN}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the store did not become ready within 120 s");
}

async function stopStore(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

/** Writes a paid order of one demo product for the customer, delivered `daysAgo` days ago. */
async function insertDeliveredOrder(email: string, daysAgo: number) {
  const database = await openDatabase({ dataDir: path.join(DATA_DIR, "pglite") });
  try {
    const { db } = database;
    const [customer] = await db.select().from(user).where(eq(user.email, email));
    const [sold] = await db
      .select({ product, variant: productVariant })
      .from(productVariant)
      .innerJoin(product, eq(product.id, productVariant.productId))
      .where(eq(product.finalSale, false))
      .orderBy(asc(product.name), asc(productVariant.position))
      .limit(1);
    if (!customer || !sold) throw new Error("the customer or the demo catalog is missing");
    const deliveredAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
    const paidAt = new Date(deliveredAt.getTime() - 3 * 24 * 60 * 60 * 1000);
    const price = sold.product.priceCents;
    const [placed] = await db
      .insert(order)
      .values({
        userId: customer.id,
        status: "delivered",
        paymentStatus: "paid",
        paymentMethod: "test",
        shippingMethod: "Complementary Priority",
        shippingCents: 999,
        shippingAddress: "Nova Shopper\nTorstraße 1\nBerlin, BE 10115\nDE",
        subtotalCents: price,
        totalCents: price + 999,
        isReserved: true,
        paidAt,
        deliveredAt,
        createdAt: paidAt,
      })
      .returning();
    await db.insert(orderItem).values({
      orderId: placed!.id,
      productId: sold.product.id,
      variantId: sold.variant.id,
      productName: sold.product.name,
      size: sold.variant.size,
      priceCents: price,
      quantity: 1,
      netCents: price,
    });
    return { orderId: placed!.id, orderNumber: placed!.orderNumber, deliveredAt };
  } finally {
    await database.close();
  }
}

test.describe("the return window", () => {
  // two starts of a store of its own, the first seeding the demo catalog
  test.describe.configure({ timeout: 300_000 });

  test("a delivered order past its 30 days offers no return and says when the window ended", async ({
    browser,
  }) => {
    await rm(DATA_DIR, { recursive: true, force: true });
    let store = await startStore();
    try {
      const first = await newWatchedContext(browser, { baseURL: ORIGIN });
      const customer = await registerCustomer(await first.context.newPage(), "late-return");
      await first.close();
      await stopStore(store);

      const { orderId, orderNumber, deliveredAt } = await insertDeliveredOrder(customer.email, 40);
      store = await startStore();

      const second = await newWatchedContext(browser, { baseURL: ORIGIN });
      const page = await second.context.newPage();
      await visit(page, "/login");
      await page.getByLabel("Email").fill(customer.email);
      await page.getByLabel("Password", { exact: true }).fill(customer.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByText("Signed in successfully!")).toBeVisible();

      await visit(page, "/account/orders");
      const row = page.getByTestId("order-row").filter({ hasText: orderNumber });
      await row.getByRole("button", { name: /View/ }).click();
      const details = page.getByRole("dialog");
      const ended = new Date(deliveredAt.getTime() + 30 * 24 * 60 * 60 * 1000);
      const endedOn = new Intl.DateTimeFormat("en-US", {
        timeZone: "UTC",
        year: "numeric",
        month: "short",
        day: "numeric",
      }).format(ended);
      await expect(details).toContainText(`The 30-day return window for this order ended on ${endedOn}.`);
      await expect(details.getByRole("link", { name: "Return items" })).toHaveCount(0);
      await expectNoSeriousViolations(page);
      await shot(page, "customer-return-window-closed");

      // the form itself refuses too, with the same words
      await visit(page, `/account/orders/${orderId}/return`);
      await expect(page.getByText(`ended on ${endedOn}`)).toBeVisible();
      await second.close();
    } finally {
      await stopStore(store);
    }
  });
});
