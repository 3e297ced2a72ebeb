import { pino } from "pino";
import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { settle } from "../../tests/setup/route-call";
import { AppError } from "../app-error";
import { handleAction, listLoadFailure, reportFailure } from "./errors";

/** A request's logger whose lines the test reads. */
function recordingContext() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { context: { log }, lines };
}

const options = { fallback: "Failed to save coupon", what: "coupon not saved", details: { couponId: "c1" } };

/** What node-postgres throws when the server refuses the connection. */
function connectionRefused() {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
}

describe("handleAction", () => {
  it("answers with the use case's result when nothing is thrown", async () => {
    const { context, lines } = recordingContext();
    expect(await handleAction(context, options, async () => ({ ok: true }))).toEqual({ ok: true });
    expect(lines).toEqual([]);
  });

  it("shows an AppError's own message with its status and code, logged as one line without a stack", async () => {
    const { context, lines } = recordingContext();
    const answer = await handleAction(context, { ...options, extra: { intent: "save", ok: false } }, () =>
      Promise.reject(new AppError("coupon_code_taken", "Coupon code already exists", 409)),
    );
    expect(settle(answer)).toMatchObject({
      status: 409,
      data: { intent: "save", ok: false, error: "Coupon code already exists", code: "coupon_code_taken" },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, code: "coupon_code_taken", couponId: "c1" });
    expect(lines[0]!.err).toBeUndefined();
  });

  it("answers a database outage with 503 and the generic message, one warning line", async () => {
    const { context, lines } = recordingContext();
    const answer = await handleAction(context, options, () => Promise.reject(connectionRefused()));
    expect(settle(answer)).toMatchObject({
      status: 503,
      data: { error: "Failed to save coupon", code: "unexpected" },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, code: "ECONNREFUSED", couponId: "c1" });
    expect(lines[0]!.err).toBeUndefined();
  });

  it("answers any other error with 500 and the generic message, logged once with its stack", async () => {
    const { context, lines } = recordingContext();
    const answer = await handleAction(context, options, () => Promise.reject(new TypeError("a bug")));
    expect(settle(answer)).toMatchObject({
      status: 500,
      data: { error: "Failed to save coupon", code: "unexpected" },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "coupon not saved", couponId: "c1" });
    expect(lines[0]!.err).toMatchObject({ message: "a bug", stack: expect.stringContaining("TypeError") });
  });

  it("lets a thrown redirect through", async () => {
    const { context, lines } = recordingContext();
    const thrown = await handleAction(context, options, () => Promise.reject(redirect("/login"))).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login");
    expect(lines).toEqual([]);
  });
});

describe("reportFailure", () => {
  it("says what to tell the person and with which status", () => {
    const { context } = recordingContext();
    expect(reportFailure(context, new AppError("gone", "Not here", 404), options)).toEqual({
      status: 404,
      error: "Not here",
      code: "gone",
    });
  });
});

describe("listLoadFailure", () => {
  const list = { ...options, fallback: "Failed to load coupons", empty: { coupons: [] } };

  it("keeps the page with the spec's message, answering 500 or 503", () => {
    const { context, lines } = recordingContext();
    expect(settle(listLoadFailure(context, new Error("relation does not exist"), list))).toMatchObject({
      status: 500,
      data: { coupons: [], error: "Failed to load coupons" },
    });
    expect(settle(listLoadFailure(context, connectionRefused(), list)).status).toBe(503);
    expect(lines.map((line) => line.level)).toEqual([50, 40]);
  });

  it("shows the error page for an AppError, with its status", () => {
    const { context } = recordingContext();
    let thrown: unknown;
    try {
      listLoadFailure(context, new AppError("bad_query", "Invalid search", 400), list);
    } catch (error) {
      thrown = error;
    }
    expect(settle(thrown)).toMatchObject({ status: 400, data: "Invalid search" });
  });
});
