// What the account pages' actions accept (app/routes/account/). The forms' own rules and messages
// are in auth.ts (profile, password), shipping-form.ts (address) and account-privacy.ts (deletion).
import { z } from "zod";
import { checkoutMessages } from "../checkout";
import { returnMessages } from "../returns";
import { formField, idField, intent } from "./action-schema";
import { addressFields } from "./checkout-actions";

/** /account: the profile and the remembered address. */
export const profileActions = z.discriminatedUnion("intent", [
  intent("profile", { fullName: formField }),
  intent("address", addressFields),
]);

/** /account/orders: an unpaid order's payment or cancellation, and a return's cancellation. */
export const orderActions = z.discriminatedUnion("intent", [
  intent("complete-payment", { orderId: idField(checkoutMessages.orderNotFound) }),
  intent("cancel-order", { orderId: idField(checkoutMessages.orderNotFound) }),
  intent("cancel-return", { returnId: idField(returnMessages.notFound) }),
]);

/** /account/settings: the password, and deleting the account. */
export const settingsActions = z.discriminatedUnion("intent", [
  intent("password", { currentPassword: formField, newPassword: formField, confirmPassword: formField }),
  intent("delete-account", { password: formField }),
]);
