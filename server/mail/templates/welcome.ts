import type { Seller } from "../../../core/seller";
import * as mail from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

/** Sent once, right after an account is created. */
export function welcomeEmail(options: {
  storeName: string;
  publicUrl: string;
  /** Named in the footer (Art. 6(1)(c) Consumer Rights Directive). */
  seller: Seller;
  name?: string | null;
}): RenderedEmail {
  const { storeName } = options;
  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `Welcome to ${storeName}`,
    preheader: `Your ${storeName} account is ready.`,
    body: [
      mail.heading(`Welcome to ${storeName}`, { eyebrow: "Account created" }),
      mail.greeting(options.name),
      mail.paragraph(
        `Your ${storeName} account is ready: follow every order and track your parcels in one place.`,
      ),
      mail.paragraph("The new collection is waiting."),
      mail.button(joinUrl(options.publicUrl, "/products"), "Start Shopping"),
    ],
  });
}
