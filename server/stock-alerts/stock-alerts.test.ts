// "Notify me when it's back" through the real routes and use cases on a real database
// (docs/BACK-IN-STOCK.md): asking signed in and signed out, the double opt-in, no disclosure, the
// limits, one e-mail per request on every kind of restock (and only once), erasure, export, dashboard.
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as settingsAction } from "../../app/routes/account/account-settings";
import { action as exportAction } from "../../app/routes/account/data-export";
import { action as requestAction } from "../../app/routes/shop/back-in-stock";
import { loader as confirmLoader } from "../../app/routes/shop/back-in-stock-confirm";
import { authMessages } from "../../core/auth";
import { NO_PRODUCT_SAFETY } from "../../core/product-safety";
import { backInStockMessages } from "../../core/validation/back-in-stock";
import { callRoute, dataOf, freshIp, getRequest } from "../../tests/setup/route-call";
import {
  freshEmail,
  insertTestProduct,
  registerTestCustomer,
  signUpTestAdmin,
  sizeRun,
} from "../../tests/setup/test-commerce";
import {
  markDelivered,
  placePaidOrder,
  placeReservedOrder,
  releaseReservation,
  requestTestReturn,
} from "../../tests/setup/test-orders";
import { formRequest, setupTestServices, TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { saveProduct } from "../catalog/save-product";
import { returnStock } from "../checkout/reserve-stock";
import { listMostWantedSizes } from "../dashboard/list-most-wanted-sizes";
import { outgoingEmail, productColor, productVariant, stockAlert } from "../db/schema";
import type { CustomerDataExport } from "../privacy/export-customer-data";
import { getAdminReturn } from "../returns/admin-returns";
import { approveReturn } from "../returns/approve-return";
import { markReturnReceived } from "../returns/mark-return-received";
import { sweepStockAlerts } from "./sweep-stock-alerts";

const t = setupTestServices();

type TestProduct = Awaited<ReturnType<typeof insertTestProduct>>;
type Answer = { intent: string; ok: boolean; message?: string; error?: string; code?: string };

/** A hoodie sold in S, M and L, with M sold out. */
const hoodie = () =>
  insertTestProduct(t.services.db, { name: "Hoodie", sizes: sizeRun({ S: 3, M: 0, L: 2 }) });
const sizeOf = (product: TestProduct, label: string) => product.variants.find((size) => size.size === label)!;

/** Presses "Notify me" on the product page: signed out with `email`, or signed in with `cookie`. */
async function ask(variantId: string, who: { email?: string; cookie?: string; clientIp?: string }) {
  const request = formRequest(
    "/back-in-stock",
    { intent: "notify", variantId, email: who.email ?? "" },
    who.cookie,
  );
  return dataOf<Answer>(
    await callRoute(requestAction, request, { services: t.services, clientIp: who.clientIp ?? freshIp() }),
  );
}

/** The e-mails queued for `to` of `kind`, oldest first. */
function queued(to: string, kind: "back_in_stock" | "back_in_stock_confirm") {
  return t.services.db
    .select()
    .from(outgoingEmail)
    .where(and(eq(outgoingEmail.recipient, to), eq(outgoingEmail.kind, kind)))
    .orderBy(asc(outgoingEmail.createdAt), asc(outgoingEmail.id));
}

/** The confirmation link's token from the newest confirmation e-mail to `to`. */
async function confirmToken(to: string): Promise<string> {
  const mails = await queued(to, "back_in_stock_confirm");
  const token = mails.at(-1)?.text.match(/\/back-in-stock\/confirm\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${to}`);
  return token;
}

async function confirm(token: string) {
  return dataOf<{
    confirmed: { outcome: string; itemName: string; productPath: string } | null;
    error: string | null;
  }>(
    await callRoute(confirmLoader, getRequest(`/back-in-stock/confirm/${token}`), {
      services: t.services,
      params: { token },
    }),
  );
}

/** A signed-out address that asked and confirmed. */
async function confirmedWaiter(variantId: string, email = freshEmail("waiter")) {
  expect((await ask(variantId, { email })).data.ok).toBe(true);
  expect((await confirm(await confirmToken(email))).data.confirmed?.outcome).toBe("waiting");
  return email;
}

/** The admin saves the product with these sizes' stock (the others as they are), as the product form does. */
async function adminSetsStock(product: TestProduct, stock: Record<string, number>) {
  const sizes = await t.services.db
    .select()
    .from(productVariant)
    .where(eq(productVariant.productId, product.id))
    .orderBy(asc(productVariant.position));
  return saveProduct({
    ...t.services,
    productId: product.id,
    input: {
      name: product.name,
      priceCents: product.priceCents,
      description: null,
      category: product.category,
      featured: false,
      finalSale: false,
      images: [],
      colors: [],
      salePriceCents: null,
      saleStartsAt: null,
      saleEndsAt: null,
      ...NO_PRODUCT_SAFETY,
      sizes: sizes.map((size) => ({
        id: size.id,
        size: size.size,
        stock: stock[size.size] ?? size.stock,
        skuSuffix: size.skuSuffix,
      })),
    },
  });
}

const alertsOf = (variantId: string) =>
  t.services.db
    .select()
    .from(stockAlert)
    .where(eq(stockAlert.variantId, variantId))
    .orderBy(asc(stockAlert.createdAt));

describe("asking to be told when a size is back", () => {
  it("signed out: a confirmation link is mailed, and only a followed link puts the address on the list", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const email = freshEmail("nova");
    const answer = await ask(m.id, { email: `  ${email.toUpperCase()} ` });
    expect(answer).toEqual({
      status: 200,
      data: { intent: "notify", ok: true, message: backInStockMessages.checkInbox(email) },
    });
    const [mail] = await queued(email, "back_in_stock_confirm");
    expect(mail?.subject).toBe("Confirm your alert: Hoodie (M)");
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/back-in-stock/confirm/`);
    const [waiting] = await alertsOf(m.id);
    expect(waiting).toMatchObject({ email, userId: null, confirmedAt: null, notifiedAt: null });
    // only the token's hash is kept
    const token = await confirmToken(email);
    expect(waiting?.confirmTokenHash).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed).toEqual({
      status: 200,
      data: {
        confirmed: {
          outcome: "waiting",
          itemName: "Hoodie (M)",
          productPath: `/products/${product.id}?size=M`,
        },
        error: null,
      },
    });
    const [after] = await alertsOf(m.id);
    expect(after?.confirmedAt).toBeInstanceOf(Date);
    expect(after?.confirmTokenHash).toBeNull();
    // the link works once
    expect(await confirm(token)).toEqual({
      status: 404,
      data: { confirmed: null, error: backInStockMessages.invalidLink },
    });
  });

  it("signed out: the page answers the same whether the address is new, unconfirmed or already waiting", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const email = freshEmail("twice");
    const first = await ask(m.id, { email });
    const firstToken = await confirmToken(email);
    // asked again before confirming: a new link replaces the first
    const again = await ask(m.id, { email });
    expect(again).toEqual(first);
    const secondToken = await confirmToken(email);
    expect(secondToken).not.toBe(firstToken);
    expect((await confirm(firstToken)).status).toBe(404);
    expect((await confirm(secondToken)).data.confirmed?.outcome).toBe("waiting");
    // asked once more while waiting: the same answer; only the e-mail says it waits already
    const third = await ask(m.id, { email });
    expect(third).toEqual(first);
    const mails = await queued(email, "back_in_stock_confirm");
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Confirm your alert: Hoodie (M)",
      "Confirm your alert: Hoodie (M)",
      "You're already on the list: Hoodie (M)",
    ]);
    // and never a second request for the same address and size
    expect(await alertsOf(m.id)).toHaveLength(1);
    // another address gets the same answer with its own address in it
    const other = freshEmail("other");
    expect((await ask(m.id, { email: other })).data.message).toBe(backInStockMessages.checkInbox(other));
  });

  it("signed in: one press with the account's address, confirmed at once; pressing again says so", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const customer = await registerTestCustomer(t.services);
    // a signed-out request of the same address, never confirmed, is taken over
    await ask(m.id, { email: customer.email });
    const first = await ask(m.id, { cookie: customer.cookie, email: "ignored@nocturn-shop.io" });
    expect(first.data).toEqual({
      intent: "notify",
      ok: true,
      message: backInStockMessages.onTheList(customer.email),
    });
    const again = await ask(m.id, { cookie: customer.cookie });
    expect(again.data.message).toBe(backInStockMessages.alreadyOnTheList(customer.email));
    const alerts = await alertsOf(m.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ email: customer.email, userId: customer.id, confirmTokenHash: null });
    expect(alerts[0]?.confirmedAt).toBeInstanceOf(Date);
  });

  it("refuses a missing or unusable address, a size in stock and a size that is not sold", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    expect(await ask(m.id, { email: "" })).toMatchObject({
      status: 400,
      data: { error: authMessages.emailRequired },
    });
    expect(await ask(m.id, { email: "not-an-address" })).toMatchObject({
      status: 400,
      data: { error: authMessages.invalidEmail },
    });
    // the store's blocked domains, which the browser does not know
    expect(await ask(m.id, { email: "someone@mailinator.com" })).toMatchObject({
      status: 400,
      data: { error: authMessages.invalidEmail },
    });
    expect(await ask(sizeOf(product, "S").id, { email: freshEmail("s") })).toMatchObject({
      status: 409,
      data: { error: backInStockMessages.inStock },
    });
    expect(await ask("00000000-0000-4000-8000-000000000000", { email: freshEmail("x") })).toMatchObject({
      status: 404,
      data: { error: backInStockMessages.sizeNotFound },
    });
    expect(await ask("nonsense", { email: freshEmail("x") })).toMatchObject({
      status: 404,
      data: { error: backInStockMessages.sizeNotFound },
    });
    expect(await alertsOf(m.id)).toEqual([]);
  });

  it("is limited per address from anywhere, and per client for any address", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const email = freshEmail("flooded");
    for (let attempt = 0; attempt < 5; attempt++) expect((await ask(m.id, { email })).status).toBe(200);
    const limited = await ask(m.id, { email });
    expect(limited.status).toBe(429);
    expect(limited.data.error).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(await queued(email, "back_in_stock_confirm")).toHaveLength(5);

    const clientIp = freshIp();
    for (let attempt = 0; attempt < 20; attempt++)
      expect((await ask(m.id, { email: freshEmail("many"), clientIp })).status).toBe(200);
    expect((await ask(m.id, { email: freshEmail("many"), clientIp })).status).toBe(429);
  });
});

describe("when the size is back", () => {
  it("an admin's restock mails each confirmed request once, closes it, and a second restock sends nothing", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const waiters = [await confirmedWaiter(m.id), await confirmedWaiter(m.id)];
    const customer = await registerTestCustomer(t.services);
    await ask(m.id, { cookie: customer.cookie });
    const unconfirmed = freshEmail("unconfirmed");
    await ask(m.id, { email: unconfirmed });
    // waiting for another size: not mailed by M
    const lWaiter = await confirmedWaiter(
      (await insertTestProduct(t.services.db, { sizes: sizeRun({ L: 0 }) })).variant.id,
    );

    // an edit that leaves M at 0 sends nothing
    await adminSetsStock(product, { S: 5 });
    for (const email of waiters) expect(await queued(email, "back_in_stock")).toEqual([]);

    await adminSetsStock(product, { M: 4 });
    for (const email of [...waiters, customer.email]) {
      const mails = await queued(email, "back_in_stock");
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe("Back in stock: Hoodie (M)");
      expect(mails[0]?.text).toContain(`${TEST_PUBLIC_URL}/products/${product.id}?size=M`);
    }
    expect(await queued(unconfirmed, "back_in_stock")).toEqual([]);
    expect(await queued(lWaiter, "back_in_stock")).toEqual([]);
    const alerts = await alertsOf(m.id);
    expect(alerts.filter((alert) => alert.notifiedAt !== null)).toHaveLength(3);
    expect(alerts.find((alert) => alert.email === unconfirmed)?.notifiedAt).toBeNull();

    // sold out and restocked again: the requests are closed, nothing more is sent
    await adminSetsStock(product, { M: 0 });
    await adminSetsStock(product, { M: 6 });
    for (const email of [...waiters, customer.email])
      expect(await queued(email, "back_in_stock")).toHaveLength(1);

    // the delivery: through the mail queue, to the outbox
    await t.services.mailQueue.settled();
    const sent = await t.services.db
      .select({ sentAt: outgoingEmail.sentAt })
      .from(outgoingEmail)
      .where(and(eq(outgoingEmail.recipient, customer.email), eq(outgoingEmail.kind, "back_in_stock")));
    expect(sent[0]?.sentAt).toBeInstanceOf(Date);
  });

  it("an unconfirmed request confirmed after the size came back is closed without an e-mail", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const email = freshEmail("late");
    await ask(m.id, { email });
    await adminSetsStock(product, { M: 2 });
    const confirmed = await confirm(await confirmToken(email));
    expect(confirmed.data.confirmed).toEqual({
      outcome: "in-stock",
      itemName: "Hoodie (M)",
      productPath: `/products/${product.id}?size=M`,
    });
    expect((await alertsOf(m.id))[0]?.notifiedAt).toBeInstanceOf(Date);
    expect(await queued(email, "back_in_stock")).toEqual([]);
  });

  it("two restocks at once send each request one e-mail", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const waiters = [await confirmedWaiter(m.id), await confirmedWaiter(m.id), await confirmedWaiter(m.id)];
    const line = {
      productId: product.id,
      variantId: m.id,
      productName: product.name,
      size: "M",
      quantity: 1,
    };
    // two transactions put a unit back at the same moment (on PostgreSQL, on two connections)
    const queuedCounts = await Promise.all(
      [1, 2].map(() =>
        t.services.db.transaction((tx) => returnStock(tx, [line], { config: t.services.config })),
      ),
    );
    expect(queuedCounts.sort()).toEqual([0, 3]);
    for (const email of waiters) expect(await queued(email, "back_in_stock")).toHaveLength(1);
    const [{ stock } = { stock: -1 }] = await t.services.db
      .select({ stock: productVariant.stock })
      .from(productVariant)
      .where(eq(productVariant.id, m.id));
    expect(stock).toBe(2);
  });

  it("a returned unit marked sellable, and a released reservation, mail those waiting", async () => {
    const product = await insertTestProduct(t.services.db, { name: "Parka", sizes: sizeRun({ M: 1, L: 1 }) });
    const [m, l] = product.variants as [TestProduct["variants"][0], TestProduct["variants"][0]];
    const buyer = await registerTestCustomer(t.services);
    const placed = await placePaidOrder(t.services, buyer, [{ variantId: m.id, quantity: 1 }]);
    await markDelivered(t.services, placed.orderId);
    const mWaiter = await confirmedWaiter(m.id);

    const ret = await requestTestReturn(t.services, buyer, placed.orderId, [
      { orderItemId: (await getReturnLine(placed.orderId)).id, quantity: 1 },
    ]);
    const admin = await signUpTestAdmin(t.services);
    const by = { id: admin.id, email: admin.email };
    await approveReturn({ services: t.services, admin: by, returnId: ret.id });
    const details = await getAdminReturn({ ...t.services, returnId: ret.id });
    await markReturnReceived({
      services: t.services,
      admin: by,
      returnId: ret.id,
      conditions: Object.fromEntries(details.items.map((item) => [item.id, "sellable"])),
    });
    const mails = await queued(mWaiter, "back_in_stock");
    expect(mails.map((mail) => mail.subject)).toEqual(["Back in stock: Parka (M)"]);

    // L's last unit held by a checkout; the hold released gives it back
    const holder = await registerTestCustomer(t.services);
    const { orderId } = await placeReservedOrder(t.services, holder, [{ variantId: l.id, quantity: 1 }]);
    const lWaiter = await confirmedWaiter(l.id);
    await releaseReservation(t.services, orderId, "cancelled");
    expect((await queued(lWaiter, "back_in_stock")).map((mail) => mail.subject)).toEqual([
      "Back in stock: Parka (L)",
    ]);
  });

  it("names the colour and links to it for a variant that has one", async () => {
    const product = await insertTestProduct(t.services.db, { name: "Coat", sizes: sizeRun({ S: 0 }) });
    const [black] = await t.services.db
      .insert(productColor)
      .values({ productId: product.id, name: "Black", slug: "black", position: 0 })
      .returning();
    await t.services.db
      .update(productVariant)
      .set({ colorId: black!.id })
      .where(eq(productVariant.id, product.variant.id));
    const email = await confirmedWaiter(product.variant.id);
    expect((await queued(email, "back_in_stock_confirm"))[0]?.subject).toBe(
      "Confirm your alert: Coat (Black, S)",
    );
    await t.services.db.transaction((tx) =>
      returnStock(
        tx,
        [
          {
            productId: product.id,
            variantId: product.variant.id,
            productName: "Coat",
            size: "S",
            quantity: 1,
          },
        ],
        { config: t.services.config },
      ),
    );
    const [mail] = await queued(email, "back_in_stock");
    expect(mail?.subject).toBe("Back in stock: Coat (Black, S)");
    expect(mail?.text).toContain(`/products/${product.id}?size=S&color=black`);
  });
});

async function getReturnLine(orderId: string) {
  const rows = (await t.services.db.execute(
    sql`select id from order_item where order_id = ${orderId} order by id limit 1`,
  )) as unknown as { rows: Array<{ id: string }> };
  return rows.rows[0]!;
}

describe("the data kept", () => {
  it("is in the customer's data export, and goes with the account, its signed-out requests included", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const customer = await registerTestCustomer(t.services);
    await ask(m.id, { cookie: customer.cookie });
    const other = await insertTestProduct(t.services.db, {
      name: "Beanie",
      sizes: sizeRun({ "One Size": 0 }),
    });
    // asked signed out with the same address (in other letters), never confirmed
    await ask(other.variant.id, { email: customer.email.toUpperCase() });
    const stranger = await confirmedWaiter(m.id);

    const file = await callRoute(exportAction, formRequest("/account/data-export", {}, customer.cookie), {
      services: t.services,
    });
    if (!(file instanceof Response)) throw new Error("expected a file");
    const exported = (await file.json()) as CustomerDataExport;
    expect(exported.stockAlerts).toEqual([
      expect.objectContaining({
        item: "Hoodie (M)",
        email: customer.email,
        signedIn: true,
        notifiedAt: null,
      }),
      expect.objectContaining({ item: "Beanie", email: customer.email, signedIn: false, confirmedAt: null }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(stranger);

    const deleted = await callRoute(
      settingsAction,
      formRequest(
        "/account/settings",
        { intent: "delete-account", password: customer.password },
        customer.cookie,
      ),
      { services: t.services },
    );
    expect(deleted).toBeInstanceOf(Response);
    const left = await t.services.db
      .select({ email: stockAlert.email })
      .from(stockAlert)
      .where(sql`lower(${stockAlert.email}) = ${customer.email.toLowerCase()}`);
    expect(left).toEqual([]);
    expect((await alertsOf(m.id)).map((alert) => alert.email)).toEqual([stranger]);
  });

  it("sweeps requests never confirmed after a week and notified ones after a month", async () => {
    const product = await hoodie();
    const m = sizeOf(product, "M");
    const fresh = freshEmail("fresh");
    const stale = freshEmail("stale");
    await ask(m.id, { email: fresh });
    await ask(m.id, { email: stale });
    const waiting = await confirmedWaiter(m.id);
    const oldWaiting = await confirmedWaiter(m.id);
    const ago = (days: number) => sql`now() - make_interval(days => ${days}::integer)`;
    await t.services.db
      .update(stockAlert)
      .set({ createdAt: ago(8) })
      .where(eq(stockAlert.email, stale));
    // a confirmed request waits however long it takes
    await t.services.db
      .update(stockAlert)
      .set({ createdAt: ago(200) })
      .where(eq(stockAlert.email, oldWaiting));
    await adminSetsStock(product, { M: 1 });
    const notified = await alertsOf(m.id);
    const longAgo = notified.find((alert) => alert.email === waiting)!;
    await t.services.db
      .update(stockAlert)
      .set({ notifiedAt: ago(31) })
      .where(eq(stockAlert.id, longAgo.id));

    await sweepStockAlerts({ db: t.services.db });
    expect((await alertsOf(m.id)).map((alert) => alert.email).sort()).toEqual([fresh, oldWaiting].sort());
  });
});

describe("the dashboard's most wanted sold-out sizes", () => {
  it("counts the confirmed requests still waiting per size, most first", async () => {
    const before = await listMostWantedSizes({ db: t.services.db, limit: 100 });
    const product = await insertTestProduct(t.services.db, {
      name: "Wanted Tee",
      sizes: sizeRun({ S: 0, M: 0, L: 1 }),
    });
    const [s, m] = product.variants as [TestProduct["variants"][0], TestProduct["variants"][0]];
    for (let i = 0; i < 3; i++) await confirmedWaiter(m.id);
    await confirmedWaiter(s.id);
    await ask(s.id, { email: freshEmail("unconfirmed") });

    const after = await listMostWantedSizes({ db: t.services.db, limit: 100 });
    const mine = after.filter((row) => row.productId === product.id);
    expect(mine).toEqual([
      {
        variantId: m.id,
        productId: product.id,
        productName: "Wanted Tee",
        color: null,
        size: "M",
        stock: 0,
        waiting: 3,
      },
      {
        variantId: s.id,
        productId: product.id,
        productName: "Wanted Tee",
        color: null,
        size: "S",
        stock: 0,
        waiting: 1,
      },
    ]);
    expect(after.length).toBe(before.length + 2);
    expect(after.map((row) => row.waiting)).toEqual(
      [...after.map((row) => row.waiting)].sort((a, b) => b - a),
    );
  });
});
