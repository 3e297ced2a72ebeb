import { randomUUID } from "node:crypto";
import type { Database } from "../../server/db/client";
import { coupon, product, user } from "../../server/db/schema";
import type { Services } from "../../server/http/context";
import { cookieFrom } from "./test-services";

let count = 0;
const nextEmail = (label: string) => `${label}.${++count}.${randomUUID().slice(0, 6)}@nocturn-shop.io`;

/** A real account through better-auth, signed in: its id, e-mail and session cookie. */
export async function signUpTestUser(services: Services, label = "shopper") {
  const email = nextEmail(label);
  const { headers, response } = await services.auth.api.signUpEmail({
    body: { name: "Test Shopper", email, password: "velvet-night-42" },
    returnHeaders: true,
  });
  return { id: response.user.id, email, cookie: cookieFrom(headers) };
}

/** Many customers at once, straight into the table (for tests that need ids, not sessions). */
export async function insertTestUsers(db: Database, howMany: number) {
  const rows = Array.from({ length: howMany }, () => ({
    id: randomUUID(),
    name: "Load Shopper",
    email: nextEmail("load"),
  }));
  await db.insert(user).values(rows);
  return rows;
}

export async function insertTestProduct(db: Database, values: Partial<typeof product.$inferInsert> = {}) {
  const [row] = await db
    .insert(product)
    .values({ name: `Test Tee ${++count}`, priceCents: 4500, stock: 10, category: "T-Shirts", ...values })
    .returning();
  return row!;
}

export async function insertTestCoupon(db: Database, values: Partial<typeof coupon.$inferInsert> = {}) {
  const [row] = await db
    .insert(coupon)
    .values({
      code: `TEST${++count}`,
      name: "Test coupon",
      discountType: "percentage",
      percentBasisPoints: 1000,
      ...values,
    })
    .returning();
  return row!;
}

/** A complete, valid shipping address. */
export const TEST_SHIPPING = {
  fullName: "Nova Shopper",
  addressLine1: "Torstraße 101",
  addressLine2: "",
  city: "Berlin",
  state: "Berlin",
  zipCode: "10119",
  country: "DE",
  note: "",
};
