// Migration 0004 turns every product into one "One Size" size holding its stock, and points the
// items of past orders at it, so an upgrade loses no stock and no order.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, expect, it } from "vitest";
import { migrationsAround } from "../../tests/setup/migrations";

const db = new PGlite({ extensions: { pg_trgm } });
afterAll(() => db.close());

// every migration on a fresh database: about 11 s, several times that on a loaded machine
it("keeps every product's stock and every order item through the move to sizes", async () => {
  const migrations = await migrationsAround(db, "0004_");
  await migrations.runBefore();

  await db.exec(`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('u1', 'Old Customer', 'old@nocturn-shop.io', true, now(), now());
    insert into product (id, name, price_cents, stock)
      values ('00000000-0000-4000-8000-000000000001', 'Old Tee', 4500, 7),
             ('00000000-0000-4000-8000-000000000002', 'Sold Out Cap', 2500, 0);
    insert into "order" (id, user_id, checkout_key, payment_method, shipping_method, shipping_cents,
                         shipping_address, subtotal_cents, total_cents)
      values ('00000000-0000-4000-8000-0000000000a1', 'u1', 'old-checkout', 'test', 'Priority', 999,
              'Old Customer', 9000, 9999);
    insert into order_item (order_id, product_id, product_name, price_cents, quantity)
      values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'Old Tee', 4500, 2);
  `);
  await migrations.runFrom();

  const variants = await db.query<{ product_id: string; size: string; stock: number; position: number }>(
    "select product_id, size, stock, position from product_variant order by product_id",
  );
  expect(variants.rows).toEqual([
    { product_id: "00000000-0000-4000-8000-000000000001", size: "One Size", stock: 7, position: 0 },
    { product_id: "00000000-0000-4000-8000-000000000002", size: "One Size", stock: 0, position: 0 },
  ]);
  const items = await db.query<{ size: string; matches: boolean }>(
    `select i.size, i.variant_id = v.id as matches from order_item i
       join product_variant v on v.product_id = i.product_id`,
  );
  expect(items.rows).toEqual([{ size: "One Size", matches: true }]);

  // from now on the product's stock is the sum of its sizes on sale, kept by the database
  await db.exec(`
    insert into product_variant (product_id, size, position, stock)
      values ('00000000-0000-4000-8000-000000000001', 'XL', 1, 3);
    update product_variant set retired_at = now()
      where product_id = '00000000-0000-4000-8000-000000000001' and size = 'One Size';
  `);
  const stock = await db.query<{ stock: number }>(
    "select stock from product where id = '00000000-0000-4000-8000-000000000001'",
  );
  expect(stock.rows).toEqual([{ stock: 3 }]);
}, 90_000);
