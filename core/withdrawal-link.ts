// The withdrawal function's link (Art. 11a of the Consumer Rights Directive; docs/LEGAL.md#withdrawal),
// which every page's footer shows. Apart from the rest of core/withdrawal.ts, so the footer, which
// every page downloads, does not bring the withdrawal's messages and statement with it
// (docs/PERFORMANCE.md#first-load-javascript).

/** The withdrawal function's label, in the words of Art. 11a(1). */
export const WITHDRAW_LINK_LABEL = "Withdraw from contract here";

/** Where the withdrawal function (Art. 11a), its instructions and the model form are. */
export const WITHDRAWAL_PATHS = {
  withdraw: "/withdraw",
  instructions: "/legal/withdrawal",
  form: "/legal/withdrawal-form",
} as const;
