import { desc, eq, gte } from "drizzle-orm";
import { registerAccount } from "../../server/auth/register-account";
import { prepareOrder } from "../../server/checkout/prepare-order";
import { startPayment } from "../../server/checkout/start-payment";
import { syncPaymentSession } from "../../server/checkout/sync-payment";
import { parseConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { product, productVariant } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { submitTestPayment } from "../../server/payments/test-provider";
import { createServices } from "../../server/services";
import { taxMode } from "../../server/tax/tax-rates";

const PASSWORD = "velvet-midnight-bench-77";

/**
 * A customer made by the store's own use cases, as the register page and the checkout make one:
 * an account (registerAccount signs it in), then `orders` paid orders of two lines each through the
 * checkout's steps with the built-in test payment provider. Returns the session cookie a browser
 * would send. `env` is the store server's environment: DATA_DIR holds the secret that signs the
 * cookie, so the server started on the same DATA_DIR accepts it.
 */
export async function seedCustomer(options: {
  db: Database;
  env: NodeJS.ProcessEnv;
  orders: number;
}): Promise<{ cookie: string; email: string; orders: number }> {
  const { db } = options;
  // the bench's orders are paid at the test provider, whatever the shell has configured
  const config = parseConfig({ ...options.env, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
  const log = createLogger({ level: "warn" });
  const { services } = await createServices({ config, db, log });
  const email = "bench.customer@nocturn-shop.io";
  const headers = await registerAccount({
    ...services,
    clientIp: "127.0.0.1",
    headers: new Headers(),
    fullName: "Bench Customer",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const cookie = headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
  const session = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!session) throw new Error("the bench customer's session cookie was not accepted");

  const variants = await db
    .select({ id: productVariant.id })
    .from(productVariant)
    .innerJoin(product, eq(product.id, productVariant.productId))
    .where(gte(productVariant.stock, 5))
    .orderBy(desc(product.createdAt), productVariant.id)
    .limit(options.orders * 2);
  for (let index = 0; index < options.orders; index++) {
    const lines = variants.slice(index * 2, index * 2 + 2).map(({ id }) => ({ variantId: id, quantity: 1 }));
    if (lines.length === 0) break;
    const summary = await prepareOrder({
      services,
      userId: session.user.id,
      lines,
      shipping: {
        fullName: "Bench Customer",
        addressLine1: "Torstraße 101",
        addressLine2: "",
        city: "Berlin",
        state: "Berlin",
        zipCode: "10119",
        country: "DE",
        note: "",
      },
      couponCode: "",
      taxMode: taxMode(config),
    });
    await startPayment({ services, userId: session.user.id, customerEmail: email, orderId: summary.orderId });
    const { paymentSessionId } = (await db.query.order.findFirst({
      where: (row) => eq(row.id, summary.orderId),
      columns: { paymentSessionId: true },
    })) ?? { paymentSessionId: null };
    if (!paymentSessionId) throw new Error("the bench order has no payment session");
    await submitTestPayment({
      db,
      sessionId: paymentSessionId,
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/34",
      cvc: "123",
    });
    const { outcome } = await syncPaymentSession({ services, sessionId: paymentSessionId });
    if (outcome !== "paid") throw new Error(`the bench order was not paid: ${outcome}`);
  }
  // the welcome e-mail (to DATA_DIR/outbox) is sent in the background: done before the database closes
  await services.auth.background.settled();
  return { cookie, email, orders: Math.min(options.orders, Math.floor(variants.length / 2)) };
}
