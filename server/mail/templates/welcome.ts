import { button, composeEmail, greeting, heading, paragraph } from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

/** Sent once, right after an account is created. */
export function welcomeEmail(options: {
  storeName: string;
  publicUrl: string;
  name?: string | null;
}): RenderedEmail {
  const { storeName } = options;
  return composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    subject: `Welcome to ${storeName}`,
    preheader: `Your ${storeName} account is ready.`,
    body: [
      heading(`Welcome to ${storeName}`, { eyebrow: "Account created" }),
      greeting(options.name),
      paragraph(
        `Your ${storeName} account is ready: follow every order and track your parcels in one place.`,
      ),
      paragraph("The new collection is waiting."),
      button(joinUrl(options.publicUrl, "/products"), "Start Shopping"),
    ],
  });
}
