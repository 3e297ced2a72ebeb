// What /withdraw's action accepts (app/routes/withdraw/withdraw.tsx; docs/LEGAL.md#withdrawal): a
// signed-in customer's withdrawal from one of their orders (the whole order, or `quantity.<order
// item id>` units of its lines), or a signed-out visitor's with the order number and its e-mail.
import { z } from "zod";
import { withdrawalMessages } from "../withdrawal";
import { formField, idField, intent } from "./action-schema";
import { WITHDRAWAL_QUANTITY_PREFIX } from "./withdrawal-fields";

/** The confirmation's key, made by the browser when the "Confirm withdrawal" step is shown. */
const requestKey = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, withdrawalMessages.failed);

/** The chosen units per order line; lines left at 0 are not withdrawn from. */
function linesOf(values: Record<string, unknown>): Array<{ orderItemId: string; quantity: number }> {
  return Object.entries(values).flatMap(([name, value]) => {
    if (!name.startsWith(WITHDRAWAL_QUANTITY_PREFIX) || typeof value !== "string") return [];
    const quantity = /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    return [{ orderItemId: name.slice(WITHDRAWAL_QUANTITY_PREFIX.length), quantity }];
  });
}

/** The signed-out form's fields: what identifies the contract, nothing more. */
export const guestWithdrawalSchema = z.object({
  name: z.string().trim().min(1, withdrawalMessages.nameRequired).max(200, withdrawalMessages.nameRequired),
  orderNumber: z
    .string()
    .trim()
    .min(1, withdrawalMessages.orderNumberRequired)
    .max(40, withdrawalMessages.orderNumberRequired),
  email: z
    .string()
    .trim()
    .min(1, withdrawalMessages.emailRequired)
    .pipe(z.email(withdrawalMessages.emailRequired)),
});

export const withdrawalActions = z.discriminatedUnion("intent", [
  intent("withdraw", {
    orderId: idField("Order not found."),
    scope: z.enum(["order", "items"], { message: withdrawalMessages.chooseItems }),
    requestKey,
  })
    .loose()
    .transform(({ intent, orderId, scope, requestKey, ...fields }) => {
      const lines = scope === "order" ? null : linesOf(fields);
      return { intent, orderId, requestKey, lines };
    }),
  intent("guest", { name: formField, orderNumber: formField, email: formField, requestKey }),
]);
