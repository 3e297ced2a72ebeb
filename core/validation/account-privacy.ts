// "Delete my account"'s form (/account Settings): the schema the server parses with and the
// browser checks with; its messages are core/account-privacy.ts.
import { z } from "zod";
import { accountPrivacyMessages } from "../account-privacy";

/** "Delete my account": the account's password confirms it. */
export const accountDeletionSchema = z.object({
  password: z
    .string({ error: accountPrivacyMessages.passwordRequired })
    .min(1, accountPrivacyMessages.passwordRequired),
});

export type AccountDeletionInput = z.input<typeof accountDeletionSchema>;
