import {
  type RenderedEmail,
  renderButton,
  renderDivider,
  renderHeading,
  renderLayout,
  renderParagraph,
  renderPlainLink,
} from "../layout";

/** Sent when someone asks to reset the password of an account. */
export function passwordResetEmail(options: {
  storeName: string;
  publicUrl: string;
  name?: string | null;
  resetUrl: string;
  expiresInMinutes: number;
}): RenderedEmail {
  const { storeName, resetUrl } = options;
  const greeting = `Hi ${options.name?.trim() || "there"},`;
  const request = `We received a request to reset the password of your ${storeName} account. Choose a new one with the button below.`;
  const expiry = `This link expires in ${formatDuration(options.expiresInMinutes)}.`;
  const ignore = "If you did not ask for this, you can ignore this e-mail; your password stays the same.";

  const { html, text } = renderLayout({
    storeName,
    publicUrl: options.publicUrl,
    preheader: `Choose a new password within ${formatDuration(options.expiresInMinutes)}.`,
    bodyHtml: [
      renderHeading("Reset your password", { eyebrow: "Account security" }),
      renderParagraph(greeting),
      renderParagraph(request),
      renderButton(resetUrl, "Reset Password"),
      renderPlainLink("Or paste this link into your browser:", resetUrl),
      renderDivider(),
      renderParagraph(expiry, { muted: true }),
      renderParagraph(ignore, { muted: true }),
    ].join("\n"),
    bodyText: [
      "RESET YOUR PASSWORD",
      "",
      greeting,
      "",
      request,
      "",
      `Reset Password: ${resetUrl}`,
      "",
      expiry,
      "",
      ignore,
    ].join("\n"),
  });
  return { subject: `Reset your ${storeName} password`, html, text };
}

/** 30 -> "30 minutes", 60 -> "1 hour", 90 -> "90 minutes", 1440 -> "24 hours". */
function formatDuration(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? "" : "s"}`;
  }
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
