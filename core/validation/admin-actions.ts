// What the admin screens' actions accept (app/routes/admin/). The schema is the envelope: which
// intents, which ids. The contents' rules and the spec's messages stay in each form's own schema
// (coupon-form.ts, product-form.ts, tax-rate-form.ts; the order update's in
// server/orders/update-order.ts), which the use case parses and the dialog checks with. The ids
// are checked by the use cases, which answer an id that names nothing as "not found" (404).
import { z } from "zod";
import { formField, intent } from "./action-schema";

/** /admin/orders: Save Changes of the edit dialog, and a paid order's cancel and refund. */
export const adminOrderActions = z.discriminatedUnion("intent", [
  intent("update", { orderId: formField, status: formField, trackingCode: formField }),
  intent("cancel-refund", { orderId: formField }),
]);

/** /admin/coupons: create or edit (no id: create), switch on or off, delete. */
export const adminCouponActions = z.discriminatedUnion("intent", [
  intent("save", { id: formField }),
  intent("set-active", { id: formField, isActive: formField.transform((value) => value === "true") }),
  intent("delete", { id: formField }),
]);

/** /admin/products: add or edit (no id: add), delete. */
export const adminProductActions = z.discriminatedUnion("intent", [
  intent("save", { id: formField }),
  intent("delete", { id: formField }),
]);

/** /admin/tax-rates: one country's rate. */
export const adminTaxRateActions = z.discriminatedUnion("intent", [intent("save", { country: formField })]);
