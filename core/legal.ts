// The consumer's right of withdrawal as the store's pages and e-mails describe it (docs/LEGAL.md).

/** The statutory withdrawal period in days (Art. 9 Consumer Rights Directive): not a setting. */
export const WITHDRAWAL_PERIOD_DAYS = 14;

/** Where the withdrawal function (Art. 11a), its instructions and the model form are. */
export const WITHDRAWAL_PATHS = {
  withdraw: "/withdraw",
  instructions: "/legal/withdrawal",
  form: "/legal/withdrawal-form",
} as const;

/** The withdrawal function's label, in the words of Art. 11a(1). */
export const WITHDRAW_LABEL = "Withdraw from contract here";
