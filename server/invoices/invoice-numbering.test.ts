// Invoice numbers under concurrency (docs/INVOICES.md#numbering): fifty orders paid at once, over two
// connection pools to the same database as two processes would, get fifty consecutive numbers. The
// race is real only on PostgreSQL (PGlite runs one transaction at a time), so it runs only there.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertTestProduct, insertTestUsers } from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import { payWithTestCard, placeReservedOrder } from "../../tests/setup/test-orders";
import { createTestServices, setupTestServices } from "../../tests/setup/test-services";
import { syncPaymentSession } from "../checkout/sync-payment";
import { openDatabase } from "../db/client";
import { invoice, order } from "../db/schema";

const t = setupTestServices();

describe.runIf(onPostgres)("invoice numbers on PostgreSQL", () => {
  it("50 orders paid at once over two pools get 50 consecutive numbers, none twice, none skipped", async () => {
    const { rows } = (await t.services.db.execute("select current_database() as name")) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${rows[0]?.name}`;
    // two processes' services: a pool each, on the same database. The fifty payments queue for the
    // pools' connections and then for the counter row; on a busy test machine that wait can pass the
    // default 5 s and 10 s limits, and the wait is not what this test measures, so they are raised
    const pool = { connectTimeoutMs: 60_000, statementTimeoutMs: 60_000 };
    const first = await createTestServices({}, { database: await openDatabase({ url: url.href, pool }) });
    const other = await createTestServices({}, { database: await openDatabase({ url: url.href, pool }) });
    try {
      const product = await insertTestProduct(t.services.db, { stock: 100 });
      const variantId = product.variants[0]!.id;
      const shoppers = await insertTestUsers(t.services.db, 50);
      const placed = [];
      for (const shopper of shoppers) {
        const reserved = await placeReservedOrder(t.services, shopper, [{ variantId, quantity: 1 }]);
        await payWithTestCard(t.services, reserved.sessionId);
        placed.push(reserved);
      }

      // the confirmations (each drawing its invoice PDF) are not what is measured here: left queued
      await Promise.all([first.services.mailQueue.stop(), other.services.mailQueue.stop()]);
      const outcomes = await Promise.all(
        placed.map((entry, index) =>
          syncPaymentSession({
            services: index % 2 === 0 ? first.services : other.services,
            sessionId: entry.sessionId,
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.outcome)).toEqual(placed.map(() => "paid"));

      const ids = placed.map((entry) => entry.orderId);
      const issued = await t.services.db.select().from(invoice).where(inArray(invoice.orderId, ids));
      expect(new Set(issued.map((row) => row.orderId)).size).toBe(50);
      const year = issued[0]!.number.slice(4, 8);
      const numbers = issued.map((row) => row.number).sort();
      expect(numbers).toEqual(
        Array.from({ length: 50 }, (_, index) => `INV-${year}-${String(index + 1).padStart(6, "0")}`),
      );
      const paid = await t.services.db.select().from(order).where(eq(order.paymentStatus, "paid"));
      expect(paid).toHaveLength(50);
    } finally {
      await Promise.all([first.close(), other.close()]);
    }
  });
});
