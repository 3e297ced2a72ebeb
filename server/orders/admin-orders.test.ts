import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as ordersAction, loader as ordersLoader } from "../../app/routes/admin/orders/admin-orders";
import { loader as exportLoader } from "../../app/routes/admin/orders/orders-export";
import { trackingUrl } from "../../core/order";
import {
  callRoute,
  dataOf,
  getRequest,
  locationOf,
  type RouteFunction,
  routeArgs,
} from "../../tests/setup/route-call";
import {
  freshEmail,
  insertTestCoupon,
  insertTestOrder,
  insertTestProduct,
  orderRow,
  registerTestCustomer,
  signUpTestAdmin,
  type TEST_SHIPPING,
} from "../../tests/setup/test-commerce";
import { prepareTestOrder } from "../../tests/setup/test-orders";
import {
  createTestServices,
  formRequest,
  requestContext,
  setupTestServices,
  type TestServices,
} from "../../tests/setup/test-services";
import { order, orderItem, outgoingEmail, product, refund, user } from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import type { Services } from "../services";
import type { AdminOrderView } from "./admin-order.view";
import { exportOrdersCsv } from "./export-orders-csv";
import { cancelOrderMessages } from "./update-order";

const t = setupTestServices();
let adminCookie: string;
let customerCookie: string;

/** Customers whose orders the tests search for. */
const alice = { id: "", email: "", name: "Alice Night" };
const bruno = { id: "", email: "", name: "Bruno Dusk" };

// --- helpers -------------------------------------------------------------------------------------

const get = (fn: RouteFunction, pathname: string, cookie?: string, services = t.services) =>
  callRoute(fn, getRequest(pathname, cookie), { services });

const post = (
  fn: RouteFunction,
  pathname: string,
  fields: Record<string, string>,
  cookie?: string,
  services = t.services,
) => callRoute(fn, formRequest(pathname, fields, cookie), { services });

interface OrdersPage {
  orders: AdminOrderView[];
  total: number;
  hiddenCheckouts: number;
  page: number;
  pageCount: number;
  error: string | null;
  trackingService: string;
}

async function listOrders(search = "", cookie = adminCookie, services?: Services): Promise<OrdersPage> {
  return dataOf<OrdersPage>(await get(ordersLoader, `/admin/orders${search}`, cookie, services)).data;
}

type UpdateResult =
  | { ok: true; message: string; notice: string | null; warning: string | null }
  | { ok: false; error: string };

async function updateOrder(
  fields: { orderId: string; status: string; trackingCode?: string },
  services?: Services,
) {
  return dataOf<UpdateResult>(
    await post(
      ordersAction,
      "/admin/orders",
      { intent: "update", trackingCode: "", ...fields },
      adminCookie,
      services,
    ),
  );
}

/** A customer signed up through the register page, with an address that starts with their first name. */
const registerCustomer = (fullName: string) =>
  registerTestCustomer(t.services, { fullName, email: freshEmail(fullName.split(" ")[0]!.toLowerCase()) });

let minute = 0;
/** Orders are created a minute apart, in the order the tests insert them. */
const nextCreatedAt = () => new Date(Date.UTC(2025, 0, 10, 9, 0) + ++minute * 60_000);

interface OrderSeed {
  userId: string;
  status?: "pending" | "processing" | "shipped" | "delivered" | "cancelled";
  paymentStatus?: "pending" | "paid" | "failed" | "cancelled" | "refunded";
  paid?: boolean;
  /** When the customer reached the payment page; default: when the order was made. Null: never (a checkout). */
  paymentStartedAt?: Date | null;
  trackingCode?: string | null;
  attentionReason?: string | null;
  shippingAddress?: string;
  shippingNote?: string | null;
  items?: Array<{ name: string; priceCents: number; quantity: number; productId?: string | null }>;
  discountCents?: number;
  couponCode?: string | null;
}

async function insertOrder(seed: OrderSeed, db = t.services.db) {
  const items = seed.items ?? [{ name: "Eclipse Hoodie", priceCents: 8900, quantity: 1 }];
  const subtotalCents = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  const discountCents = seed.discountCents ?? 0;
  const createdAt = nextCreatedAt();
  const paid = seed.paid ?? seed.paymentStatus === "paid";
  const row = await insertTestOrder(db, {
    userId: seed.userId,
    status: seed.status ?? "processing",
    paymentStatus: seed.paymentStatus ?? "paid",
    shippingAddress: seed.shippingAddress ?? "Alice Night\nTorstraße 1\nBerlin, BE 10115\nDE",
    shippingNote: seed.shippingNote ?? null,
    couponCode: seed.couponCode ?? null,
    subtotalCents,
    discountCents,
    trackingCode: seed.trackingCode ?? null,
    attentionReason: seed.attentionReason ?? null,
    paidAt: paid ? createdAt : null,
    paymentStartedAt: seed.paymentStartedAt === undefined ? createdAt : seed.paymentStartedAt,
    createdAt,
    updatedAt: createdAt,
  });
  await db.insert(orderItem).values(
    items.map((item) => ({
      orderId: row!.id,
      productId: item.productId ?? null,
      productName: item.name,
      size: "M",
      priceCents: item.priceCents,
      quantity: item.quantity,
      netCents: item.priceCents * item.quantity,
    })),
  );
  return row!;
}

async function mailsTo(email: string) {
  await t.services.mailQueue.settled();
  return (await listOutbox(t.outboxFolder)).filter((mail) => mail.to.includes(email));
}

const numbers = (page: OrdersPage) => page.orders.map((row) => row.orderNumber);

// --- fixtures ------------------------------------------------------------------------------------

let aliceShipped: Awaited<ReturnType<typeof insertOrder>>;
let alicePending: Awaited<ReturnType<typeof insertOrder>>;
let brunoDelivered: Awaited<ReturnType<typeof insertOrder>>;
let brunoAbandoned: Awaited<ReturnType<typeof insertOrder>>;
let brunoAttention: Awaited<ReturnType<typeof insertOrder>>;
let productId: string;

beforeAll(async () => {
  adminCookie = (await signUpTestAdmin(t.services, { name: "Boss Person" })).cookie;

  const a = await registerCustomer(alice.name);
  Object.assign(alice, { id: a.id, email: a.email });
  customerCookie = a.cookie;
  const b = await registerCustomer(bruno.name);
  Object.assign(bruno, { id: b.id, email: b.email });

  const [tee] = await t.services.db
    .insert(product)
    .values({ name: "Midnight Tee", priceCents: 3500, stock: 10, category: "T-Shirts" })
    .returning();
  productId = tee!.id;

  aliceShipped = await insertOrder({
    userId: alice.id,
    status: "shipped",
    trackingCode: "JJD000390007",
    items: [
      { name: "Midnight Tee", priceCents: 3500, quantity: 2, productId },
      { name: "Retired Cap", priceCents: 2500, quantity: 1 },
    ],
    discountCents: 1000,
    couponCode: "NIGHT10",
    shippingNote: "Leave with the neighbour",
  });
  alicePending = await insertOrder({ userId: alice.id, status: "pending", paymentStatus: "pending" });
  brunoDelivered = await insertOrder({
    userId: bruno.id,
    status: "delivered",
    trackingCode: "JJD000390008",
    shippingAddress: "Bruno Dusk\nRue de Rivoli 7\nParis, IDF 75001\nFR",
  });
  // closed at the shipping step: never reached the payment page
  brunoAbandoned = await insertOrder({
    userId: bruno.id,
    status: "cancelled",
    paymentStatus: "cancelled",
    paymentStartedAt: null,
  });
  brunoAttention = await insertOrder({
    userId: bruno.id,
    status: "cancelled",
    paymentStatus: "refunded",
    paid: false,
    attentionReason: "Paid after its stock was released; refunded.",
  });
});

// --- access --------------------------------------------------------------------------------------

describe("access", () => {
  const entries: Array<[string, () => Promise<unknown>]> = [
    ["the orders loader", () => get(ordersLoader, "/admin/orders", customerCookie)],
    [
      "the update intent",
      () =>
        post(
          ordersAction,
          "/admin/orders",
          { intent: "update", orderId: aliceShipped.id, status: "cancelled", trackingCode: "" },
          customerCookie,
        ),
    ],
    ["the CSV export", () => get(exportLoader, "/admin/orders/export.csv", customerCookie)],
  ];

  it.each(entries)("sends a signed-in customer from %s to /forbidden", async (_name, attempt) => {
    expect(locationOf(await attempt())).toBe("/forbidden");
  });

  it("leaves the order untouched when a customer tries to update it", async () => {
    const [row] = await t.services.db.select().from(order).where(eq(order.id, aliceShipped.id));
    expect(row?.status).toBe("shipped");
  });

  it("sends a visitor to sign in first", async () => {
    expect(locationOf(await get(ordersLoader, "/admin/orders?q=x"))).toBe(
      "/login?redirectTo=%2Fadmin%2Forders%3Fq%3Dx",
    );
    expect(locationOf(await get(exportLoader, "/admin/orders/export.csv"))).toBe(
      "/login?redirectTo=%2Fadmin%2Forders%2Fexport.csv",
    );
  });
});

// --- list and search -----------------------------------------------------------------------------

describe("order list", () => {
  it("lists orders newest first, hiding checkouts never taken to payment but not orders that need attention", async () => {
    const page = await listOrders();
    expect(numbers(page)).toEqual([
      brunoAttention.orderNumber,
      brunoDelivered.orderNumber,
      alicePending.orderNumber,
      aliceShipped.orderNumber,
    ]);
    expect(page.total).toBe(4);
    expect(page.hiddenCheckouts).toBe(1);
    expect(page.error).toBeNull();
  });

  it("includes checkouts never taken to payment when asked", async () => {
    const page = await listOrders("?checkouts=show");
    expect(numbers(page)).toContain(brunoAbandoned.orderNumber);
    expect(page.total).toBe(5);
    expect(page.hiddenCheckouts).toBe(0);
  });

  it("shows each order with its customer, items, shipping and tracking", async () => {
    const page = await listOrders(`?q=${aliceShipped.orderNumber}`);
    const [row] = page.orders;
    expect(row).toMatchObject({
      orderNumber: aliceShipped.orderNumber,
      customerEmail: alice.email,
      customerName: alice.name,
      status: "shipped",
      paymentStatus: "paid",
      itemCount: 3,
      subtotalCents: 9500,
      discountCents: 1000,
      couponCode: "NIGHT10",
      shippingCents: 999,
      totalCents: 9499,
      trackingCode: "JJD000390007",
      trackingHref: trackingUrl(t.services.config.trackingUrlTemplate, "JJD000390007"),
      shippingNote: "Leave with the neighbour",
      attentionReason: null,
    });
    expect(row?.createdAt).toBe(aliceShipped.createdAt.toISOString());
    expect(row?.items.map((item) => [item.name, item.productId, item.quantity])).toEqual([
      ["Midnight Tee", productId, 2],
      ["Retired Cap", null, 1],
    ]);
    expect(page.trackingService).toBe("Deutsche Post");
    const attention = (await listOrders(`?q=${brunoAttention.orderNumber}`)).orders[0];
    expect(attention?.attentionReason).toBe("Paid after its stock was released; refunded.");
  });

  it.each([
    ["order number", () => aliceShipped.orderNumber.toLowerCase(), () => [aliceShipped.orderNumber]],
    ["part of a user id", () => bruno.id.slice(2, 12).toUpperCase(), () => brunoNumbers()],
    ["customer e-mail", () => alice.email.toUpperCase(), () => aliceNumbers()],
    ["part of an e-mail", () => "ALICE.", () => aliceNumbers()],
    ["status", () => "DeLiVeReD", () => [brunoDelivered.orderNumber]],
  ])("finds orders by %s, case-insensitively", async (_field, term, expected) => {
    const page = await listOrders(`?q=${encodeURIComponent(term())}`);
    expect(numbers(page)).toEqual(expected());
  });

  const aliceNumbers = () => [alicePending.orderNumber, aliceShipped.orderNumber];
  const brunoNumbers = () => [brunoAttention.orderNumber, brunoDelivered.orderNumber];

  it("treats LIKE wildcards in the search as plain text", async () => {
    expect((await listOrders("?q=%25")).orders).toEqual([]);
    expect((await listOrders("?q=_")).orders).toEqual([]);
  });

  it("filters by status, alone and with a search", async () => {
    expect(numbers(await listOrders("?status=pending"))).toEqual([alicePending.orderNumber]);
    expect(numbers(await listOrders(`?status=shipped&q=${encodeURIComponent(bruno.email)}`))).toEqual([]);
    expect(numbers(await listOrders(`?status=delivered&q=${encodeURIComponent(bruno.email)}`))).toEqual([
      brunoDelivered.orderNumber,
    ]);
    // an unknown status is ignored rather than failing the page
    expect((await listOrders("?status=lost")).total).toBe(4);
  });

  it("pages 20 orders at a time and sends a page past the end to the last one", async () => {
    const many = await registerCustomer("Many Orders");
    const inserted = [];
    for (let n = 0; n < 23; n++) inserted.push(await insertOrder({ userId: many.id }));
    const newestFirst = inserted.map((row) => row.orderNumber).reverse();

    const first = await listOrders(`?q=${many.id}`);
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(2);
    expect(numbers(first)).toEqual(newestFirst.slice(0, 20));
    const second = await listOrders(`?q=${many.id}&page=2`);
    expect(second.page).toBe(2);
    expect(numbers(second)).toEqual(newestFirst.slice(20));

    expect(locationOf(await get(ordersLoader, `/admin/orders?q=${many.id}&page=9`, adminCookie))).toBe(
      `/admin/orders?q=${many.id}&page=2`,
    );
  });

  it("shows the empty list for a search without results", async () => {
    const page = await listOrders("?q=no-such-order");
    expect(page).toMatchObject({ orders: [], total: 0, page: 1, pageCount: 1, error: null });
  });
});

// --- update --------------------------------------------------------------------------------------

describe("updating an order", () => {
  it("sets status and tracking code and e-mails the customer once when the order ships", async () => {
    const target = await insertOrder({ userId: alice.id, status: "processing" });
    const before = (await mailsTo(alice.email)).length;

    const result = await updateOrder({
      orderId: target.id,
      status: "shipped",
      trackingCode: "  JJD0001 42 ",
    });
    expect(result.data).toEqual({
      intent: "update",
      ok: true,
      message: `Order ${target.orderNumber} updated successfully`,
      notice: "The customer was e-mailed the tracking link.",
      warning: null,
    });
    const [row] = await t.services.db.select().from(order).where(eq(order.id, target.id));
    expect(row).toMatchObject({ status: "shipped", trackingCode: "JJD0001 42" });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(target.updatedAt.getTime());

    const mails = (await mailsTo(alice.email)).slice(before);
    expect(mails).toHaveLength(1);
    const link = trackingUrl(t.services.config.trackingUrlTemplate, "JJD0001 42");
    expect(mails[0]!.subject).toBe(`Your Nocturn order ${target.orderNumber} has shipped`);
    expect(mails[0]!.text).toContain(`Track Package: ${link}`);
    expect(mails[0]!.text).toContain("Hi Alice Night,");
    // it went through the mail queue, written with the status change and delivered at once
    const queued = await t.services.db
      .select()
      .from(outgoingEmail)
      .where(eq(outgoingEmail.subject, mails[0]!.subject));
    expect(queued).toEqual([
      expect.objectContaining({
        kind: "order_shipped",
        recipient: alice.email,
        attempts: 1,
        lastError: null,
      }),
    ]);
    expect(queued[0]!.sentAt).toBeInstanceOf(Date);

    // saving the same again, moving on to delivered, or back: no further e-mail
    await updateOrder({ orderId: target.id, status: "shipped", trackingCode: "JJD0001 42" });
    await updateOrder({ orderId: target.id, status: "delivered", trackingCode: "JJD0001 42" });
    expect((await mailsTo(alice.email)).slice(before)).toHaveLength(1);

    const listed = (await listOrders(`?q=${target.orderNumber}`)).orders[0];
    expect(listed).toMatchObject({ status: "delivered", trackingCode: "JJD0001 42", trackingHref: link });
  });

  it("e-mails again when the code of a shipped order changes, and not for other statuses", async () => {
    const target = await insertOrder({ userId: bruno.id, status: "pending" });
    const before = (await mailsTo(bruno.email)).length;

    const processing = await updateOrder({
      orderId: target.id,
      status: "processing",
      trackingCode: "EARLY1",
    });
    expect(processing.data).toMatchObject({ ok: true, notice: null, warning: null });
    const shippedWithoutCode = await updateOrder({ orderId: target.id, status: "shipped", trackingCode: "" });
    expect(shippedWithoutCode.data).toMatchObject({ ok: true, notice: null });
    expect((await mailsTo(bruno.email)).slice(before)).toHaveLength(0);
    const [cleared] = await t.services.db.select().from(order).where(eq(order.id, target.id));
    expect(cleared?.trackingCode).toBeNull();

    await updateOrder({ orderId: target.id, status: "shipped", trackingCode: "FIRST1" });
    await updateOrder({ orderId: target.id, status: "shipped", trackingCode: "SECOND2" });
    const mails = (await mailsTo(bruno.email)).slice(before);
    expect(mails.map((mail) => mail.text.includes("Tracking code: FIRST1"))).toEqual([true, false]);
    expect(mails.map((mail) => mail.text.includes("Tracking code: SECOND2"))).toEqual([false, true]);
  });

  it("sends one e-mail when two admins mark the same order shipped at once", async () => {
    const target = await insertOrder({ userId: bruno.id, status: "processing" });
    const before = (await mailsTo(bruno.email)).length;
    const results = await Promise.all([
      updateOrder({ orderId: target.id, status: "shipped", trackingCode: "RACE1" }),
      updateOrder({ orderId: target.id, status: "shipped", trackingCode: "RACE1" }),
    ]);
    expect(results.map((result) => result.data.ok)).toEqual([true, true]);
    expect((await mailsTo(bruno.email)).slice(before)).toHaveLength(1);
  });

  it("lets an admin set any status directly, except cancelling a paid order without its refund", async () => {
    const target = await insertOrder({ userId: bruno.id, status: "delivered" });
    for (const status of ["pending", "processing", "shipped", "delivered"]) {
      expect((await updateOrder({ orderId: target.id, status })).data).toMatchObject({ ok: true });
      const [row] = await t.services.db.select().from(order).where(eq(order.id, target.id));
      expect(row?.status).toBe(status);
    }
    const refused = await updateOrder({ orderId: target.id, status: "cancelled" });
    expect(refused).toMatchObject({
      status: 409,
      data: { ok: false, error: cancelOrderMessages.refundRequired },
    });
    const [row] = await t.services.db.select().from(order).where(eq(order.id, target.id));
    expect(row?.status).toBe("delivered");
  });

  it.each([
    ["an unknown status", { status: "lost", trackingCode: "" }, 400],
    ["a tracking code that is too long", { status: "shipped", trackingCode: "X".repeat(65) }, 400],
    ["a tracking code with a line break", { status: "shipped", trackingCode: "AB\nCD" }, 400],
  ])("refuses %s with the spec's message", async (_label, fields, status) => {
    const result = await updateOrder({ orderId: alicePending.id, ...fields });
    expect(result).toEqual({
      status,
      data: {
        intent: "update",
        ok: false,
        error: "Failed to update order. Please try again.",
        code: "invalid_order_update",
      },
    });
    const [row] = await t.services.db.select().from(order).where(eq(order.id, alicePending.id));
    expect(row).toMatchObject({ status: "pending", trackingCode: null });
  });

  it("answers an unknown order with the spec's message", async () => {
    expect(await updateOrder({ orderId: randomUUID(), status: "shipped" })).toEqual({
      status: 404,
      data: {
        intent: "update",
        ok: false,
        error: "Failed to update order. Please try again.",
        code: "order_not_found",
      },
    });
  });
});

// --- failures ------------------------------------------------------------------------------------

describe("when something outside fails", () => {
  let other: TestServices;
  let otherAdminCookie: string;

  beforeAll(async () => {
    // a real SMTP driver pointed at a port where nothing listens: every send fails fast
    other = await createTestServices({ SMTP_URL: "smtp://127.0.0.1:9" });
    otherAdminCookie = (await signUpTestAdmin(other.services)).cookie;
  });

  afterAll(async () => {
    await other?.close().catch(() => {});
  });

  it("keeps the update when the shipped e-mail cannot be sent, and says so", async () => {
    const [customer] = await other.services.db
      .insert(user)
      .values({ id: randomUUID(), name: "Mail Less", email: freshEmail("mailless"), emailVerified: false })
      .returning();
    const target = await insertOrder({ userId: customer!.id, status: "processing" }, other.services.db);
    const response = await post(
      ordersAction,
      "/admin/orders",
      { intent: "update", orderId: target.id, status: "shipped", trackingCode: "JJD77" },
      otherAdminCookie,
      other.services,
    );
    expect(dataOf(response).data).toEqual({
      intent: "update",
      ok: true,
      message: `Order ${target.orderNumber} updated successfully`,
      notice: null,
      warning: "The shipping e-mail to the customer could not be sent; the error is in the server log.",
    });
    const [row] = await other.services.db.select().from(order).where(eq(order.id, target.id));
    expect(row).toMatchObject({ status: "shipped", trackingCode: "JJD77" });
    // an outage delays the e-mail, it does not lose it: it waits in the queue for its retry
    const [queued] = await other.services.db
      .select()
      .from(outgoingEmail)
      .where(eq(outgoingEmail.recipient, customer!.email));
    expect(queued).toMatchObject({ kind: "order_shipped", attempts: 1, sentAt: null, failedAt: null });
    expect(queued!.lastError).toMatch(/ECONNREFUSED/);
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(queued!.createdAt.getTime());
  });

  it("shows the spec's message when the orders cannot be read", async () => {
    const context = await requestContext(other.services, { cookie: otherAdminCookie });
    await other.close();
    // the session was read before the database closed: the guard lets the admin in, the query fails
    const result = dataOf<OrdersPage>(await ordersLoader(routeArgs(getRequest("/admin/orders"), context)));
    expect(result.status).toBe(500);
    expect(result.data).toMatchObject({
      error: "Failed to load orders. Please try again later.",
      orders: [],
    });
  });
});

// --- CSV export ----------------------------------------------------------------------------------

/** RFC 4180, enough for the tests: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field || row.length) throw new Error("the CSV does not end with CRLF");
  return rows;
}

async function exportCsv(search: string) {
  const response = await get(exportLoader, `/admin/orders/export.csv${search}`, adminCookie);
  if (!(response instanceof Response)) throw new Error("expected a Response");
  const bytes = new Uint8Array(await response.arrayBuffer());
  // decoding as a browser would drops the byte order mark
  return { response, bytes, text: new TextDecoder().decode(bytes) };
}

describe("CSV export", () => {
  let tricky: Awaited<ReturnType<typeof insertOrder>>;
  let customer: Awaited<ReturnType<typeof registerCustomer>>;

  beforeAll(async () => {
    customer = await registerCustomer("Csv Person");
    await t.services.db.update(user).set({ name: 'Ann "Ace" O\'Neil, Jr.' }).where(eq(user.id, customer.id));
    tricky = await insertOrder({
      userId: customer.id,
      status: "shipped",
      trackingCode: "@SUM(A1)",
      shippingAddress: 'Ann "Ace" O\'Neil\n=HYPERLINK("http://evil.example","x")\nBerlin, BE 10115\nDE',
      shippingNote: "+49 30 1234\r\nRing twice",
      attentionReason: "-1 unit short",
    });
    await insertOrder({ userId: customer.id, status: "pending", paymentStatus: "pending" });
  });

  it("is a CSV attachment of the current search", async () => {
    const { response, bytes, text } = await exportCsv(`?q=${customer.id}&status=shipped`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith("Order Number,Created (UTC),Status,")).toBe(true);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(tricky.orderNumber);
  });

  it("quotes quotes, commas and line breaks, and defuses formulas", async () => {
    const { text } = await exportCsv(`?q=${tricky.orderNumber}`);
    const [header, row] = parseCsv(text);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("Customer Name")).toBe('Ann "Ace" O\'Neil, Jr.');
    expect(cell("Customer Email")).toBe(customer.email);
    expect(cell("Shipping Address")).toBe(
      'Ann "Ace" O\'Neil\n=HYPERLINK("http://evil.example","x")\nBerlin, BE 10115\nDE',
    );
    expect(cell("ZIP")).toBe("10115");
    expect(cell("Tracking Code")).toBe("'@SUM(A1)");
    expect(cell("Delivery Notes")).toBe("'+49 30 1234\r\nRing twice");
    expect(cell("Needs Attention")).toBe("'-1 unit short");
    expect(cell("Total (USD)")).toBe("98.99");
    expect(cell("Items")).toBe("1");
    expect(cell("Created (UTC)")).toBe(tricky.createdAt.toISOString().slice(0, 19).replace("T", " "));
    // the raw text: quotes doubled inside a quoted field
    expect(text).toContain('"Ann ""Ace"" O\'Neil, Jr."');
    // a line that starts with "=" would only be dangerous as a cell of its own; here it is inside a quoted cell
    expect(text).toContain('\n=HYPERLINK(""http://evil.example"",""x"")\n');
  });

  it("defuses a cell that starts with a formula character", async () => {
    await t.services.db
      .update(order)
      .set({ shippingAddress: '=HYPERLINK("http://evil.example")' })
      .where(eq(order.id, tricky.id));
    const { text } = await exportCsv(`?q=${tricky.orderNumber}`);
    const [header, row] = parseCsv(text);
    expect(row![header!.indexOf("Shipping Address")]).toBe('\'=HYPERLINK("http://evil.example")');
  });

  it("walks past the first batch without repeating a row, and stops at the cap", async () => {
    const bulk = await registerCustomer("Bulk Buyer");
    const base = Date.UTC(2025, 1, 1);
    // the same created_at for pairs of orders: the id keeps them apart
    await t.services.db.insert(order).values(
      Array.from({ length: 620 }, (_, n) => ({
        userId: bulk.id,
        status: "processing" as const,
        paymentStatus: "paid" as const,
        paymentMethod: "test",
        shippingMethod: "Complementary Priority",
        shippingCents: 999,
        shippingAddress: "Bulk\nBerlin, BE 10115\nDE",
        subtotalCents: 1000,
        totalCents: 1999,
        paidAt: new Date(base),
        createdAt: new Date(base + Math.floor(n / 2) * 1000),
      })),
    );
    const { text } = await exportCsv(`?q=${bulk.id}`);
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(620);
    expect(new Set(rows.map((row) => row[0])).size).toBe(620);
    const created = rows.map((row) => row[1]!);
    expect([...created].sort().reverse()).toEqual(created);

    const capped = await new Response(
      exportOrdersCsv({
        db: t.services.db,
        log: t.services.log,
        currency: t.services.config.currency,
        query: bulk.id,
        maxRows: 501,
      }),
    ).text();
    expect(parseCsv(capped)).toHaveLength(502);
  });
});

// --- VAT -----------------------------------------------------------------------------------------

describe("VAT on the admin's orders", () => {
  let buyer: Awaited<ReturnType<typeof registerCustomer>>;
  let germany: string;
  let france: string;
  let legacy: Awaited<ReturnType<typeof insertOrder>>;

  /** A pending order as the checkout's shipping step makes it. */
  async function checkout(
    lines: { variantId: string; quantity: number }[],
    options: { country: string; taxMode: "inclusive" | "exclusive"; couponCode?: string },
  ) {
    const summary = await prepareTestOrder(t.services, buyer, lines, {
      shipping: SHIPPING_TO[options.country],
      couponCode: options.couponCode,
      taxMode: options.taxMode,
    });
    return summary.orderId;
  }

  const SHIPPING_TO: Record<string, Partial<typeof TEST_SHIPPING>> = {
    DE: {},
    FR: { addressLine1: "7 Rue de Rivoli", city: "Paris", state: "", zipCode: "75001", country: "FR" },
  };

  beforeAll(async () => {
    buyer = await registerCustomer("Vat Person");
    const { db } = t.services;
    // docs/TAX.md's worked example: 2 hoodies at $89.00 and a tee at $35.00, $10.00 off, to Germany
    const hoodie = await insertTestProduct(db, { name: "Eclipse Hoodie", priceCents: 8900 });
    const tee = await insertTestProduct(db, { name: "Midnight Tee", priceCents: 3500 });
    const coupon = await insertTestCoupon(db, {
      discountType: "fixed",
      percentBasisPoints: null,
      amountOffCents: 1000,
    });
    germany = await checkout(
      [
        { variantId: hoodie.variant.id, quantity: 2 },
        { variantId: tee.variant.id, quantity: 1 },
      ],
      { country: "DE", taxMode: "inclusive", couponCode: coupon.code },
    );
    // paid, then half refunded with its share of the VAT
    await db.update(order).set({ paymentStatus: "paid", paidAt: new Date() }).where(eq(order.id, germany));
    // the customer's next checkout: a new order once the first is paid
    france = await checkout([{ variantId: tee.variant.id, quantity: 1 }], {
      country: "FR",
      taxMode: "exclusive",
    });
    await db.insert(refund).values({
      orderId: germany,
      amountCents: 10_000,
      taxCents: 1597,
      reason: "Order cancelled by an admin",
      providerRefundId: "re_test_vat",
      idempotencyKey: `test-refund:${germany}`,
    });
    legacy = await insertOrder({ userId: buyer.id });
  });

  const viewOf = async (orderId: string) => {
    const { orderNumber } = await orderRow(t.services.db, orderId);
    const [view] = (await listOrders(`?q=${orderNumber}&checkouts=show`)).orders;
    if (!view) throw new Error(`order ${orderNumber} not listed`);
    return view;
  };

  it("shows an order's country, rate, VAT per line and per rate, and the VAT of its refund", async () => {
    const view = await viewOf(germany);
    expect(view).toMatchObject({
      subtotalCents: 21_300,
      discountCents: 1000,
      totalCents: 21_299,
      taxCents: 3402,
      tax: {
        mode: "inclusive",
        country: "DE",
        countryName: "Germany",
        rateBasisPoints: 1900,
        shippingTaxCents: 160,
        summary: [{ rateBasisPoints: 1900, baseCents: 17_897, taxCents: 3402 }],
      },
    });
    expect(
      view.items.map((item) => [
        item.name,
        item.discountCents,
        item.netCents,
        item.taxCents,
        item.taxRateBasisPoints,
      ]),
    ).toEqual([
      ["Eclipse Hoodie", 836, 14_255, 2709, 1900],
      ["Midnight Tee", 164, 2803, 533, 1900],
    ]);
    expect(view.refunds).toEqual([expect.objectContaining({ amountCents: 10_000, taxCents: 1597 })]);
  });

  it("says when the VAT was added to the prices", async () => {
    const view = await viewOf(france);
    expect(view).toMatchObject({
      totalCents: 3500 + 999 + 900,
      taxCents: 900,
      tax: { mode: "exclusive", country: "FR", countryName: "France", rateBasisPoints: 2000 },
    });
  });

  it("shows no VAT for an order placed before the store charged it", async () => {
    expect((await viewOf(legacy.id)).tax).toBeNull();
  });

  it("exports country, rate, VAT and net total after the columns that were there before", async () => {
    const { text } = await exportCsv(`?q=${buyer.id}&checkouts=show`);
    const [header, ...rows] = parseCsv(text);
    expect(header?.slice(0, 19)).toEqual(
      "Order Number,Created (UTC),Status,Payment Status,Customer Email,Customer Name,User ID,Items,Lines,Subtotal (USD),Discount (USD),Coupon Code,Shipping (USD),Total (USD),Tracking Code,Shipping Address,ZIP,Delivery Notes,Needs Attention".split(
        ",",
      ),
    );
    expect(header?.slice(19, 23)).toEqual(["Country", "VAT Rate", "VAT (USD)", "Net Total (USD)"]);
    const vatOf = async (orderId: string) => {
      const { orderNumber } = await orderRow(t.services.db, orderId);
      return rows.find((row) => row[0] === orderNumber)?.slice(19, 23);
    };
    expect(await vatOf(germany)).toEqual(["DE", "19%", "34.02", "178.97"]);
    expect(await vatOf(france)).toEqual(["FR", "20%", "9.00", "44.99"]);
    expect(await vatOf(legacy.id)).toEqual(["", "", "", "98.99"]);
    // each row names its order's currency last
    expect(header?.at(-1)).toBe("Currency");
    expect(rows.filter((row) => row.length > 1).every((row) => row.at(-1) === "USD")).toBe(true);
  });
});
