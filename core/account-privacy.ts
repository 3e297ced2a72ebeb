// The privacy actions of /account Settings: "Download my data" and "Delete my account" (GDPR
// articles 15, 17 and 20; docs/ARCHITECTURE.md#data-export-and-erasure). One set of messages for the
// browser and the server; the deletion form's schema is core/validation/account-privacy.ts. Free
// of zod, so the Settings tab can show these without downloading it.
import { authMessages } from "./auth";

/** Why an order keeps the account from being deleted (server/privacy/delete-account.ts). */
export type DeletionBlocker =
  | { kind: "awaiting_payment"; orderNumber: string }
  | { kind: "not_delivered"; orderNumber: string }
  | { kind: "open_return"; orderNumber: string };

function blockerText(blocker: DeletionBlocker): string {
  switch (blocker.kind) {
    case "awaiting_payment":
      return `order ${blocker.orderNumber} is awaiting payment (complete or cancel it in My Orders)`;
    case "not_delivered":
      return `order ${blocker.orderNumber} has not been delivered yet`;
    case "open_return":
      return `order ${blocker.orderNumber} has an open return`;
  }
}

export const accountPrivacyMessages = {
  /** The password field of "Delete my account": the same words as the password change form. */
  passwordRequired: authMessages.currentPasswordRequired,
  passwordIncorrect: authMessages.currentPasswordIncorrect,
  deletionBlocked: (blockers: readonly DeletionBlocker[]) =>
    `Your account cannot be deleted while an order is in progress: ${blockers.map(blockerText).join("; ")}. Please try again once it is finished.`,
  lastAdmin: "You are the only administrator. Make another account an administrator before deleting yours.",
  deleted: "Your account has been deleted",
  deleteFailed: "Failed to delete your account. Please try again.",
  exportFailed: "Failed to download your data. Please try again.",
} as const;

/**
 * What "Delete my account" erases and what it keeps, as its confirmation names them before
 * anything is posted (server/privacy/delete-account.ts does exactly this).
 */
export const accountDeletionEffects = {
  erased: [
    "Your account: your name, e-mail address and profile",
    "Your sign-in details, with your password",
    "Your saved shipping address",
    "Every session: you are signed out on every device",
  ],
  kept: [
    "Your orders and their receipts, which tax law requires us to keep: they stay as records, detached from your account and no longer linked to you",
  ],
} as const;
