// "Download my data" and "Delete my account" (GDPR articles 15, 17, 20) through the real routes on a
// real database: what the file holds and leaves out, when deletion is refused, and what is left after.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as settingsAction } from "../../app/routes/account/account-settings";
import { action as exportAction, loader as exportPageLoader } from "../../app/routes/account/data-export";
import { loader as ordersLoader } from "../../app/routes/admin/orders/admin-orders";
import { loader as exportCsvLoader } from "../../app/routes/admin/orders/orders-export";
import { action as loginAction } from "../../app/routes/auth/login";
import { accountPrivacyMessages } from "../../core/account-privacy";
import { DELETED_CUSTOMER_LABEL } from "../../core/order";
import { callRoute, dataOf, getRequest, locationOf, redirectOf } from "../../tests/setup/route-call";
import {
  insertTestCoupon,
  insertTestProduct,
  orderRow,
  registerTestCustomer,
  signUpTestAdmin,
  TEST_SHIPPING,
} from "../../tests/setup/test-commerce";
import { placePaidOrder, placeReservedOrder, prepareTestOrder } from "../../tests/setup/test-orders";
import { cookieFrom, formRequest, setupTestServices } from "../../tests/setup/test-services";
import { saveCustomerAddress } from "../checkout/save-customer-address";
import { getSalesDashboard } from "../dashboard/get-sales-dashboard";
import {
  account,
  couponUsage,
  customerAddress,
  order,
  receipt,
  refund,
  session,
  user,
  verification,
} from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import type { AdminOrderView } from "../orders/admin-order.view";
import { cancelPaidOrder } from "../orders/cancel-paid-order";
import type { CustomerDataExport } from "./export-customer-data";

const t = setupTestServices();

type Customer = Awaited<ReturnType<typeof registerTestCustomer>>;

/** A customer with a saved address and a paid order of one product. */
async function customerWithPaidOrder(fullName: string, options: { couponCode?: string } = {}) {
  const customer = await registerTestCustomer(t.services, { fullName });
  const product = await insertTestProduct(t.services.db, { stock: 20 });
  await saveCustomerAddress({
    db: t.services.db,
    userId: customer.id,
    address: { ...TEST_SHIPPING, fullName },
  });
  const placed = await placePaidOrder(
    t.services,
    customer,
    [{ variantId: product.variant.id, quantity: 2 }],
    {
      couponCode: options.couponCode,
      shipping: { fullName },
    },
  );
  return { customer, product, placed };
}

/** Marks an order delivered, as the admin would once the parcel arrived. */
async function markDelivered(orderId: string) {
  await t.services.db.update(order).set({ status: "delivered" }).where(eq(order.id, orderId));
}

async function downloadData(cookie: string) {
  const answer = await callRoute(exportAction, formRequest("/account/data-export", {}, cookie), {
    services: t.services,
  });
  if (!(answer instanceof Response)) throw new Error("expected a file");
  return answer;
}

async function deleteAccount(customer: { cookie: string }, password: string) {
  return callRoute(
    settingsAction,
    formRequest("/account/settings", { intent: "delete-account", password }, customer.cookie),
    {
      services: t.services,
    },
  );
}

/** A second browser signed in to the same account: its cookie. */
async function signInAgain(customer: { email: string; password: string }) {
  const answer = await callRoute(
    loginAction,
    formRequest("/login", { email: customer.email, password: customer.password, redirectTo: "/" }),
    { services: t.services },
  );
  return cookieFrom(redirectOf(answer).headers);
}

const sessionOf = (cookie: string) => t.services.auth.api.getSession({ headers: new Headers({ cookie }) });

describe("Download my data", () => {
  it("is the signed-in customer's own data, as a dated JSON attachment, without secrets or anyone else's", async () => {
    const coupon = await insertTestCoupon(t.services.db, { usageLimit: 10 });
    const alice = await customerWithPaidOrder("Alice Export", { couponCode: coupon.code });
    const bruno = await customerWithPaidOrder("Bruno Other");
    const admin = await signUpTestAdmin(t.services);
    await cancelPaidOrder({ services: t.services, orderId: alice.placed.orderId, by: { adminId: admin.id } });
    // a second order of Alice's, paid and not refunded
    const second = await placePaidOrder(t.services, alice.customer, [
      { variantId: alice.product.variant.id, quantity: 1 },
    ]);

    const response = await downloadData(alice.customer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="nocturn-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    const file = JSON.parse(text) as CustomerDataExport;

    expect(file.format).toBe("nocturn-customer-data");
    expect(file.profile).toMatchObject({
      id: alice.customer.id,
      name: "Alice Export",
      email: alice.customer.email,
    });
    expect(file.signInMethods.map((method) => method.provider)).toEqual(["credential"]);
    expect(file.sessions.length).toBeGreaterThanOrEqual(1);
    expect(file.savedAddress).toMatchObject({ fullName: "Alice Export", city: "Berlin", country: "DE" });
    expect(file.returns).toEqual([]);

    expect(file.orders.map((entry) => entry.orderNumber).sort()).toEqual(
      [alice.placed.orderNumber, second.orderNumber].sort(),
    );
    const refunded = file.orders.find((entry) => entry.orderNumber === alice.placed.orderNumber)!;
    const stored = await orderRow(t.services.db, alice.placed.orderId);
    expect(refunded).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      couponCode: coupon.code,
      totalCents: stored.totalCents,
      vat: { country: "DE", rateBasisPoints: 1900, vatCents: stored.taxCents },
    });
    expect(refunded.lines).toEqual([
      expect.objectContaining({ productName: alice.product.name, quantity: 2, vatRateBasisPoints: 1900 }),
    ]);
    expect(refunded.receipt).toMatchObject({ billingEmail: alice.customer.email, cardLast4: "4242" });
    expect(refunded.refunds).toEqual([expect.objectContaining({ amountCents: stored.totalCents })]);
    expect(refunded.history.map((entry) => entry.event)).toEqual([
      "placed",
      "paid",
      "refunded",
      "last_updated",
    ]);
    expect(file.emails.map((email) => email.kind)).toEqual(
      expect.arrayContaining(["welcome", "order_confirmation", "order_refunded"]),
    );

    // nothing of Bruno's
    expect(text).not.toContain(bruno.customer.email);
    expect(text).not.toContain(bruno.customer.id);
    expect(text).not.toContain(bruno.placed.orderNumber);
    // no secrets: the password hash, session tokens, the provider's session ids and raw data
    const [credential] = await t.services.db
      .select()
      .from(account)
      .where(eq(account.userId, alice.customer.id));
    expect(credential?.password).toBeTruthy();
    expect(text).not.toContain(credential!.password!);
    const tokens = await t.services.db.select().from(session).where(eq(session.userId, alice.customer.id));
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    for (const { token, id } of tokens) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(id);
    }
    expect(text).not.toContain(alice.placed.sessionId);
    expect(text).not.toContain(second.sessionId);
    const [given] = await t.services.db.select().from(refund).where(eq(refund.orderId, alice.placed.orderId));
    expect(text).not.toContain(given!.providerRefundId);
    expect(text).not.toContain(given!.idempotencyKey);
    expect(text).not.toMatch(/"password"|providerData|token/i);
  });

  it("asks a visitor to sign in, and sends a visit by address to the Settings tab", async () => {
    const visitor = await callRoute(exportAction, formRequest("/account/data-export", {}), {
      services: t.services,
    });
    expect(locationOf(visitor)).toBe("/login?redirectTo=%2Faccount%2Fdata-export");
    const customer = await registerTestCustomer(t.services);
    const visit = await callRoute(exportPageLoader, getRequest("/account/data-export", customer.cookie), {
      services: t.services,
    });
    expect(locationOf(visit)).toBe("/account/settings");
  });
});

describe("Delete my account", () => {
  it("is refused with a wrong or missing password, and the account stays", async () => {
    const customer = await registerTestCustomer(t.services);
    expect(dataOf(await deleteAccount(customer, "not-my-password"))).toEqual({
      status: 400,
      data: {
        intent: "delete-account",
        ok: false,
        error: "Current password is incorrect",
        code: "invalid_password",
      },
    });
    expect(dataOf(await deleteAccount(customer, ""))).toMatchObject({
      status: 400,
      data: { error: "Current password is required" },
    });
    expect((await sessionOf(customer.cookie))?.user.id).toBe(customer.id);
  });

  it("is refused while an order awaits payment or is not yet delivered, naming each", async () => {
    const { customer, product, placed: paid } = await customerWithPaidOrder("Pat Pending");
    const reserved = await placeReservedOrder(t.services, customer, [
      { variantId: product.variant.id, quantity: 1 },
    ]);

    const refused = dataOf(await deleteAccount(customer, customer.password));
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(
      accountPrivacyMessages.deletionBlocked([
        { kind: "not_delivered", orderNumber: paid.orderNumber },
        { kind: "awaiting_payment", orderNumber: reserved.orderNumber },
      ]),
    );
    expect(refused.data.error).toBe(
      `Your account cannot be deleted while an order is in progress: order ${paid.orderNumber} has not been delivered yet; order ${reserved.orderNumber} is awaiting payment (complete or cancel it in My Orders). Please try again once it is finished.`,
    );
    expect((await sessionOf(customer.cookie))?.user.id).toBe(customer.id);
    expect((await orderRow(t.services.db, paid.orderId)).userId).toBe(customer.id);

    await markDelivered(paid.orderId);
    expect(dataOf(await deleteAccount(customer, customer.password)).data.error).toBe(
      accountPrivacyMessages.deletionBlocked([
        { kind: "awaiting_payment", orderNumber: reserved.orderNumber },
      ]),
    );
  });

  it("signs out everywhere, erases the account and keeps its orders detached, shown as Deleted customer", async () => {
    const coupon = await insertTestCoupon(t.services.db, { usageLimit: 10 });
    const { customer, product, placed } = await customerWithPaidOrder("Dana Departing", {
      couponCode: coupon.code,
    });
    const other = await customerWithPaidOrder("Olga Staying");
    await markDelivered(placed.orderId);
    // a checkout that never reached Pay
    const draft = await prepareTestOrder(
      t.services,
      customer,
      [{ variantId: product.variant.id, quantity: 1 }],
      {
        taxMode: "inclusive",
      },
    );
    const secondBrowser = await signInAgain(customer);
    expect((await sessionOf(secondBrowser))?.user.id).toBe(customer.id);
    // a password reset link asked for earlier
    await t.services.db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: "reset-password:some-token",
      value: customer.id,
      expiresAt: new Date(Date.now() + 60_000),
    });

    const answer = redirectOf(await deleteAccount(customer, customer.password));
    expect(answer.headers.get("Location")).toBe("/");
    // this browser's session cookie is cleared
    expect(answer.headers.getSetCookie().some((cookie) => /session_token=;/.test(cookie))).toBe(true);

    // every session is gone: both browsers are signed out
    expect(await sessionOf(customer.cookie)).toBeNull();
    expect(await sessionOf(secondBrowser)).toBeNull();
    const { db } = t.services;
    expect(await db.select().from(user).where(eq(user.id, customer.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, customer.id))).toEqual([]);
    expect(await db.select().from(account).where(eq(account.userId, customer.id))).toEqual([]);
    expect(await db.select().from(customerAddress).where(eq(customerAddress.userId, customer.id))).toEqual(
      [],
    );
    expect(await db.select().from(verification).where(eq(verification.value, customer.id))).toEqual([]);

    // the tax records stay, detached
    const kept = await orderRow(db, placed.orderId);
    expect(kept).toMatchObject({ userId: null, status: "delivered", paymentStatus: "paid" });
    expect(await db.select().from(receipt).where(eq(receipt.orderId, placed.orderId))).toHaveLength(1);
    const [use] = await db.select().from(couponUsage).where(eq(couponUsage.orderId, placed.orderId));
    expect(use).toMatchObject({ userId: null, couponId: coupon.id });
    expect(await orderRow(db, draft.orderId)).toMatchObject({
      userId: null,
      status: "cancelled",
      paymentStatus: "cancelled",
    });
    // the other customer's order is untouched
    expect((await orderRow(db, other.placed.orderId)).userId).toBe(other.customer.id);

    // the admin sees "Deleted customer": the list and details get no user, the CSV and dashboard say it
    const admin = await signUpTestAdmin(t.services);
    const page = dataOf<{ orders: AdminOrderView[] }>(
      await callRoute(ordersLoader, getRequest(`/admin/orders?q=${placed.orderNumber}`, admin.cookie), {
        services: t.services,
      }),
    ).data;
    expect(page.orders).toEqual([
      expect.objectContaining({ orderNumber: placed.orderNumber, userId: null, customerEmail: null }),
    ]);
    const found = dataOf<{ orders: AdminOrderView[] }>(
      await callRoute(ordersLoader, getRequest("/admin/orders?q=deleted", admin.cookie), {
        services: t.services,
      }),
    ).data;
    expect(found.orders.map((row) => row.orderNumber)).toContain(placed.orderNumber);
    expect(found.orders.every((row) => row.userId === null)).toBe(true);
    const csv = await callRoute(
      exportCsvLoader,
      getRequest(`/admin/orders/export.csv?q=${placed.orderNumber}`, admin.cookie),
      { services: t.services },
    );
    if (!(csv instanceof Response)) throw new Error("expected a CSV file");
    const [, row] = (await csv.text()).split("\r\n");
    expect(row).toContain(`${placed.orderNumber},`);
    expect(row).toContain(`,paid,${DELETED_CUSTOMER_LABEL},,,`);
    expect(row).not.toContain(customer.email);
    const dashboard = await getSalesDashboard({ db, timeZone: "UTC", currency: "USD" });
    expect(dashboard.latestOrders.find((entry) => entry.orderNumber === placed.orderNumber)).toMatchObject({
      customerEmail: null,
    });

    // one e-mail confirms it; the copies of the e-mails delivered before are gone from the queue
    await t.services.mailQueue.settled();
    const mails = (await listOutbox(t.outboxFolder)).filter((mail) => mail.to.includes(customer.email));
    expect(mails.map((mail) => mail.subject)).toContain("Your Nocturn account has been deleted");
    const confirmation = mails.find((mail) => mail.subject === "Your Nocturn account has been deleted")!;
    expect(confirmation.text).toContain("Tax law requires us to keep the records of your 2 orders");
    expect(confirmation.text).not.toContain("Dana");

    // the account cannot be signed in to again
    const signIn = await callRoute(
      loginAction,
      formRequest("/login", { email: customer.email, password: customer.password, redirectTo: "/" }),
      { services: t.services },
    );
    expect(dataOf(signIn).data.error).toBe("Invalid email or password");
  });

  it("lets an administrator delete their account unless they are the last one", async () => {
    const { db } = t.services;
    // this file's other admins first go, so that one admin is left
    const first = await signUpTestAdmin(t.services);
    const others = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
    for (const { id } of others) if (id !== first.id) await db.delete(user).where(eq(user.id, id));

    expect(dataOf(await deleteAccount(first, first.password))).toMatchObject({
      status: 409,
      data: { error: accountPrivacyMessages.lastAdmin, code: "last_admin" },
    });
    expect((await sessionOf(first.cookie))?.user.id).toBe(first.id);

    const second = await signUpTestAdmin(t.services);
    expect(locationOf(await deleteAccount(first, first.password))).toBe("/");
    expect(await db.select().from(user).where(eq(user.id, first.id))).toEqual([]);
    // and now the second is the last
    expect(dataOf(await deleteAccount(second, second.password)).data.error).toBe(
      accountPrivacyMessages.lastAdmin,
    );
  });

  it("leaves a customer with no orders nothing to keep", async () => {
    const customer: Customer = await registerTestCustomer(t.services, { fullName: "Nell Noorders" });
    expect(locationOf(await deleteAccount(customer, customer.password))).toBe("/");
    await t.services.mailQueue.settled();
    const [mail] = (await listOutbox(t.outboxFolder)).filter(
      (entry) => entry.to.includes(customer.email) && entry.subject.includes("deleted"),
    );
    expect(mail?.text).toContain("You had no orders with us, so nothing else is kept.");
  });
});
