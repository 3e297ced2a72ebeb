import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/admin/coupons/admin-coupons";
import { couponAdminMessages } from "../../core/validation/coupon-form";
import { callRoute, dataOf, getRequest, locationOf, type RouteFunction } from "../../tests/setup/route-call";
import { insertTestOrder, registerTestCustomer, signUpTestAdmin } from "../../tests/setup/test-commerce";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { coupon, couponUsage, order } from "../db/schema";
import type { AdminCouponView } from "./list-coupons";

const t = setupTestServices();
let adminCookie: string;
let customerCookie: string;
let customerId: string;

const call = (fn: RouteFunction, request: Request) => callRoute(fn, request, { services: t.services });

/** A success carries the spec's message; a refusal the error to show and its code (server/http/errors.ts). */
type ActionAnswer = { intent: string; ok: boolean; message?: string; error?: string; code?: string };

const post = async (fields: Record<string, string>, cookie = adminCookie) =>
  dataOf<ActionAnswer>(await call(action, formRequest("/admin/coupons", fields, cookie)));

async function listAsAdmin(): Promise<AdminCouponView[]> {
  const result = dataOf<{ coupons: AdminCouponView[]; error: string | null }>(
    await call(loader, getRequest("/admin/coupons", adminCookie)),
  );
  expect(result.data.error).toBeNull();
  return result.data.coupons;
}

/** The dialog's fields; a checkbox given as "" is left out, as a browser leaves out an unticked one. */
function couponForm(overrides: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {
    intent: "save",
    code: "summer-25",
    name: "Summer Sale",
    description: "Warm weather, cool prices",
    discountType: "percentage",
    discountValue: "12.5",
    minimumOrder: "50",
    unlimitedUses: "on",
    neverExpires: "on",
    ...overrides,
  };
  for (const checkbox of ["unlimitedUses", "neverExpires"])
    if (fields[checkbox] === "") delete fields[checkbox];
  return fields;
}

async function createCoupon(overrides: Record<string, string> = {}) {
  const answer = await post(couponForm(overrides));
  expect(answer.data).toEqual({ intent: "save", ok: true, message: couponAdminMessages.created });
  const code = (overrides.code ?? "summer-25").trim().toUpperCase();
  const [row] = await t.services.db.select().from(coupon).where(eq(coupon.code, code));
  if (!row) throw new Error(`coupon ${code} not stored`);
  return row;
}

let _orderCount = 0;
/** A paid order of the customer that used `couponId`, with its usage record. */
async function orderWithCoupon(couponId: string, code: string, withUsage = true) {
  _orderCount++;
  const created = await insertTestOrder(t.services.db, {
    userId: customerId,
    paidAt: new Date(),
    shippingAddress: "Nova Customer\n1 Night Street\nBerlin, BE 10115\nDE",
    couponId,
    couponCode: code,
    subtotalCents: 10000,
    discountCents: 1000,
  });
  if (withUsage) {
    await t.services.db
      .insert(couponUsage)
      .values({ couponId, userId: customerId, orderId: created.id, discountCents: 1000 });
  }
  return created;
}

const couponRow = async (id: string) =>
  (await t.services.db.select().from(coupon).where(eq(coupon.id, id)))[0];
const ordersOf = (id: string) => t.services.db.select().from(order).where(eq(order.couponId, id));
const usagesOf = (id: string) => t.services.db.select().from(couponUsage).where(eq(couponUsage.couponId, id));

beforeAll(async () => {
  adminCookie = (await signUpTestAdmin(t.services)).cookie;
  const customer = await registerTestCustomer(t.services);
  customerCookie = customer.cookie;
  customerId = customer.id;
  expect(customerId).not.toBe("");
});

describe("admin coupons: access", () => {
  it("the loader sends a visitor to /login and a customer to /forbidden", async () => {
    expect(locationOf(await call(loader, getRequest("/admin/coupons")))).toBe(
      "/login?redirectTo=%2Fadmin%2Fcoupons",
    );
    expect(locationOf(await call(loader, getRequest("/admin/coupons", customerCookie)))).toBe("/forbidden");
  });

  it("every action intent sends a customer to /forbidden and changes nothing", async () => {
    const target = await createCoupon({ code: "GUARDED" });
    const attempts = [
      couponForm({ code: "SNEAKY" }),
      couponForm({ id: target.id, code: "GUARDED", name: "Hijacked" }),
      { intent: "set-active", id: target.id, isActive: "false" },
      { intent: "delete", id: target.id },
      { intent: "anything-else", id: target.id },
    ];
    for (const fields of attempts) {
      expect(locationOf(await call(action, formRequest("/admin/coupons", fields, customerCookie)))).toBe(
        "/forbidden",
      );
      expect(locationOf(await call(action, formRequest("/admin/coupons", fields)))).toBe(
        "/login?redirectTo=%2Fadmin%2Fcoupons",
      );
    }
    expect(await couponRow(target.id)).toEqual(target);
    expect(await t.services.db.select().from(coupon).where(eq(coupon.code, "SNEAKY"))).toEqual([]);
  });
});

describe("admin coupons: create and list", () => {
  it("creates a coupon with the code upper-cased and the values converted", async () => {
    const created = await createCoupon();
    expect(created).toMatchObject({
      code: "SUMMER-25",
      name: "Summer Sale",
      description: "Warm weather, cool prices",
      discountType: "percentage",
      percentBasisPoints: 1250,
      amountOffCents: null,
      minimumOrderCents: 5000,
      usageLimit: null,
      usageCount: 0,
      expiresAt: null,
      isActive: true,
    });
  });

  it("creates a fixed coupon with a limit and an expiry instant", async () => {
    const created = await createCoupon({
      code: "TENOFF",
      discountType: "fixed",
      discountValue: "10",
      minimumOrder: "",
      unlimitedUses: "",
      usageLimit: "100",
      neverExpires: "",
      expiresAt: "2031-03-01T17:30:00.000Z",
    });
    expect(created).toMatchObject({
      amountOffCents: 1000,
      percentBasisPoints: null,
      minimumOrderCents: 0,
      usageLimit: 100,
      expiresAt: new Date("2031-03-01T17:30:00.000Z"),
    });
  });

  it("lists newest first with what the table shows", async () => {
    const coupons = await listAsAdmin();
    const codes = coupons.map((entry) => entry.code);
    expect(codes.indexOf("TENOFF")).toBeLessThan(codes.indexOf("SUMMER-25"));
    expect(codes.indexOf("SUMMER-25")).toBeLessThan(codes.indexOf("GUARDED"));
    const sorted = [...coupons].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(coupons.map((entry) => entry.createdAt)).toEqual(sorted.map((entry) => entry.createdAt));
  });

  it("refuses a duplicate code, whatever its case, with the spec's message", async () => {
    const answer = await post(couponForm({ code: "Summer-25", name: "Another" }));
    expect(answer.status).toBe(409);
    expect(answer.data).toEqual({
      intent: "save",
      ok: false,
      error: "Coupon code already exists",
      code: "coupon_code_taken",
    });
    expect(await t.services.db.select().from(coupon).where(eq(coupon.name, "Another"))).toEqual([]);
  });

  it("refuses invalid forms with the shared rules' messages and stores nothing", async () => {
    const before = (await listAsAdmin()).length;
    const cases: [Record<string, string>, string][] = [
      [{ code: "", name: "Empty code" }, "Please fill in all required fields"],
      [{ code: "NEWONE", discountValue: "0" }, "Discount value must be greater than 0"],
      [{ code: "NEWONE", discountValue: "101" }, "Percentage discount cannot exceed 100%"],
      [{ code: "NEWONE", unlimitedUses: "", usageLimit: "0" }, couponAdminMessages.usageLimitTooLow],
      [{ code: "BAD CODE" }, couponAdminMessages.codeFormat],
      [
        { code: "NEWONE", neverExpires: "", expiresAt: "2031-03-01T17:30" },
        couponAdminMessages.expiryInvalid,
      ],
    ];
    for (const [overrides, message] of cases) {
      const answer = await post(couponForm(overrides));
      expect(answer).toEqual({
        status: 400,
        data: { intent: "save", ok: false, error: message, code: "coupon_invalid" },
      });
    }
    expect((await listAsAdmin()).length).toBe(before);
  });
});

describe("admin coupons: edit and toggle", () => {
  it("edits every field and keeps usage_count; a limit below the uses is allowed", async () => {
    const original = await createCoupon({ code: "EDITME" });
    await t.services.db.update(coupon).set({ usageCount: 7 }).where(eq(coupon.id, original.id));
    const answer = await post(
      couponForm({
        id: original.id,
        code: "edited-1",
        name: "Edited",
        description: "",
        discountType: "fixed",
        discountValue: "5.5",
        minimumOrder: "20",
        unlimitedUses: "",
        usageLimit: "3",
        neverExpires: "",
        expiresAt: "2030-01-01T09:00:00+01:00",
      }),
    );
    expect(answer.data).toEqual({ intent: "save", ok: true, message: "Coupon updated successfully" });
    expect(await couponRow(original.id)).toMatchObject({
      code: "EDITED-1",
      name: "Edited",
      description: null,
      discountType: "fixed",
      percentBasisPoints: null,
      amountOffCents: 550,
      minimumOrderCents: 2000,
      usageLimit: 3,
      usageCount: 7,
      expiresAt: new Date("2030-01-01T08:00:00.000Z"),
      isActive: true,
      createdAt: original.createdAt,
    });
  });

  it("refuses to rename a coupon to another one's code", async () => {
    const mine = await createCoupon({ code: "MINE" });
    const answer = await post(couponForm({ id: mine.id, code: "summer-25" }));
    expect(answer.data.error).toBe("Coupon code already exists");
    expect((await couponRow(mine.id))?.code).toBe("MINE");
  });

  it("saving an unknown coupon says it no longer exists", async () => {
    const answer = await post(couponForm({ id: "00000000-0000-4000-8000-000000000000", code: "GHOST" }));
    expect(answer).toMatchObject({ status: 404, data: { ok: false, error: couponAdminMessages.notFound } });
    expect((await post(couponForm({ id: "not-a-uuid", code: "GHOST" }))).status).toBe(404);
  });

  it("deactivates and activates with the spec's messages; the list shows the status and expiry", async () => {
    const target = await createCoupon({
      code: "TOGGLE",
      neverExpires: "",
      expiresAt: "2020-01-01T00:00:00Z",
    });
    const off = await post({ intent: "set-active", id: target.id, isActive: "false" });
    expect(off.data).toEqual({ intent: "set-active", ok: true, message: "Coupon deactivated successfully" });
    expect((await couponRow(target.id))?.isActive).toBe(false);
    // sending the same wanted state twice is harmless
    expect((await post({ intent: "set-active", id: target.id, isActive: "false" })).data.ok).toBe(true);
    let listed = (await listAsAdmin()).find((entry) => entry.id === target.id);
    expect(listed).toMatchObject({ isActive: false, isExpired: true, expiresAt: "2020-01-01T00:00:00.000Z" });

    const on = await post({ intent: "set-active", id: target.id, isActive: "true" });
    expect(on.data).toEqual({ intent: "set-active", ok: true, message: "Coupon activated successfully" });
    listed = (await listAsAdmin()).find((entry) => entry.id === target.id);
    expect(listed).toMatchObject({ isActive: true, isExpired: true });
  });

  it("toggling an unknown coupon fails without touching anything", async () => {
    const answer = await post({
      intent: "set-active",
      id: "00000000-0000-4000-8000-000000000000",
      isActive: "true",
    });
    expect(answer).toMatchObject({ status: 404, data: { ok: false } });
  });
});

describe("admin coupons: delete", () => {
  it("unlinks the coupon's orders, removes its usage rows and the coupon, and says how many orders", async () => {
    const target = await createCoupon({ code: "GOODBYE" });
    const other = await createCoupon({ code: "STAYS" });
    const first = await orderWithCoupon(target.id, target.code);
    const second = await orderWithCoupon(target.id, target.code, false);
    const unrelated = await orderWithCoupon(other.id, other.code);

    const answer = await post({ intent: "delete", id: target.id });
    expect(answer.data).toEqual({
      intent: "delete",
      ok: true,
      message: "Coupon deleted successfully (removed from 2 orders)",
    });
    expect(await couponRow(target.id)).toBeUndefined();
    expect(await usagesOf(target.id)).toEqual([]);
    const [firstAfter] = await t.services.db.select().from(order).where(eq(order.id, first.id));
    const [secondAfter] = await t.services.db.select().from(order).where(eq(order.id, second.id));
    // the orders stay, with the code they were bought with, no longer linked
    expect(firstAfter).toMatchObject({ couponId: null, couponCode: "GOODBYE", discountCents: 1000 });
    expect(secondAfter).toMatchObject({ couponId: null, couponCode: "GOODBYE" });
    // another coupon's order and usage are untouched
    expect((await ordersOf(other.id)).map((row) => row.id)).toEqual([unrelated.id]);
    expect(await usagesOf(other.id)).toHaveLength(1);
  });

  it("says one order in the singular, and nothing when no order used it", async () => {
    const one = await createCoupon({ code: "ONEORDER" });
    await orderWithCoupon(one.id, one.code);
    expect((await post({ intent: "delete", id: one.id })).data.message).toBe(
      "Coupon deleted successfully (removed from 1 order)",
    );
    const unused = await createCoupon({ code: "UNUSED" });
    expect((await post({ intent: "delete", id: unused.id })).data.message).toBe(
      "Coupon deleted successfully",
    );
  });

  it("is all or nothing: when the last step fails, the orders and usage rows are as before", async () => {
    const target = await createCoupon({ code: "STUCK" });
    const linked = await orderWithCoupon(target.id, target.code);
    const usagesBefore = await usagesOf(target.id);
    expect(usagesBefore).toHaveLength(1);

    // a row that refers to the coupon and forbids its deletion: the final DELETE fails after the
    // orders were unlinked and the usage rows deleted inside the transaction
    await t.services.db.execute(
      sql`create table coupon_delete_blocker (coupon_id uuid not null references coupon(id) on delete restrict)`,
    );
    try {
      await t.services.db.execute(sql`insert into coupon_delete_blocker values (${target.id})`);
      const answer = await post({ intent: "delete", id: target.id });
      expect(answer).toEqual({
        status: 500,
        data: { intent: "delete", ok: false, error: "Failed to delete coupon", code: "unexpected" },
      });
      expect(await couponRow(target.id)).toEqual(target);
      expect((await ordersOf(target.id)).map((row) => row.id)).toEqual([linked.id]);
      expect(await usagesOf(target.id)).toEqual(usagesBefore);
    } finally {
      await t.services.db.execute(sql`drop table coupon_delete_blocker`);
    }

    // with the obstacle gone the same delete goes through
    const retry = await post({ intent: "delete", id: target.id });
    expect(retry.data.message).toBe("Coupon deleted successfully (removed from 1 order)");
  });

  it("deleting an unknown coupon fails cleanly", async () => {
    const answer = await post({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" });
    expect(answer).toMatchObject({ status: 404, data: { ok: false, error: couponAdminMessages.notFound } });
  });
});

describe("admin coupons: failures", () => {
  it("a database failure while loading shows 'Failed to load coupons'", async () => {
    await t.services.db.execute(sql`alter table coupon rename to coupon_away`);
    try {
      const result = dataOf<{ coupons: unknown[]; error: string | null }>(
        await call(loader, getRequest("/admin/coupons", adminCookie)),
      );
      expect(result.data).toEqual({ coupons: [], error: "Failed to load coupons" });
      expect(result.status).toBe(500);
      const save = await post(couponForm({ code: "NOTABLE" }));
      expect(save).toEqual({
        status: 500,
        data: { intent: "save", ok: false, error: "Failed to save coupon", code: "unexpected" },
      });
      const toggle = await post({
        intent: "set-active",
        id: "00000000-0000-4000-8000-000000000000",
        isActive: "true",
      });
      expect(toggle.data.error).toBe("Failed to update coupon status");
    } finally {
      await t.services.db.execute(sql`alter table coupon_away rename to coupon`);
    }
  });

  it("an unknown intent is a 400", async () => {
    const result = await call(action, formRequest("/admin/coupons", { intent: "explode" }, adminCookie));
    expect(result).toMatchObject({ init: { status: 400 } });
  });
});
