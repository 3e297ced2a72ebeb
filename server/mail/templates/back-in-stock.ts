import type { Seller } from "../../../core/seller";
import * as mail from "../blocks";
import type { RenderedEmail } from "../layout";

/** What every back-in-stock e-mail names: the store, and the size asked for. */
interface BackInStockMailOptions {
  storeName: string;
  publicUrl: string;
  /** Named in the footer (Art. 6(1)(c) Consumer Rights Directive). */
  seller: Seller;
  /** "Hoodie (M)", "Hoodie (Black, M)". */
  itemName: string;
}

/** The store's frame around one of these e-mails. */
function compose(
  options: BackInStockMailOptions,
  message: { subject: string; preheader: string; body: readonly mail.MailBlock[] },
): RenderedEmail {
  return mail.composeEmail({
    storeName: options.storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    ...message,
  });
}

/**
 * The double opt-in of a signed-out request (docs/BACK-IN-STOCK.md): nothing is sent about the size
 * until the link is followed, so nobody can sign a stranger's address up for alerts.
 */
export function backInStockConfirmEmail(
  options: BackInStockMailOptions & { confirmUrl: string },
): RenderedEmail {
  const { storeName, itemName } = options;
  return compose(options, {
    subject: `Confirm your alert: ${itemName}`,
    preheader: `One click and we tell you when ${itemName} is back.`,
    body: [
      mail.heading("Confirm your alert", { eyebrow: "Back in stock" }),
      mail.paragraph(
        `Someone, probably you, asked ${storeName} to e-mail this address when ${itemName} is back in stock. Confirm with the button below and we will send you one e-mail when it is.`,
      ),
      mail.button(options.confirmUrl, "Confirm Alert", { pasteLink: true }),
      mail.divider(),
      mail.paragraph(
        "If you did not ask for this, ignore this e-mail: without the confirmation we never write to you about it, and the request is deleted within a week.",
        { muted: true },
      ),
    ],
  });
}

/** A signed-out request for a size the address already waits for: said here, never on the web page. */
export function backInStockAlreadyWaitingEmail(options: BackInStockMailOptions): RenderedEmail {
  const { itemName } = options;
  return compose(options, {
    subject: `You're already on the list: ${itemName}`,
    preheader: `We will e-mail you once when ${itemName} is back.`,
    body: [
      mail.heading("You're already on the list", { eyebrow: "Back in stock" }),
      mail.paragraph(
        `This address is already waiting for ${itemName}. We will send you one e-mail when it is back in stock; there is nothing else to do.`,
      ),
      mail.paragraph("If you did not ask again, you can ignore this e-mail.", { muted: true }),
    ],
  });
}

/** The alert: the size is back. Sent once; the request is then closed. */
export function backInStockEmail(options: BackInStockMailOptions & { productUrl: string }): RenderedEmail {
  const { storeName, itemName } = options;
  return compose(options, {
    subject: `Back in stock: ${itemName}`,
    preheader: `${itemName} is back. Sizes sell out fast.`,
    body: [
      mail.heading(`${itemName} is back`, { eyebrow: "Back in stock" }),
      mail.paragraph(
        `Good news: ${itemName} is back in stock at ${storeName}. Sizes sell out fast, and this is the only e-mail we send about it.`,
      ),
      mail.button(options.productUrl, "Shop Now", { pasteLink: true }),
      mail.divider(),
      mail.paragraph(
        `You asked to be told once when this size was back. Your request is now closed and this address is not kept for anything else.`,
        { muted: true },
      ),
    ],
  });
}
