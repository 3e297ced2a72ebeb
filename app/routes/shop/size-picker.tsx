import { RulerIcon } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { SizeGuideTable } from "~/routes/shop/size-guide";
import type { SizeView } from "../../../core/product";

/**
 * The product page's size choice: a native radio group (arrow keys move, the group has one tab
 * stop, screen readers announce "Size, M, 2 of 6"). Sold-out sizes are struck through; choosing one
 * offers "Notify me when it's back" (back-in-stock-form.tsx).
 */
export function SizePicker({
  sizes,
  value,
  onChange,
  error,
  guide,
}: {
  sizes: SizeView[];
  value: string | null;
  onChange: (label: string) => void;
  /** "Please select a size", after Add to Cart without one. */
  error: string | null;
  guide: SizeGuideTable | null;
}) {
  const id = useId();
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-4">
        <p className="font-medium text-sm">
          <span id={`${id}-label`}>Size</span>
          {value ? <span className="text-muted-foreground">: {value}</span> : null}
        </p>
        {guide && <SizeGuide guide={guide} />}
      </div>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        className="flex flex-wrap gap-2"
      >
        {sizes.map((size) => {
          const soldOut = size.stock === 0;
          const selected = value === size.label;
          return (
            <label
              key={size.id}
              className={cn(
                "relative inline-flex h-10 min-w-12 items-center justify-center rounded-md border px-3 font-medium text-sm transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background",
                "cursor-pointer",
                selected && (soldOut ? "border-foreground" : "border-foreground bg-foreground"),
                soldOut
                  ? "text-muted-foreground line-through opacity-60 hover:border-foreground/60"
                  : selected
                    ? "text-background"
                    : "hover:border-foreground/60",
              )}
            >
              <input
                type="radio"
                name={`${id}-size`}
                value={size.label}
                checked={selected}
                onChange={() => onChange(size.label)}
                className="sr-only"
                aria-label={soldOut ? `${size.label}, sold out` : size.label}
              />
              {size.label}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

// the dialog (and Radix's) loads only when a shopper opens the guide, not with every product page
const loadSizeGuideDialog = () => import("./size-guide-dialog");
const SizeGuideDialog = lazy(loadSizeGuideDialog);

function SizeGuide({ guide }: { guide: SizeGuideTable }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto! p-0! text-muted-foreground!"
        aria-haspopup="dialog"
        // fetched as soon as a pointer or the focus is on the button, so the guide opens at once
        onPointerEnter={loadSizeGuideDialog}
        onFocus={loadSizeGuideDialog}
        onClick={() => setOpen(true)}
      >
        <RulerIcon /> Size guide
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SizeGuideDialog guide={guide} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
