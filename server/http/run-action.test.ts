import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { formField, idField, intent } from "../../core/validation/action-schema";
import { recordingLogger } from "../../tests/setup/recording-logger";
import { settle } from "../../tests/setup/route-call";
import { AppError } from "../app-error";
import { runAction } from "./run-action";

const NOT_FOUND = "Order not found.";
const ORDER_ID = "0b7f3c2e-9a41-4c55-8e0a-5d2f1b6c7a90";

const schema = z.discriminatedUnion("intent", [
  intent("rename", { name: formField }),
  intent("cancel", { orderId: idField(NOT_FOUND) }),
]);

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

/** Two intents whose use cases record what they were given; `cancel` may refuse or fail. */
function setup(cancel: (orderId: string) => Promise<unknown> = async () => undefined) {
  const { log, records } = recordingLogger();
  const rename = vi.fn(async (name: string) => name);
  const cancelOrder = vi.fn(cancel);
  const run = (fields: Record<string, string>) =>
    runAction({ log }, form(fields), schema, {
      rename: {
        fallback: "Failed to rename",
        what: "rename failed",
        run: async ({ intent, name }) => ({ intent, ok: true as const, name: await rename(name) }),
      },
      cancel: {
        fallback: "Failed to cancel",
        what: "cancel failed",
        details: { userId: "u1" },
        run: async ({ intent, orderId }) => {
          await cancelOrder(orderId);
          return { intent, ok: true as const };
        },
      },
    });
  return { run, rename, cancelOrder, records };
}

describe("runAction", () => {
  it("parses the form once with the intent's fields and runs that intent's use case", async () => {
    const { run, rename, cancelOrder } = setup();
    expect(await run({ intent: "rename", name: "Ada" })).toEqual({ intent: "rename", ok: true, name: "Ada" });
    expect(rename).toHaveBeenCalledWith("Ada");
    // a field the browser left out reads as "", as formText did
    expect(await run({ intent: "rename" })).toEqual({ intent: "rename", ok: true, name: "" });
    expect(await run({ intent: "cancel", orderId: ORDER_ID })).toEqual({ intent: "cancel", ok: true });
    expect(cancelOrder).toHaveBeenCalledWith(ORDER_ID);
  });

  it.each([
    ["an intent no handler has", { intent: "delete" }],
    ["no intent at all", {} as { intent?: string }],
    ["an intent named like an object's own property", { intent: "constructor" }],
    ["an intent named like the prototype", { intent: "__proto__" }],
  ])("answers %s with 400 Unknown request., running nothing", async (_, fields) => {
    const { run, rename, cancelOrder, records } = setup();
    expect(settle(await run(fields))).toMatchObject({
      status: 400,
      data: { intent: fields.intent ?? "", ok: false, error: "Unknown request.", code: "unknown_intent" },
    });
    expect(rename).not.toHaveBeenCalled();
    expect(cancelOrder).not.toHaveBeenCalled();
    expect(records).toEqual([expect.objectContaining({ level: 30, msg: "action refused: unknown intent" })]);
  });

  it.each([
    ["not a UUID", "42"],
    ["a UUID with a SQL tail", `${ORDER_ID}' or 1=1`],
    ["missing", undefined],
  ])("answers an id that is %s with 404 and the handler's not-found message", async (_, orderId) => {
    const { run, cancelOrder } = setup();
    const fields: Record<string, string> = { intent: "cancel" };
    if (orderId !== undefined) fields.orderId = orderId;
    expect(settle(await run(fields))).toMatchObject({
      status: 404,
      data: { intent: "cancel", ok: false, error: NOT_FOUND, code: "not_found" },
    });
    expect(cancelOrder).not.toHaveBeenCalled();
  });

  it("answers a use case's refusal with its message, status and code, with the intent", async () => {
    const { run, records } = setup(() =>
      Promise.reject(new AppError("order_not_cancellable", "This order can no longer be cancelled.", 409)),
    );
    expect(settle(await run({ intent: "cancel", orderId: ORDER_ID }))).toMatchObject({
      status: 409,
      data: {
        intent: "cancel",
        ok: false,
        error: "This order can no longer be cancelled.",
        code: "order_not_cancellable",
      },
    });
    // logged once, with the intent, the ids the form named and the handler's details
    expect(records).toEqual([
      expect.objectContaining({
        level: 30,
        code: "order_not_cancellable",
        intent: "cancel",
        orderId: ORDER_ID,
        userId: "u1",
      }),
    ]);
  });

  it("answers anything else with the handler's fallback, 500, logged once with the intent", async () => {
    const { run, records } = setup(() => Promise.reject(new TypeError("a bug")));
    expect(settle(await run({ intent: "cancel", orderId: ORDER_ID }))).toMatchObject({
      status: 500,
      data: { intent: "cancel", ok: false, error: "Failed to cancel", code: "unexpected" },
    });
    expect(records).toEqual([expect.objectContaining({ level: 50, intent: "cancel", userId: "u1" })]);
  });
});
