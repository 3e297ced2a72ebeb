import { useId } from "react";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import { addressRulesOf } from "../../core/address-format";
import { EU_COUNTRIES, MAX_FIELD_LENGTH, type PostalAddress } from "../../core/checkout";

/**
 * The fields of a postal address, shared by the checkout's shipping step and the account's
 * "Shipping address" form. The region field follows the country (core/address-format.ts): named
 * "Province" and required in Italy, "County (optional)" in Ireland, left out where addresses
 * have none. `invalidField` is the field the form's message is about.
 */
export function AddressFields({
  values,
  onChange,
  invalidField,
  errorId,
}: {
  values: PostalAddress;
  onChange: (field: keyof PostalAddress, value: string) => void;
  invalidField?: string | null;
  /** The id of the form's message, which an invalid field points to. */
  errorId?: string;
}) {
  const id = useId();
  const rules = addressRulesOf(values.country);
  const field = (
    name: keyof PostalAddress,
    label: string,
    options: { optional?: boolean; autoComplete?: string; placeholder?: string } = {},
  ) => {
    const invalid = invalidField === name;
    return (
      <div className="grid gap-2">
        <Label htmlFor={`${id}-${name}`}>
          {label}
          {options.optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
        </Label>
        <Input
          id={`${id}-${name}`}
          name={name}
          value={values[name]}
          onChange={(event) => onChange(name, event.target.value)}
          autoComplete={options.autoComplete}
          placeholder={options.placeholder}
          maxLength={MAX_FIELD_LENGTH}
          required={!options.optional}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
      </div>
    );
  };

  return (
    <>
      {field("fullName", "Full Name", { autoComplete: "name" })}
      {field("addressLine1", "Address Line 1", { autoComplete: "address-line1" })}
      {field("addressLine2", "Address Line 2", { optional: true, autoComplete: "address-line2" })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("city", "City", { autoComplete: "address-level2" })}
        {rules.region !== "none" &&
          field("state", rules.regionLabel, {
            optional: rules.region === "optional",
            autoComplete: "address-level1",
          })}
        {field("zipCode", "ZIP Code", {
          autoComplete: "postal-code",
          placeholder: rules.postcodeExample ? `e.g. ${rules.postcodeExample}` : undefined,
        })}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-country`}>Country</Label>
          <NativeSelect
            id={`${id}-country`}
            name="country"
            value={values.country}
            onChange={(event) => onChange("country", event.target.value)}
            autoComplete="country"
          >
            {EU_COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </>
  );
}
