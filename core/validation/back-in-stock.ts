// "Notify me when it's back" (docs/BACK-IN-STOCK.md): the product page's form for a sold-out size,
// what its action accepts, and the words the shopper reads.
import { z } from "zod";
import { authMessages, isAcceptableEmail, normalizeEmail } from "../auth";
import { formField, idField, intent } from "./action-schema";
import { requiredText } from "./form-schema";

export const backInStockMessages = {
  sizeNotFound: "This size is no longer sold.",
  inStock: "This size is in stock again: you can add it to your cart.",
  /** Signed out: the same answer whether or not the address asked before (nothing is disclosed). */
  checkInbox: (email: string) =>
    `Check your inbox: we sent a message to ${email}. Confirm with its link and we will e-mail you once when this size is back.`,
  onTheList: (email: string) => `You're on the list: we will e-mail ${email} once when this size is back.`,
  alreadyOnTheList: (email: string) =>
    `You're already on the list: we will e-mail ${email} once when this size is back.`,
  invalidLink: "This confirmation link is invalid or has already been used.",
  failed: "Your request could not be saved. Please try again.",
} as const;

/**
 * The signed-out form: an e-mail address, checked with the account forms' rules and messages. The
 * browser checks the pattern (no blocked domains: the product page is the same for everyone); the
 * server passes the store's blocked domains (config.blockedEmailDomains).
 */
export function backInStockEmailSchema(blockedDomains: readonly string[] = []) {
  return z.object({
    email: requiredText(authMessages.emailRequired)
      .refine((email) => isAcceptableEmail(email, blockedDomains), authMessages.invalidEmail)
      .transform(normalizeEmail),
  });
}

/** What POST /back-in-stock accepts: the size (variant) and, signed out, the address. */
export const backInStockActions = z.discriminatedUnion("intent", [
  intent("notify", { variantId: idField(backInStockMessages.sizeNotFound), email: formField }),
]);
