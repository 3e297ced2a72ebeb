// What the cart's action accepts (app/routes/cart/cart.tsx): the checkout dialog's steps. Only ids,
// quantities, an address and a code come from the browser; the address's rules and messages are
// in shipping-form.ts, the lines' in server/checkout/checkout-lines.ts.
import { z } from "zod";
import { checkoutMessages } from "../checkout";
import { formField, idField, intent } from "./action-schema";

const orderId = idField(checkoutMessages.orderNotFound);

export const cartActions = z.discriminatedUnion("intent", [
  intent("coupon", { code: formField, lines: formField }),
  intent("prepare", {
    lines: formField,
    couponCode: formField,
    fullName: formField,
    addressLine1: formField,
    addressLine2: formField,
    city: formField,
    state: formField,
    zipCode: formField,
    country: formField,
    note: formField,
  }),
  intent("pay", { orderId }),
  intent("cancel", { orderId }),
]);
