import { useId } from "react";
import { useSearchParams } from "react-router";
import { cn } from "~/lib/utils";
import { type ColorView, chosenColor } from "../../../core/product";

/**
 * The chosen colour, kept in the URL (`?color=black`) so the page can be shared and is rendered
 * with that colour by the server; an unknown colour is the first one. Choosing replaces the history
 * entry and keeps the scroll position (the route's shouldRevalidate keeps the data as it is).
 */
export function useChosenColor(colors: ColorView[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = chosenColor(colors, searchParams.get("color"));
  const choose = (color: ColorView) =>
    setSearchParams(
      (params) => {
        params.set("color", color.slug);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  return [chosen, choose] as const;
}

/**
 * The product page's colour choice: a native radio group like the size picker (one tab stop,
 * arrow keys move, "Colour, Black, 1 of 3"). Each choice shows its swatch, or the colour's first
 * picture when it has no swatch, with the name beside it.
 */
export function ColorPicker({
  colors,
  value,
  onChange,
}: {
  colors: ColorView[];
  value: ColorView | null;
  onChange: (color: ColorView) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-3" data-color-picker>
      <p className="font-medium text-sm">
        <span id={`${id}-label`}>Colour</span>
        {value ? <span className="text-muted-foreground">: {value.name}</span> : null}
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-2">
        {colors.map((color) => {
          const selected = value?.id === color.id;
          const picture = color.images[0];
          return (
            <label
              key={color.id}
              className={cn(
                "inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border py-1 pr-3 pl-1.5 font-medium text-sm transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background",
                selected ? "border-foreground" : "hover:border-foreground/60",
              )}
            >
              <input
                type="radio"
                name={`${id}-color`}
                value={color.slug}
                checked={selected}
                onChange={() => onChange(color)}
                className="sr-only"
              />
              <span
                aria-hidden
                className="size-7 shrink-0 overflow-hidden rounded-full border border-white/20 bg-secondary bg-center bg-cover"
                style={
                  color.swatch
                    ? { backgroundColor: color.swatch }
                    : picture
                      ? { backgroundImage: `url("${picture.src}")` }
                      : undefined
                }
              />
              {color.name}
            </label>
          );
        })}
      </div>
    </div>
  );
}
