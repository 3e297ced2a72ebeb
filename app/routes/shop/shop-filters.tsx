import { SlidersHorizontalIcon, XIcon } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import { SHOP_SORTS } from "../../../core/product";
import { priceParam, type ShopQuery, shopQueryString } from "../../../core/shop-query";
import type { ProductCount } from "../../../server/catalog/estimate-products";
import type { ShopFacets } from "../../../server/catalog/list-shop-facets";

/** A facet's count as its option shows it: "12", "1,000+", "~3,300" (an estimate). */
function facetCount(count: ProductCount | null): { text: string; label: string } | null {
  if (!count) return null;
  const value = count.value.toLocaleString("en-US");
  const products = count.value === 1 && count.kind === "exact" ? "product" : "products";
  if (count.kind === "at-least") return { text: `${value}+`, label: `${value} or more products` };
  if (count.kind === "about") return { text: `~${value}`, label: `about ${value} products` };
  return { text: value, label: `${value} ${products}` };
}

/** The count beside an option; its words are in the option's name (`optionName`). */
function CountBadge({ count }: { count: ProductCount | null }) {
  const shown = facetCount(count);
  if (!shown) return null;
  return (
    <span aria-hidden className="ml-auto text-muted-foreground text-xs tabular-nums">
      {shown.text}
    </span>
  );
}

/** "Black, 12 products": what a screen reader says for an option with its count. */
function optionName(name: string, count: ProductCount | null) {
  const shown = facetCount(count);
  return shown ? `${name}, ${shown.label}` : name;
}

const SWATCH = /^#[0-9a-f]{3,8}$/i;

/** A colour's dot: its swatch, or its initial where it has none. */
function Swatch({ swatch, name }: { swatch: string | null; name: string }) {
  const color = swatch && SWATCH.test(swatch) ? swatch : null;
  return (
    <span
      aria-hidden
      className="flex size-5 shrink-0 items-center justify-center rounded-full border border-foreground/30 text-[10px] uppercase"
      style={color ? { backgroundColor: color } : undefined}
    >
      {color ? null : name.slice(0, 1)}
    </span>
  );
}

const legendClassName = "mb-2 font-semibold text-muted-foreground text-xs uppercase tracking-widest";
const optionClassName =
  "flex cursor-pointer items-center gap-2 rounded-md px-1.5 py-1 text-sm has-[:checked]:bg-accent/15 has-[:checked]:font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";

/** The colours as radio buttons with their swatch, name and count; "Any colour" first. */
function ColorChoices({ query, colors }: { query: ShopQuery; colors: ShopFacets["colors"] }) {
  return (
    <div className="mt-4 border-t pt-4">
      <fieldset>
        <legend className={legendClassName}>Colour</legend>
        <div className="grid max-h-56 grid-cols-2 gap-1 overflow-y-auto">
          <label className={optionClassName}>
            <input type="radio" name="color" value="" defaultChecked={!query.color} className="sr-only" />
            <span
              aria-hidden
              className="size-5 shrink-0 rounded-full border border-dashed border-foreground/40"
            />
            Any
          </label>
          {colors.map((color) => {
            // nothing to show in it with the other filters: not offered, unless the URL asked for it
            const empty =
              color.count?.kind === "exact" && color.count.value === 0 && query.color !== color.slug;
            return (
              <label
                key={color.slug}
                className={cn(optionClassName, empty && "cursor-not-allowed opacity-45")}
              >
                <input
                  type="radio"
                  name="color"
                  value={color.slug}
                  defaultChecked={query.color === color.slug}
                  disabled={empty}
                  aria-label={optionName(color.name, color.count)}
                  className="sr-only"
                />
                <Swatch swatch={color.swatch} name={color.name} />
                <span className="truncate">{color.name}</span>
                <CountBadge count={color.count} />
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

/** Lowest and highest price, in the store's currency; the catalog's range as the placeholders. */
function PriceRange({ query, prices }: { query: ShopQuery; prices: ShopFacets["prices"] }) {
  const money = useMoney();
  const field = (
    name: "min" | "max",
    label: string,
    cents: number | null,
    placeholder: number | undefined,
  ) => (
    <div className="flex flex-1 flex-col gap-1">
      <label htmlFor={`shop-price-${name}`} className="text-muted-foreground text-xs">
        {label}
      </label>
      <span className="relative">
        <span aria-hidden className="-translate-y-1/2 absolute top-1/2 left-2.5 text-foreground text-sm">
          {money.symbol}
        </span>
        <Input
          id={`shop-price-${name}`}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={cents === null ? "" : priceParam(cents)}
          placeholder={placeholder === undefined ? undefined : priceParam(placeholder)}
          // the browser says what is wrong before the form is sent; the server ignores anything else
          pattern="\d+(\.\d{1,2})?"
          title="A price such as 20 or 19.99"
          aria-label={`${label} price (${money.currency})`}
          className="pl-7"
        />
      </span>
    </div>
  );
  return (
    <div className="mt-4 border-t pt-4">
      <fieldset>
        <legend className={legendClassName}>Price</legend>
        <div className="flex gap-2">
          {field("min", "Min", query.minCents, prices ? Math.floor(prices.minCents / 100) * 100 : undefined)}
          {field("max", "Max", query.maxCents, prices ? Math.ceil(prices.maxCents / 100) * 100 : undefined)}
        </div>
      </fieldset>
    </div>
  );
}

/** The sort, stock, sale, colour and price filters behind the Filter button. */
export function FilterMenu({ query, facets }: { query: ShopQuery; facets: ShopFacets }) {
  const active =
    query.sort !== "newest" ||
    query.inStockOnly ||
    query.onSale ||
    Boolean(query.color) ||
    query.minCents !== null ||
    query.maxCents !== null;
  return (
    // <details> opens without JavaScript, so the filters work before (and without) hydration
    <details className="group relative">
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          active && "border-accent! text-accent",
        )}
      >
        <SlidersHorizontalIcon /> <span className="sr-only sm:not-sr-only">Filter</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 max-h-[75vh] w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border bg-popover p-4 shadow-2xl">
        <fieldset className="space-y-2">
          <legend className={legendClassName}>Sort by</legend>
          {Object.entries(SHOP_SORTS).map(([value, label]) => (
            <label key={value} className="flex cursor-pointer items-center gap-2.5 text-sm">
              <input
                type="radio"
                name="sort"
                value={value}
                defaultChecked={query.sort === value}
                className="size-4 accent-[var(--color-accent)]"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="mt-4 space-y-2 border-t pt-4">
          <label className="flex cursor-pointer items-center gap-2.5 text-sm">
            <input
              type="checkbox"
              name="stock"
              value="in"
              defaultChecked={query.inStockOnly}
              className="size-4 accent-[var(--color-accent)]"
            />
            In stock only
          </label>
          <label className="flex cursor-pointer items-center gap-2.5 text-sm">
            <input
              type="checkbox"
              name="sale"
              value="1"
              defaultChecked={query.onSale}
              aria-label={optionName("On sale", facets.onSale)}
              className="size-4 accent-[var(--color-accent)]"
            />
            On sale
            <CountBadge count={facets.onSale} />
          </label>
        </div>
        {facets.colors.length > 0 ? <ColorChoices query={query} colors={facets.colors} /> : null}
        <PriceRange query={query} prices={facets.prices} />
        <Button type="submit" className="mt-4 w-full">
          Apply
        </Button>
      </div>
    </details>
  );
}

/**
 * The filters of the panel that are on, each with a link that takes it off, and one that takes
 * them all off; the search, category, size and sort stay as they are (they show in the form).
 */
export function ActiveFilters({ query, colors }: { query: ShopQuery; colors: ShopFacets["colors"] }) {
  const money = useMoney();
  const without = (change: Partial<ShopQuery>) =>
    `/products${shopQueryString({ ...query, ...change, page: 1, cursor: null })}`;
  const chips: { label: string; to: string }[] = [];
  if (query.onSale) chips.push({ label: "On sale", to: without({ onSale: false }) });
  if (query.color)
    chips.push({
      label: colors.find((color) => color.slug === query.color)?.name ?? query.color,
      to: without({ color: "" }),
    });
  if (query.minCents !== null || query.maxCents !== null) {
    const label =
      query.maxCents === null
        ? `From ${money.short(query.minCents ?? 0)}`
        : query.minCents === null
          ? `Up to ${money.short(query.maxCents)}`
          : `${money.short(query.minCents)} – ${money.short(query.maxCents)}`;
    chips.push({ label, to: without({ minCents: null, maxCents: null }) });
  }
  if (query.inStockOnly) chips.push({ label: "In stock", to: without({ inStockOnly: false }) });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="-mt-6 mb-8 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={chip.to}
            aria-label={`Remove filter: ${chip.label}`}
            className="flex items-center gap-1.5 rounded-full border border-accent/60 px-3 py-1 text-sm hover:bg-accent/15"
          >
            {chip.label} <XIcon aria-hidden className="size-3.5" />
          </Link>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Link
            to={without({ onSale: false, color: "", minCents: null, maxCents: null, inStockOnly: false })}
            className="px-2 text-muted-foreground text-sm underline-offset-4 hover:underline"
          >
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
