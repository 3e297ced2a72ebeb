import { MapPinIcon } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { AddressFields } from "~/components/address-fields";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { useIntentFormError } from "~/lib/use-form-error";
import { AccountSection, IntentForm } from "~/routes/account/account-section";
import { checkoutMessages, type PostalAddress, shippingDefaults } from "../../../core/checkout";
import type { action } from "./account-profile";

// fetched once the page is interactive: zod and the postcode patterns are not part of the page's
// first download (useFormError)
const loadAddressSchema = () =>
  import("../../../core/validation/shipping-form").then((module) => module.addressSchema);

/**
 * The Profile tab's "Shipping address": the address the checkout offers first, which the last
 * checkout remembered, edited here with the shipping form's schema and words.
 */
export function AccountAddress({
  address,
  accountName,
}: {
  address: PostalAddress | null;
  accountName: string;
}) {
  const fetcher = useFetcher<typeof action>();
  const { error, invalidField, ...check } = useIntentFormError(fetcher, "address", loadAddressSchema);
  const [values, setValues] = useState<PostalAddress>(() => address ?? shippingDefaults(null, accountName));
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== "address") return;
    if (answer.ok) toast.success(checkoutMessages.addressSaved);
    else toast.error(answer.error);
  });
  return (
    <AccountSection
      id="address"
      title="Shipping address"
      icon={MapPinIcon}
      className="max-w-xl"
      intro={
        <p>
          {address
            ? "The checkout starts with this address. It is updated each time you check out."
            : "No address saved yet. Save one here, or it is remembered at your next checkout."}
        </p>
      }
    >
      <IntentForm fetcher={fetcher} intent="address" check={check} error={error} errorId="address-error">
        <AddressFields
          values={values}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          invalidField={invalidField}
          errorId="address-error"
        />
        <Button type="submit" className="self-start" disabled={check.submitting}>
          {check.submitting ? "Saving..." : "Save Address"}
        </Button>
      </IntentForm>
    </AccountSection>
  );
}
