import type { Seller } from "../../../core/seller";
import * as mail from "../blocks";
import type { RenderedEmail } from "../layout";

/** Sent when someone asks to reset the password of an account. */
export function passwordResetEmail(options: {
  storeName: string;
  publicUrl: string;
  /** Named in the footer (Art. 6(1)(c) Consumer Rights Directive). */
  seller: Seller;
  name?: string | null;
  resetUrl: string;
  expiresInMinutes: number;
}): RenderedEmail {
  const { storeName } = options;
  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `Reset your ${storeName} password`,
    preheader: `Choose a new password within ${formatDuration(options.expiresInMinutes)}.`,
    body: [
      mail.heading("Reset your password", { eyebrow: "Account security" }),
      mail.greeting(options.name),
      mail.paragraph(
        `We received a request to reset the password of your ${storeName} account. Choose a new one with the button below.`,
      ),
      mail.button(options.resetUrl, "Reset Password", { pasteLink: true }),
      mail.divider(),
      mail.paragraph(`This link expires in ${formatDuration(options.expiresInMinutes)}.`, { muted: true }),
      mail.paragraph(
        "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
        {
          muted: true,
        },
      ),
    ],
  });
}

/** 30 -> "30 minutes", 60 -> "1 hour", 90 -> "90 minutes", 1440 -> "24 hours". */
function formatDuration(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? "" : "s"}`;
  }
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
