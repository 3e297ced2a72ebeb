import { type ComponentProps, useId } from "react";
import { Input, Label, Textarea } from "~/components/ui/input";
import type { ProductSafetyFields as SafetyValues } from "../../../../core/product-safety";
import {
  MAX_CARE_INSTRUCTIONS_LENGTH,
  MAX_COMPOSITION_LENGTH,
  MAX_EU_RESPONSIBLE_PERSON_LENGTH,
  MAX_MANUFACTURER_ADDRESS_LENGTH,
  MAX_MANUFACTURER_CONTACT_LENGTH,
  MAX_MANUFACTURER_NAME_LENGTH,
  MAX_SAFETY_WARNINGS_LENGTH,
} from "../../../../core/validation/product-form";

type Field = keyof SafetyValues;

/** A labelled text field of the group, one line or several. */
function SafetyField({
  name,
  label,
  product,
  multiline,
  ...input
}: { name: Field; label: string; product: SafetyValues | null; multiline?: boolean } & Pick<
  ComponentProps<"input">,
  "maxLength" | "placeholder"
>) {
  const id = useId();
  const value = product?.[name] ?? "";
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea id={id} name={name} defaultValue={value} rows={2} className="min-h-16" {...input} />
      ) : (
        <Input id={id} name={name} defaultValue={value} autoComplete="off" {...input} />
      )}
    </div>
  );
}

/**
 * The product dialog's "Product safety" group (GPSR Art. 19, core/product-safety.ts): who made the
 * product and how to reach them, the EU responsible person, composition, care and warnings.
 */
export function ProductSafetyFields({ product }: { product: SafetyValues | null }) {
  const hintId = useId();
  const shared = { product };
  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-4 rounded-lg border p-4">
      <legend className="px-1 font-semibold text-sm">Product safety</legend>
      <p id={hintId} className="-mt-2 text-muted-foreground text-xs">
        Shown on the product page, as EU product safety law requires. Leave the manufacturer's three fields
        empty when the product is your own brand: your shop is then named as its manufacturer. For a
        manufacturer outside the EU, also name its EU responsible person.
      </p>
      <SafetyField
        {...shared}
        name="manufacturerName"
        label="Manufacturer name"
        maxLength={MAX_MANUFACTURER_NAME_LENGTH}
      />
      <SafetyField
        {...shared}
        name="manufacturerAddress"
        label="Manufacturer postal address"
        multiline
        maxLength={MAX_MANUFACTURER_ADDRESS_LENGTH}
      />
      <SafetyField
        {...shared}
        name="manufacturerEmail"
        label="Manufacturer e-mail or web address"
        placeholder="E.g. contact@maker.com"
        maxLength={MAX_MANUFACTURER_CONTACT_LENGTH}
      />
      <SafetyField
        {...shared}
        name="euResponsiblePerson"
        label="EU responsible person"
        placeholder="Name, postal address and e-mail"
        multiline
        maxLength={MAX_EU_RESPONSIBLE_PERSON_LENGTH}
      />
      <SafetyField
        {...shared}
        name="composition"
        label="Composition"
        placeholder="E.g. 100% organic cotton, 280 g/m²"
        maxLength={MAX_COMPOSITION_LENGTH}
      />
      <SafetyField
        {...shared}
        name="careInstructions"
        label="Care instructions"
        placeholder="E.g. Machine wash cold, inside out. Do not tumble dry."
        multiline
        maxLength={MAX_CARE_INSTRUCTIONS_LENGTH}
      />
      <SafetyField
        {...shared}
        name="safetyWarnings"
        label="Safety warnings"
        placeholder="E.g. Keep away from fire."
        multiline
        maxLength={MAX_SAFETY_WARNINGS_LENGTH}
      />
    </fieldset>
  );
}
