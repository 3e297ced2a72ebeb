import { PaletteIcon, PlusIcon, XIcon } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { colorSlug } from "../../../../core/product";
import { MAX_COLOR_NAME_LENGTH, MAX_PRODUCT_COLORS } from "../../../../core/validation/product-form";
import type { AdminProductView } from "../../../../server/catalog/admin-product.view";
import { ImageUploader } from "./image-uploader";
import {
  newSizeRow,
  ProductSizesField,
  type SizeRow,
  SizeRowsEditor,
  toSizeRows,
} from "./product-sizes-field";
import { RowControls } from "./row-controls";
import type { UploaderImage } from "./use-image-uploads";

interface ColorRow {
  /** React's key: stable while colours move. */
  key: string;
  /** The colour's id once saved; "" for a new colour. */
  id: string;
  name: string;
  /** "#1f2a44", or "" for none (the shop then shows the colour's first picture). */
  swatch: string;
  images: UploaderImage[];
  sizes: SizeRow[];
}

let nextKey = 0;

/** What the form posts as `colors` (core/validation/product-form.ts reads it). */
function colorsJson(colors: ColorRow[]): string {
  return JSON.stringify(
    colors.map((color) => ({
      id: color.id,
      name: color.name,
      swatch: color.swatch,
      images: color.images.map((image) => image.id),
      sizes: color.sizes.map((row) => ({ id: row.id, size: row.size, stock: row.stock, skuSuffix: row.sku })),
    })),
  );
}

/**
 * The product dialog's colours (docs/ARCHITECTURE.md#colours). Without colours the product has its
 * sizes as before; with colours each colour has a name, an optional swatch, its own pictures (the
 * first is its card image) and its own sizes and stock. The colours post as one JSON field.
 */
export function ProductColorsField({
  product,
  disabled,
  onBusyChange,
}: {
  product: AdminProductView | null;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
}) {
  const [colors, setColors] = useState<ColorRow[]>(
    () =>
      product?.colors.map((color) => ({
        key: color.id,
        id: color.id,
        name: color.name,
        swatch: color.swatch ?? "",
        images: color.images,
        sizes: toSizeRows(color.sizes),
      })) ?? [],
  );
  // each colour's uploader says when it is busy; the dialog waits for all of them
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => onBusyChange(busyKeys.size > 0), [busyKeys, onBusyChange]);
  const headingId = useId();

  const update = (key: string, change: (color: ColorRow) => Partial<ColorRow>) =>
    setColors((current) =>
      current.map((color) => (color.key === key ? { ...color, ...change(color) } : color)),
    );
  const move = (index: number, by: -1 | 1) =>
    setColors((current) => {
      const next = [...current];
      const [color] = next.splice(index, 1);
      next.splice(index + by, 0, color as ColorRow);
      return next;
    });
  const addColor = () =>
    setColors((current) => [
      ...current,
      {
        key: `new-color-${++nextKey}`,
        id: "",
        name: "",
        swatch: "",
        images: [],
        // a new colour starts with the sizes of the one before it (or the product's), without stock
        sizes: (current.at(-1)?.sizes ?? toSizeRows(product?.sizes ?? [])).map((row) => newSizeRow(row.size)),
      },
    ]);
  const setBusy = useCallback(
    (key: string, busy: boolean) =>
      setBusyKeys((current) => {
        if (current.has(key) === busy) return current;
        const next = new Set(current);
        if (busy) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <input type="hidden" name="colors" value={colors.length > 0 ? colorsJson(colors) : ""} />
      {colors.length === 0 ? <ProductSizesField product={product} disabled={disabled} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-medium text-sm">
          Colours{" "}
          <span className="font-normal text-muted-foreground">
            ·{" "}
            {colors.length === 0
              ? "none: one set of sizes and pictures"
              : `${colors.length} of ${MAX_PRODUCT_COLORS}, each with its pictures and sizes`}
          </span>
        </h3>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || colors.length >= MAX_PRODUCT_COLORS}
          onClick={addColor}
        >
          <PlusIcon /> Add colour
        </Button>
      </div>
      {colors.length > 0 ? (
        <ol className="flex flex-col gap-4">
          {colors.map((color, index) => (
            <ColorCard
              key={color.key}
              color={color}
              index={index}
              count={colors.length}
              disabled={disabled}
              onChange={(change) => update(color.key, change)}
              onMove={(by) => move(index, by)}
              onRemove={() => {
                setBusy(color.key, false);
                setColors((current) => current.filter((candidate) => candidate.key !== color.key));
              }}
              onBusyChange={setBusy}
            />
          ))}
        </ol>
      ) : null}
      <p className="text-muted-foreground text-xs">
        With colours, each colour has its own pictures and sizes, and the product's images above are shown
        after the colour's. A removed colour that appears in orders is retired: it leaves the shop and stays
        on those orders. Removing the last colour brings back the product's own sizes.
      </p>
    </section>
  );
}

function ColorCard({
  color,
  index,
  count,
  disabled,
  onChange,
  onMove,
  onRemove,
  onBusyChange,
}: {
  color: ColorRow;
  index: number;
  count: number;
  disabled: boolean;
  onChange: (change: (color: ColorRow) => Partial<ColorRow>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onBusyChange: (key: string, busy: boolean) => void;
}) {
  const name = color.name.trim() || `colour ${index + 1}`;
  const slug = colorSlug(color.name);
  const { key } = color;
  const updateImages = useCallback(
    (update: (images: UploaderImage[]) => UploaderImage[]) =>
      onChange((current) => ({ images: update(current.images) })),
    [onChange],
  );
  const setBusy = useCallback((busy: boolean) => onBusyChange(key, busy), [key, onBusyChange]);

  return (
    <li className="flex flex-col gap-4 rounded-lg border bg-card/40 p-4" data-testid="color-card">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-40 flex-1 flex-col gap-1">
          <Label htmlFor={`${key}-name`}>
            Colour name<span className="sr-only"> {index + 1}</span>
          </Label>
          <Input
            id={`${key}-name`}
            value={color.name}
            onChange={(event) => onChange(() => ({ name: event.target.value }))}
            maxLength={MAX_COLOR_NAME_LENGTH}
            placeholder="E.g. Black"
            required
            autoComplete="off"
            disabled={disabled}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${key}-swatch`}>
            Swatch<span className="sr-only"> of {name}</span>
          </Label>
          <div className="flex items-center gap-2">
            <input
              id={`${key}-swatch`}
              type="color"
              value={color.swatch || "#000000"}
              onChange={(event) => onChange(() => ({ swatch: event.target.value }))}
              disabled={disabled}
              className="h-10 w-12 cursor-pointer rounded-md border bg-transparent p-1"
            />
            {color.swatch ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => onChange(() => ({ swatch: "" }))}
                aria-label={`No swatch for ${name}`}
              >
                <XIcon /> None
              </Button>
            ) : (
              <span className="flex items-center gap-1 text-muted-foreground text-xs">
                <PaletteIcon className="size-3.5" aria-hidden /> None: the first picture
              </span>
            )}
          </div>
        </div>
        <RowControls
          name={name}
          index={index}
          count={count}
          disabled={disabled}
          onMove={onMove}
          onRemove={onRemove}
          className="ml-auto"
        />
      </div>
      {slug ? (
        <p className="-mt-2 text-muted-foreground text-xs">
          Link: <span className="font-mono">?color={slug}</span>
        </p>
      ) : null}
      <ImageUploader
        images={color.images}
        onImagesChange={updateImages}
        onBusyChange={setBusy}
        disabled={disabled}
        label={`Pictures of ${name}`}
        chooseLabel={`Choose pictures of ${name}`}
      />
      <SizeRowsEditor
        rows={color.sizes}
        onRowsChange={(update) => onChange((current) => ({ sizes: update(current.sizes) }))}
        disabled={disabled}
        title={`Sizes and stock of ${name}`}
      />
    </li>
  );
}
