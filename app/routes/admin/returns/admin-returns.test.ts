// The admin's Returns screen as its route answers (app/routes/admin.returns.tsx): the list and its
// waiting count, a link to a return that is not there, and actions that name no return. Who may
// call it at all is server/auth/admin-access.test.ts's job.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { returnMessages } from "../../../../core/returns";
import { orderItem } from "../../../../server/db/schema";
import type { AdminReturnDetails } from "../../../../server/returns/return-views";
import {
  callRoute,
  dataOf,
  getRequest,
  type RouteFunction,
  settle,
} from "../../../../tests/setup/route-call";
import {
  insertTestProduct,
  registerTestCustomer,
  signUpTestAdmin,
  sizeRun,
} from "../../../../tests/setup/test-commerce";
import { markDelivered, placePaidOrder, requestTestReturn } from "../../../../tests/setup/test-orders";
import { formRequest, setupTestServices } from "../../../../tests/setup/test-services";
import { loader as adminLoader } from "../admin-layout";
import { action as returnsAction, loader as returnsLoader } from "./admin-returns";

const t = setupTestServices();
let admin: { cookie: string };

beforeAll(async () => {
  admin = await signUpTestAdmin(t.services);
});

const call = (fn: RouteFunction, request: Request) => callRoute(fn, request, { services: t.services });
const load = (path: string) => call(returnsLoader, getRequest(path, admin.cookie));

type ListData = {
  query: { q: string; state: string; page: number; open: string };
  opened: { details: unknown; error: string | null } | null;
  returns: unknown[];
  total: number;
  waitingCount: number;
  error: string | null;
};

describe("the Returns screen", () => {
  it("lists no returns in a store without any, and the sidebar counts none waiting", async () => {
    const { status, data } = dataOf<ListData>(await load("/admin/returns"));
    expect(status).toBe(200);
    expect(data).toMatchObject({ returns: [], total: 0, waitingCount: 0, opened: null, error: null });
    expect(
      dataOf<{ waitingReturns: number | null }>(await call(adminLoader, getRequest("/admin", admin.cookie)))
        .data,
    ).toMatchObject({ waitingReturns: 0 });
  });

  it("reads the search, the state and the page from the URL, ignoring what it does not know", async () => {
    const { data } = dataOf<ListData>(await load("/admin/returns?q=%20RMA-1%20&state=approved"));
    expect(data.query).toEqual({ q: "RMA-1", state: "approved", page: 1, open: "" });
    const odd = dataOf<ListData>(await load("/admin/returns?state=lost&page=-3")).data;
    expect(odd.query).toMatchObject({ state: "", page: 1 });
  });

  it.each([
    "not-a-return",
    crypto.randomUUID(),
  ])("answers a link to an unknown return (%s) with the list and a not-found message", async (id) => {
    const { status, data } = dataOf<ListData>(await load(`/admin/returns?return=${id}`));
    expect(status).toBe(200);
    expect(data.opened).toEqual({ details: null, error: returnMessages.notFound });
    expect(data.error).toBeNull();
  });

  const refusal = async (fields: Record<string, string>) =>
    dataOf<{ intent: string; ok: boolean; error: string }>(
      await call(returnsAction, formRequest("/admin/returns", fields, admin.cookie)),
    );

  it.each([
    "approve",
    "reject",
    "receive",
    "refund",
    "exchange",
  ])("refuses to %s a return that does not exist, whatever the id looks like", async (intent) => {
    // a malformed id never reaches the database
    for (const returnId of ["", "x'; drop table return_request; --"]) {
      const { status, data } = await refusal({ intent, returnId, reason: "Worn." });
      expect(status).toBe(404);
      expect(data).toMatchObject({ intent, ok: false, error: returnMessages.notFound });
    }
    // a well-formed one that names no return (receive is asked for each item's condition first)
    if (intent === "receive") return;
    const { status, data } = await refusal({ intent, returnId: crypto.randomUUID(), reason: "Worn." });
    expect(status).toBe(404);
    expect(data).toMatchObject({ intent, ok: false, error: returnMessages.notFound });
  });

  it("refuses an intent it does not know", async () => {
    const answer = settle(
      await call(
        returnsAction,
        formRequest("/admin/returns", { intent: "delete", returnId: "x" }, admin.cookie),
      ),
    );
    expect(answer.status).toBe(400);
  });
});

type ActionAnswer = { intent: string; ok: boolean; message?: string; error?: string };

describe("an admin taking a return from request to refund on the Returns screen", () => {
  it("finds it, opens it and moves it on with the screen's forms", async () => {
    const customer = await registerTestCustomer(t.services, { fullName: "Rita Returner" });
    const product = await insertTestProduct(t.services.db, {
      priceCents: 4999,
      sizes: sizeRun({ M: 5, L: 5 }),
    });
    const [m, l] = product.variants;
    if (!m || !l) throw new Error("expected two sizes");
    const placed = await placePaidOrder(t.services, customer, [
      { variantId: m.id, quantity: 1 },
      { variantId: l.id, quantity: 1 },
    ]);
    await markDelivered(t.services, placed.orderId);
    const [first, second] = await t.services.db
      .select({ id: orderItem.id })
      .from(orderItem)
      .where(eq(orderItem.orderId, placed.orderId));
    const asked = await requestTestReturn(
      t.services,
      customer,
      placed.orderId,
      [first!, second!].map((line) => ({ orderItemId: line.id, quantity: 1 })),
    );

    const listed = dataOf<Omit<ListData, "returns"> & { returns: { id: string }[] }>(
      await load(`/admin/returns?q=${asked.rmaNumber.toLowerCase()}&state=requested`),
    ).data;
    expect(listed.returns.map((row) => row.id)).toEqual([asked.id]);
    expect(listed.waitingCount).toBeGreaterThanOrEqual(1);
    const opened = async () =>
      dataOf<{ opened: { details: AdminReturnDetails } }>(await load(`/admin/returns?return=${asked.id}`))
        .data.opened.details;
    expect(await opened()).toMatchObject({ id: asked.id, state: "requested", customerEmail: customer.email });

    const post = async (fields: Record<string, string>) =>
      dataOf<ActionAnswer>(
        await call(
          returnsAction,
          formRequest("/admin/returns", { returnId: asked.id, ...fields }, admin.cookie),
        ),
      );
    expect(await post({ intent: "approve" })).toMatchObject({
      status: 200,
      data: { intent: "approve", ok: true },
    });
    // a step the state does not allow is refused with the message the dialog shows
    expect(await post({ intent: "reject", reason: "Too late." })).toMatchObject({
      status: 409,
      data: { intent: "reject", ok: false, error: returnMessages.notAllowed("approved", "rejected") },
    });

    const details = await opened();
    const [a, b] = details.items;
    if (!a || !b) throw new Error("expected two lines");
    // every item needs its condition
    expect(await post({ intent: "receive", [`condition:${a.id}`]: "sellable" })).toMatchObject({
      data: { ok: false, error: returnMessages.conditionRequired },
    });
    expect(
      await post({ intent: "receive", [`condition:${a.id}`]: "sellable", [`condition:${b.id}`]: "damaged" }),
    ).toMatchObject({ status: 200, data: { ok: true } });
    const received = await opened();
    expect(received.items.map((item) => item.condition).sort()).toEqual(["damaged", "sellable"]);
    expect(received.refundPreviewCents).toBeGreaterThan(0);

    const refunded = await post({ intent: "refund" });
    expect(refunded).toMatchObject({ status: 200, data: { intent: "refund", ok: true } });
    expect(await opened()).toMatchObject({ state: "refunded", refundCents: received.refundPreviewCents });
  });
});
