// Migration 0013 makes one open checkout per customer: of the unpaid orders left at the shipping
// step, each customer keeps the newest; orders that had a payment page, or were paid, are marked as
// having reached the payment step.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, expect, it } from "vitest";
import { migrationsAround } from "../../tests/setup/migrations";

const db = new PGlite({ extensions: { pg_trgm } });
afterAll(() => db.close());

// every migration on a fresh database: about 11 s, several times that on a loaded machine
it("keeps each customer's newest open checkout and marks the orders that reached payment", async () => {
  const migrations = await migrationsAround(db, "0013_");
  await migrations.runBefore();

  const order = (id: string, fields: string) => `
    insert into "order" (id, user_id, checkout_key, payment_method, shipping_method, shipping_cents,
                         shipping_address, subtotal_cents, total_cents, ${fields.split("|")[0]})
      values ('00000000-0000-4000-8000-0000000000${id}', 'u1', 'key-${id}', 'test', 'Priority', 999,
              'Old Customer', 9000, 9999, ${fields.split("|")[1]});`;
  await db.exec(`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('u1', 'Old Customer', 'old@nocturn-shop.io', true, now(), now());
    ${order("a1", "created_at|now() - interval '3 days'")}
    ${order("a2", "created_at|now() - interval '2 days'")}
    ${order("a3", "created_at, is_reserved, payment_session_id, reserved_until|now() - interval '1 day', true, 'tcs_open', now() + interval '10 minutes'")}
    ${order("a4", "created_at, status, payment_status, paid_at, payment_session_id|now() - interval '5 days', 'processing', 'paid', now() - interval '5 days', 'tcs_paid'")}
    ${order("a5", "created_at, status, payment_status, payment_session_id|now() - interval '4 days', 'cancelled', 'cancelled', 'tcs_expired'")}
  `);
  await migrations.runFrom();

  const rows = await db.query<{ id: string; status: string; started: boolean }>(
    `select right(id::text, 2) as id, status, payment_started_at is not null as started
       from "order" order by id`,
  );
  expect(rows.rows).toEqual([
    // the older of two checkouts left at the shipping step is closed; the newer stays open
    { id: "a1", status: "cancelled", started: false },
    { id: "a2", status: "pending", started: false },
    // on its payment page: held, so not a second open checkout; it reached payment
    { id: "a3", status: "pending", started: true },
    { id: "a4", status: "processing", started: true },
    { id: "a5", status: "cancelled", started: true },
  ]);

  // from now on a second open checkout of one customer is refused
  await expect(
    db.exec(`
      insert into "order" (user_id, payment_method, shipping_method, shipping_cents, shipping_address,
                           subtotal_cents, total_cents)
        values ('u1', 'test', 'Priority', 999, 'Old Customer', 9000, 9999)
    `),
  ).rejects.toThrow(/order_open_checkout_idx/);
}, 90_000);
