import type { ChangeEvent } from "react";
import { NativeSelect } from "./input";

/** A filter of a search form: choosing searches at once (the form's button does without JavaScript). */
export function submitOnChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit();
}

/** A filter's drop-down: "All …" and one option per choice; choosing searches at once. */
export function FilterSelect<T extends string>({
  name,
  value,
  label,
  allLabel,
  choices,
  labelOf = (choice) => choice,
  urlValueOf = (choice) => choice,
  className,
}: {
  name: string;
  value: string | undefined;
  label: string;
  allLabel: string;
  choices: readonly T[];
  labelOf?: (choice: T) => string;
  /** What the URL says for a choice, when not the choice itself. */
  urlValueOf?: (choice: T) => string;
  className?: string;
}) {
  return (
    <NativeSelect
      name={name}
      defaultValue={value}
      aria-label={label}
      className={className}
      onChange={submitOnChange}
    >
      <option value="">{allLabel}</option>
      {choices.map((choice) => (
        <option key={choice} value={urlValueOf(choice)}>
          {labelOf(choice)}
        </option>
      ))}
    </NativeSelect>
  );
}
