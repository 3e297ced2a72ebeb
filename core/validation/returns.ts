// The customer's return request form (/account/orders/:orderId/return; docs/RETURNS.md). One line
// per order item: `quantity.<orderItemId>` (0 = not returned) and, for an exchange,
// `exchangeSize.<orderItemId>` (return-fields.ts names them).
import { z } from "zod";
import {
  RETURN_COMMENT_MAX_LENGTH,
  RETURN_ITEM_CONDITIONS,
  RETURN_REJECTION_MAX_LENGTH,
  RETURN_RESOLUTIONS,
  returnMessages,
} from "../returns";
import { PROOF_OF_SENDING_MAX_LENGTH, proofMessages } from "../withdrawal";
import { RETURN_QUANTITY_PREFIX, returnFieldNames } from "./return-fields";

export interface ReturnRequestInput {
  resolution: string;
  reason: string;
  comment: string;
  lines: Array<{ orderItemId: string; quantity: number; exchangeSize: string }>;
}

/** A posted field's text ("" when absent; the first when the name repeats, as FormData.get reads it). */
function text(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : "";
}

/** What the form says, read as it is; the server decides what may be returned (server/returns/request-return.ts). */
function readReturnRequest(values: Record<string, unknown>): ReturnRequestInput {
  const lines: ReturnRequestInput["lines"] = [];
  for (const name of Object.keys(values)) {
    if (!name.startsWith(RETURN_QUANTITY_PREFIX)) continue;
    const orderItemId = name.slice(RETURN_QUANTITY_PREFIX.length);
    const raw = text(values, name).trim();
    // anything that is not a whole number is refused by the schema (NaN)
    const quantity = /^\d{1,4}$/.test(raw) ? Number(raw) : raw === "" ? 0 : Number.NaN;
    lines.push({
      orderItemId,
      quantity,
      exchangeSize: text(values, returnFieldNames.exchangeSize(orderItemId)).trim(),
    });
  }
  return {
    resolution: text(values, "resolution"),
    reason: text(values, "reason"),
    comment: text(values, "comment"),
    lines,
  };
}

/**
 * The request form as posted (the route's action schema): its `quantity.<id>` and
 * `exchangeSize.<id>` fields gathered into lines. Whether they make a request is
 * returnRequestSchema's question, which the use case parses with.
 */
export const returnRequestFields = z.record(z.string(), z.unknown()).transform(readReturnRequest);

/** The shape of a request; whether its lines and sizes may be returned is the server's question. */
export const returnRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        orderItemId: z.uuid({ error: returnMessages.chooseItems }),
        quantity: z.number({ error: returnMessages.chooseItems }).int().min(0).max(1000),
        exchangeSize: z.string().max(20),
      }),
    )
    .max(200)
    .transform((lines) => lines.filter((line) => line.quantity > 0))
    .refine((lines) => lines.length > 0, returnMessages.chooseItems),
  reason: z.string({ error: returnMessages.chooseReason }).trim().min(1, returnMessages.chooseReason).max(40),
  comment: z
    .string()
    .trim()
    .max(RETURN_COMMENT_MAX_LENGTH, returnMessages.commentTooLong)
    .transform((value) => value || null),
  resolution: z.enum(RETURN_RESOLUTIONS, { error: returnMessages.chooseResolution }),
});

export const returnRejectionSchema = z.object({
  reason: z
    .string({ error: returnMessages.rejectionRequired })
    .trim()
    .min(1, returnMessages.rejectionRequired)
    .max(RETURN_REJECTION_MAX_LENGTH, returnMessages.rejectionTooLong),
});

/** Marking a return received: every one of its items (by return item id) is sellable or damaged. */
export const returnConditionsSchema = (returnItemIds: readonly string[]) =>
  z.object(
    Object.fromEntries(
      returnItemIds.map((id) => [
        id,
        z.enum(RETURN_ITEM_CONDITIONS, { error: returnMessages.conditionRequired }),
      ]),
    ),
  );

/**
 * The browser's check of the request form, in the order the server checks (the server stays the
 * authority): the request's shape, then, for an exchange, a size for each chosen line.
 */
export const returnRequestFormSchema = (lines: ReadonlyArray<{ orderItemId: string; productName: string }>) =>
  returnRequestFields.pipe(returnRequestSchema).superRefine((request, ctx) => {
    if (request.resolution !== "exchange") return;
    const missing = request.lines.find((line) => !line.exchangeSize);
    const name = lines.find((line) => line.orderItemId === missing?.orderItemId)?.productName;
    if (name)
      ctx.addIssue({ code: "custom", message: returnMessages.chooseExchangeSize(name), path: ["lines"] });
  });

/** An admin's record of a withdrawal's proof of sending (the refund then goes ahead). */
export const proofOfSendingSchema = z.object({
  proof: z
    .string()
    .trim()
    .min(1, proofMessages.required)
    .max(PROOF_OF_SENDING_MAX_LENGTH, proofMessages.tooLong),
});
