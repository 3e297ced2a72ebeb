import type { Seller } from "../../../core/seller";
import * as mail from "../blocks";
import type { RenderedEmail } from "../layout";

/**
 * Sent once, after an account was deleted (server/privacy/delete-account.ts): the person learns it
 * happened, and someone who deleted it without them would not go unnoticed. It names nobody: the
 * address it goes to is the only personal data it carries, and the mail queue forgets it a week
 * after delivery.
 */
export function accountDeletedEmail(options: {
  storeName: string;
  publicUrl: string;
  /** Named in the footer (Art. 6(1)(c) Consumer Rights Directive). */
  seller: Seller;
  /** Paid orders kept for the tax records, detached from the account. */
  keptOrderCount: number;
}): RenderedEmail {
  const { storeName, keptOrderCount } = options;
  const done = `Your ${storeName} account has been deleted, as you asked. Your profile, saved address and sign-in details are gone, and every device that was signed in has been signed out.`;
  const kept =
    keptOrderCount > 0
      ? `Tax law requires us to keep the records of your ${keptOrderCount === 1 ? "order" : `${keptOrderCount} orders`} and ${keptOrderCount === 1 ? "its receipt" : "their receipts"} for the statutory period. They are no longer linked to any account and are deleted when that period ends.`
      : "You had no orders with us, so nothing else is kept.";
  const notYou = "If you did not delete your account, reply to this e-mail and we will look into it.";

  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `Your ${storeName} account has been deleted`,
    preheader: `Your ${storeName} account has been deleted.`,
    body: [
      mail.heading("Your account has been deleted", { eyebrow: "Account deleted" }),
      mail.paragraph(done),
      mail.paragraph(kept),
      mail.paragraph(notYou, { muted: true }),
    ],
  });
}
