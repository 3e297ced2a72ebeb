import { MinusIcon, PlusIcon } from "lucide-react";
import { cn } from "~/lib/utils";

export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  size = "default",
  disabled = false,
}: {
  value: number;
  min?: number;
  max: number;
  onChange: (next: number) => void;
  /** Names what the quantity is of, for screen readers. */
  label: string;
  size?: "default" | "sm";
  disabled?: boolean;
}) {
  const buttonClass = cn(
    "flex items-center justify-center text-muted-foreground transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-35",
    size === "sm" ? "size-8" : "size-10",
  );
  return (
    <fieldset className="m-0 inline-flex min-w-0 items-center rounded-md border p-0">
      <legend className="sr-only">{label}</legend>
      <button
        type="button"
        className={buttonClass}
        onClick={() => onChange(value - 1)}
        disabled={disabled || value <= min}
        aria-label="Decrease quantity"
      >
        <MinusIcon className="size-4" />
      </button>
      <output
        className={cn("min-w-8 text-center font-medium tabular-nums", size === "sm" ? "text-sm" : "")}
        aria-live="polite"
      >
        {value}
      </output>
      <button
        type="button"
        className={buttonClass}
        onClick={() => onChange(value + 1)}
        disabled={disabled || value >= max}
        aria-label="Increase quantity"
      >
        <PlusIcon className="size-4" />
      </button>
    </fieldset>
  );
}
