// What the cart's action accepts (app/routes/cart/cart.tsx): the checkout dialog's steps. Only ids,
// quantities, an address and a code come from the browser; the address's rules and messages are
// in shipping-form.ts, the lines' in server/checkout/checkout-lines.ts.
import { z } from "zod";
import { checkoutMessages } from "../checkout";
import { formField, idField, intent } from "./action-schema";

const orderId = idField(checkoutMessages.orderNotFound);

/** A postal address's fields as the shipping and address forms post them. */
export const addressFields = {
  fullName: formField,
  addressLine1: formField,
  addressLine2: formField,
  city: formField,
  state: formField,
  zipCode: formField,
  country: formField,
};

export const cartActions = z.discriminatedUnion("intent", [
  intent("coupon", { code: formField, lines: formField }),
  intent("prepare", { lines: formField, couponCode: formField, ...addressFields, note: formField }),
  intent("pay", { orderId }),
  intent("cancel", { orderId }),
]);
