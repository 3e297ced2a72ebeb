import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import { action as loginAction } from "../../app/routes/auth/login";
import { action as registerAction } from "../../app/routes/auth/register";
import { ONE_SIZE } from "../../core/product";
import { createOrPromoteAdmin } from "../../server/auth/create-admin";
import { insertSizes, type NewSize } from "../../server/catalog/insert-sizes";
import type { Database } from "../../server/db/client";
import { coupon, order, product, productVariant, user } from "../../server/db/schema";
import type { Services } from "../../server/services";
import { callRoute, redirectOf } from "./route-call";
import { BERLIN_ADDRESS } from "./test-address";
import { cookieFrom, formRequest } from "./test-services";

let count = 0;
/** An address no account in this test file has: `label.<n>.<random>@nocturn-shop.io`. */
export const freshEmail = (label: string) =>
  `${label}.${++count}.${randomUUID().slice(0, 6)}@nocturn-shop.io`;

async function sessionUserId(services: Services, cookie: string, role: "user" | "admin") {
  const session = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (session?.user.role !== role)
    throw new Error(`expected a signed-in ${role}, got ${JSON.stringify(session)}`);
  return session.user.id;
}

/** A real account through better-auth, signed in: its id, e-mail and session cookie. */
export async function signUpTestUser(services: Services, label = "shopper") {
  const email = freshEmail(label);
  const { headers, response } = await services.auth.api.signUpEmail({
    body: { name: "Test Shopper", email, password: "velvet-night-42" },
    returnHeaders: true,
  });
  return { id: response.user.id, email, cookie: cookieFrom(headers) };
}

/**
 * A customer signed up through the register page's action, as a browser does (so with the welcome
 * mail and toast): id, e-mail, password, name and the cookies the sign-up set.
 */
export async function registerTestCustomer(
  services: Services,
  account: { fullName?: string; email?: string; password?: string } = {},
) {
  const {
    fullName = "Nova Customer",
    email = freshEmail("customer"),
    password = "velvet-midnight-77",
  } = account;
  const response = redirectOf(
    await callRoute(
      registerAction,
      formRequest("/register", { fullName, email, password, confirmPassword: password }),
      { services },
    ),
  );
  const cookie = cookieFrom(response.headers);
  return { id: await sessionUserId(services, cookie, "user"), email, password, fullName, cookie };
}

/**
 * An administrator made with createOrPromoteAdmin and signed in through the sign-in page's action:
 * id, e-mail, password and the cookies the sign-in set.
 */
export async function signUpTestAdmin(
  services: Services,
  account: { name?: string; email?: string; password?: string } = {},
) {
  const { name, email = freshEmail("boss"), password = "correct-horse-battery" } = account;
  await createOrPromoteAdmin({ auth: services.auth, db: services.db, email, password, name });
  const response = redirectOf(
    await callRoute(loginAction, formRequest("/login", { email, password, redirectTo: "/" }), { services }),
  );
  const cookie = cookieFrom(response.headers);
  return { id: await sessionUserId(services, cookie, "admin"), email, password, cookie };
}

/**
 * An administrator and a customer, signed in before the file's tests run; like setupTestServices,
 * the objects are filled in then, so destructure them at the top of the file.
 */
export function setupAdminAndCustomer(
  t: { services: Services },
  customerAccount: Parameters<typeof registerTestCustomer>[1] = {},
) {
  const admin = {} as Awaited<ReturnType<typeof signUpTestAdmin>>;
  const customer = {} as Awaited<ReturnType<typeof registerTestCustomer>>;
  beforeAll(async () => {
    Object.assign(admin, await signUpTestAdmin(t.services));
    Object.assign(customer, await registerTestCustomer(t.services, customerAccount));
  });
  return { admin, customer };
}

/** Many customers at once, straight into the table (for tests that need ids, not sessions). */
export async function insertTestUsers(db: Database, howMany: number) {
  const rows = Array.from({ length: howMany }, () => ({
    id: randomUUID(),
    name: "Load Shopper",
    email: freshEmail("load"),
  }));
  await db.insert(user).values(rows);
  return rows;
}

/** Size rows for insertTestProduct, in the order given: `sizeRun({ S: 4, M: 5 })`. */
export const sizeRun = (stocks: Record<string, number>): NewSize[] =>
  Object.entries(stocks).map(([size, stock]) => ({ size, stock }));

/**
 * A product with its sizes (default: one "One Size" holding `stock`, 10 unless given). The row
 * returned carries its sizes (variants, in order) and the stock they add up to.
 */
export async function insertTestProduct(
  db: Database,
  values: Partial<Omit<typeof product.$inferInsert, "stock">> & { stock?: number; sizes?: NewSize[] } = {},
) {
  const { stock = 10, sizes = [{ size: ONE_SIZE, stock }], ...columns } = values;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(product)
      .values({ name: `Test Tee ${++count}`, priceCents: 4500, category: "T-Shirts", ...columns })
      .returning();
    if (!row) throw new Error("the test product was not inserted");
    await insertSizes(tx, [{ productId: row.id, sizes }]);
    const variants = await tx
      .select()
      .from(productVariant)
      .where(eq(productVariant.productId, row.id))
      .orderBy(asc(productVariant.position));
    const [current] = await tx.select().from(product).where(eq(product.id, row.id));
    return { ...current!, variants, variant: variants[0]! };
  });
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

/** How many of the product are in stock now (all its sizes). */
export async function productStock(db: Database, productId: string) {
  const [row] = await db.select({ stock: product.stock }).from(product).where(eq(product.id, productId));
  return row?.stock;
}

/** How many of one size are in stock now. */
export async function sizeStock(db: Database, variantId: string) {
  const [row] = await db
    .select({ stock: productVariant.stock })
    .from(productVariant)
    .where(eq(productVariant.id, variantId));
  return row?.stock;
}

/**
 * An order straight into the table, for tests that read orders rather than make them. By default a
 * paid, processing order on the test checkout with $9.99 shipping, its total the subtotal plus
 * shipping less any discount; `values` replaces any of it.
 */
export async function insertTestOrder(
  db: Database,
  values: Partial<typeof order.$inferInsert> & Pick<typeof order.$inferInsert, "userId" | "subtotalCents">,
) {
  const shippingCents = values.shippingCents ?? 999;
  const [row] = await db
    .insert(order)
    .values({
      status: "processing",
      paymentStatus: "paid",
      paymentMethod: "test",
      shippingMethod: "Complementary Priority",
      shippingCents,
      shippingAddress: "Nova Shopper\nTorstraße 101\nBerlin, BE 10119\nDE",
      totalCents: values.subtotalCents + shippingCents - (values.discountCents ?? 0),
      ...values,
    })
    .returning();
  if (!row) throw new Error("the test order was not inserted");
  return row;
}

/** The order as stored now. */
export async function orderRow(db: Database, orderId: string) {
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

/** A complete, valid shipping address (with a state line, which the checkout drops for Germany). */
export const TEST_SHIPPING = { ...BERLIN_ADDRESS, state: "Berlin", note: "" };
