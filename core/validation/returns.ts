// The customer's return request form (/account/orders/:orderId/return; docs/RETURNS.md). One line
// per order item: `quantity.<orderItemId>` (0 = not returned) and, for an exchange,
// `exchangeSize.<orderItemId>`.
import { z } from "zod";
import {
  RETURN_COMMENT_MAX_LENGTH,
  RETURN_ITEM_CONDITIONS,
  RETURN_REJECTION_MAX_LENGTH,
  RETURN_RESOLUTIONS,
  returnMessages,
} from "../returns";

export interface ReturnRequestInput {
  resolution: string;
  reason: string;
  comment: string;
  lines: Array<{ orderItemId: string; quantity: number; exchangeSize: string }>;
}

const QUANTITY_PREFIX = "quantity.";
const EXCHANGE_SIZE_PREFIX = "exchangeSize.";

export const returnFieldNames = {
  quantity: (orderItemId: string) => `${QUANTITY_PREFIX}${orderItemId}`,
  exchangeSize: (orderItemId: string) => `${EXCHANGE_SIZE_PREFIX}${orderItemId}`,
} as const;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** What the form says, read as it is; the server decides what may be returned (server/returns/request-return.ts). */
export function readReturnRequestForm(form: FormData): ReturnRequestInput {
  const lines: ReturnRequestInput["lines"] = [];
  for (const name of new Set(form.keys())) {
    if (!name.startsWith(QUANTITY_PREFIX)) continue;
    const orderItemId = name.slice(QUANTITY_PREFIX.length);
    const raw = text(form, name).trim();
    // anything that is not a whole number is refused by the schema (NaN)
    const quantity = /^\d{1,4}$/.test(raw) ? Number(raw) : raw === "" ? 0 : Number.NaN;
    lines.push({
      orderItemId,
      quantity,
      exchangeSize: text(form, returnFieldNames.exchangeSize(orderItemId)).trim(),
    });
  }
  return {
    resolution: text(form, "resolution"),
    reason: text(form, "reason"),
    comment: text(form, "comment"),
    lines,
  };
}

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
