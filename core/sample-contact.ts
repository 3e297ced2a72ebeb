// The sample contact details a new store starts with, for its owner to replace: the footer's
// contact block (app/components/layout/site-footer.tsx) and the return address of the approval e-mail's
// default instructions (RETURN_INSTRUCTIONS, server/config.ts) both come from here, so a shopper
// never reads two addresses.
export const SAMPLE_CONTACT = {
  address: "123 Night Street, 10115 Berlin, Germany",
  phone: "+49 30 1234 5678",
  email: "support@nocturn.store",
} as const;

/** What the approval e-mail says to do with the parcel, unless RETURN_INSTRUCTIONS says otherwise. */
export function sampleReturnInstructions(storeName: string): string {
  return `Pack the items unworn with their tags, put a note with your return number (RMA) inside and send the parcel to: ${storeName} Returns, ${SAMPLE_CONTACT.address}. Keep the postage receipt until your return is complete.`;
}
