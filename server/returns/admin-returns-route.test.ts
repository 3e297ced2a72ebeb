// The admin's Returns screen as its route answers (app/routes/admin.returns.tsx): the list and its
// waiting count, a link to a return that is not there, and actions that name no return. Who may
// call it at all is server/auth/admin-access.test.ts's job.
import { beforeAll, describe, expect, it } from "vitest";
import { loader as adminLoader } from "../../app/routes/admin";
import { action as returnsAction, loader as returnsLoader } from "../../app/routes/admin.returns";
import { returnMessages } from "../../core/returns";
import { callRoute, dataOf, getRequest, type RouteFunction, settle } from "../../tests/setup/route-call";
import { signUpTestAdmin } from "../../tests/setup/test-commerce";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";

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
