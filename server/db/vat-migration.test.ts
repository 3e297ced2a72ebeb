// Migration 0005 adds VAT to orders. Orders placed before it were charged no VAT: they keep their
// totals, their lines get a net equal to what they cost, and they stay marked "before VAT".
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, expect, it } from "vitest";
import { migrationsAround } from "../../tests/setup/migrations";

const db = new PGlite({ extensions: { pg_trgm } });
afterAll(() => db.close());

// every migration on a fresh database: about 11 s, several times that on a loaded machine
it("keeps the orders placed before VAT as they were charged, marked as before VAT", async () => {
  const migrations = await migrationsAround(db, "0005_");
  await migrations.runBefore();

  await db.exec(`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('u1', 'Old Customer', 'old@nocturn-shop.io', true, now(), now());
    insert into "order" (id, user_id, checkout_key, payment_method, shipping_method, shipping_cents,
                         shipping_address, subtotal_cents, discount_cents, total_cents)
      values ('00000000-0000-4000-8000-0000000000a1', 'u1', 'old-checkout', 'test', 'Priority', 999,
              'Old Customer', 9000, 900, 9099);
    insert into order_item (order_id, product_name, size, price_cents, quantity)
      values ('00000000-0000-4000-8000-0000000000a1', 'Old Tee', 'M', 4500, 2);
  `);
  await migrations.runFrom();

  const orders = await db.query(
    `select total_cents, tax_cents, tax_country, tax_rate_basis_points, prices_include_tax, tax_summary
       from "order"`,
  );
  expect(orders.rows).toEqual([
    {
      total_cents: 9099,
      tax_cents: 0,
      tax_country: null,
      tax_rate_basis_points: null,
      prices_include_tax: true,
      tax_summary: [],
    },
  ]);
  const items = await db.query("select net_cents, discount_cents, tax_cents from order_item");
  expect(items.rows).toEqual([{ net_cents: 9000, discount_cents: 0, tax_cents: 0 }]);

  // from now on the database refuses an order whose total does not add up with its VAT
  await expect(
    db.exec(`
      insert into "order" (user_id, payment_method, shipping_method, shipping_cents,
                           shipping_address, subtotal_cents, total_cents, prices_include_tax, tax_cents)
        values ('u1', 'test', 'Priority', 999, 'Old Customer', 9000, 9999, false, 1900)
    `),
  ).rejects.toThrow(/order_money_consistent/);
}, 90_000);
