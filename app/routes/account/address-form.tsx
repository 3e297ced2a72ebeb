import { MapPinIcon } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { AddressFields } from "~/components/address-fields";
import { FormError } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { useFormError } from "~/lib/use-form-error";
import { checkoutMessages, type PostalAddress, shippingDefaults } from "../../../core/checkout";
import { addressSchema } from "../../../core/validation/shipping-form";
import type { action } from "./account-profile";

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
  const result = fetcher.data?.intent === "address" ? fetcher.data : undefined;
  const { error, invalidField, onSubmit, onChange } = useFormError(
    result && !result.ok ? result.error : undefined,
    addressSchema,
  );
  const [values, setValues] = useState<PostalAddress>(() => address ?? shippingDefaults(null, accountName));
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== "address") return;
    if (answer.ok) toast.success(checkoutMessages.addressSaved);
    else toast.error(answer.error);
  });
  return (
    <section className="max-w-xl rounded-xl border bg-card/60 p-6" aria-labelledby="address-heading">
      <h2 id="address-heading" className="mb-2 flex items-center gap-2 font-semibold text-xl">
        <MapPinIcon className="size-5 text-accent" aria-hidden /> Shipping address
      </h2>
      <p className="mb-6 text-muted-foreground text-sm">
        {address
          ? "The checkout starts with this address. It is updated each time you check out."
          : "No address saved yet. Save one here, or it is remembered at your next checkout."}
      </p>
      <FormError message={error} id="address-error" />
      <fetcher.Form
        method="post"
        className="flex flex-col gap-5"
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
      >
        <input type="hidden" name="intent" value="address" />
        <AddressFields
          values={values}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          invalidField={invalidField}
          errorId="address-error"
        />
        <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Save Address"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
