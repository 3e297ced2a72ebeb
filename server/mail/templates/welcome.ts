import {
  joinUrl,
  type RenderedEmail,
  renderButton,
  renderHeading,
  renderLayout,
  renderParagraph,
} from "../layout";

/** Sent once, right after an account is created. */
export function welcomeEmail(options: {
  storeName: string;
  publicUrl: string;
  name?: string | null;
}): RenderedEmail {
  const { storeName } = options;
  const shopUrl = joinUrl(options.publicUrl, "/products");
  const greeting = `Hi ${options.name?.trim() || "there"},`;
  const intro = `Your ${storeName} account is ready: follow every order and track your parcels in one place.`;
  const invite = "The new collection is waiting.";

  const { html, text } = renderLayout({
    storeName,
    publicUrl: options.publicUrl,
    preheader: `Your ${storeName} account is ready.`,
    bodyHtml: [
      renderHeading(`Welcome to ${storeName}`, { eyebrow: "Account created" }),
      renderParagraph(greeting),
      renderParagraph(intro),
      renderParagraph(invite),
      renderButton(shopUrl, "Start Shopping"),
    ].join("\n"),
    bodyText: [
      `WELCOME TO ${storeName.toUpperCase()}`,
      "",
      greeting,
      "",
      intro,
      "",
      invite,
      "",
      `Start Shopping: ${shopUrl}`,
    ].join("\n"),
  });
  return { subject: `Welcome to ${storeName}`, html, text };
}
