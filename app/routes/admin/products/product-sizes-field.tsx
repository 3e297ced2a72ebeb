import { PlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { ONE_SIZE } from "../../../../core/product";
import {
  MAX_PRODUCT_SIZES,
  MAX_SIZE_LENGTH,
  MAX_SKU_SUFFIX_LENGTH,
} from "../../../../core/validation/product-form";
import type { AdminProductView } from "../../../../server/catalog/admin-product.view";
import { RowControls } from "./row-controls";

export interface SizeRow {
  /** React's key: stable while rows move. */
  key: string;
  /** The size's id once saved; "" for a new row. */
  id: string;
  size: string;
  stock: string;
  sku: string;
}

/** Size runs an admin can start from; sizes already listed keep their stock. */
const PRESETS = [
  { label: "XS-XXL", sizes: ["XS", "S", "M", "L", "XL", "XXL"] },
  { label: "W28-W36", sizes: ["W28", "W30", "W32", "W34", "W36"] },
  { label: ONE_SIZE, sizes: [ONE_SIZE] },
];

let nextKey = 0;
export const newSizeRow = (size = "", stock = "0"): SizeRow => ({
  key: `new-${++nextKey}`,
  id: "",
  size,
  stock,
  sku: "",
});

/** The editor's rows of saved sizes; a product without any starts with One Size. */
export function toSizeRows(sizes: AdminProductView["sizes"]): SizeRow[] {
  return sizes.length > 0
    ? sizes.map((size) => ({
        key: size.id,
        id: size.id,
        size: size.size,
        stock: String(size.stock),
        sku: size.skuSuffix ?? "",
      }))
    : [newSizeRow(ONE_SIZE)];
}

/**
 * The product dialog's sizes: one row per size with its stock and optional SKU suffix, in the
 * order the shop shows them. The rows post as parallel lists (sizeId, sizeLabel, sizeStock, sizeSku).
 */
export function ProductSizesField({
  product,
  disabled,
}: {
  product: AdminProductView | null;
  disabled: boolean;
}) {
  const [rows, setRows] = useState<SizeRow[]>(() => toSizeRows(product?.sizes ?? []));
  return <SizeRowsEditor rows={rows} onRowsChange={setRows} disabled={disabled} posted />;
}

/**
 * The rows of sizes, edited in place: the product's (`posted`: its inputs carry the form's
 * parallel lists) or a colour's (the colours' editor posts them as JSON).
 */
export function SizeRowsEditor({
  rows,
  onRowsChange: setRows,
  disabled,
  posted = false,
  title = "Sizes and stock",
}: {
  rows: SizeRow[];
  onRowsChange: (update: (rows: SizeRow[]) => SizeRow[]) => void;
  disabled: boolean;
  posted?: boolean;
  title?: string;
}) {
  const headingId = useId();
  const update = (key: string, change: Partial<SizeRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row as SizeRow);
      return next;
    });
  const applyPreset = (sizes: string[]) =>
    setRows((current) =>
      sizes.map(
        (size) =>
          current.find((row) => row.size.trim().toLowerCase() === size.toLowerCase()) ?? newSizeRow(size),
      ),
    );
  const total = rows.reduce((sum, row) => sum + (Number.parseInt(row.stock, 10) || 0), 0);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-medium text-sm">
          {title} <span className="font-normal text-muted-foreground">· {total} in stock</span>
        </h3>
        <div className="flex flex-wrap gap-1.5">
          {PRESETS.map((preset) => (
            <Button
              key={preset.label}
              type="button"
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => applyPreset(preset.sizes)}
            >
              {preset.label}
            </Button>
          ))}
        </div>
      </div>
      <ol className="flex flex-col gap-2">
        {rows.map((row, index) => {
          const name = row.size.trim() || `row ${index + 1}`;
          return (
            <li
              key={row.key}
              className="grid grid-cols-[1fr_5.5rem_auto] items-end gap-2 sm:grid-cols-[1fr_6rem_7rem_auto]"
            >
              {posted && <input type="hidden" name="sizeId" value={row.id} />}
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${row.key}-size`} className={index > 0 ? "sr-only" : undefined}>
                  Size
                </Label>
                <Input
                  id={`${row.key}-size`}
                  name={posted ? "sizeLabel" : undefined}
                  value={row.size}
                  onChange={(event) => update(row.key, { size: event.target.value })}
                  maxLength={MAX_SIZE_LENGTH}
                  required
                  autoComplete="off"
                  disabled={disabled}
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${row.key}-stock`} className={index > 0 ? "sr-only" : undefined}>
                  Stock<span className="sr-only"> of {name}</span>
                </Label>
                <Input
                  id={`${row.key}-stock`}
                  name={posted ? "sizeStock" : undefined}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={row.stock}
                  onChange={(event) => update(row.key, { stock: event.target.value })}
                  disabled={disabled}
                />
              </div>
              <div className="col-span-3 row-start-2 flex flex-col gap-1 sm:col-span-1 sm:row-start-auto">
                <Label htmlFor={`${row.key}-sku`} className={index > 0 ? "sm:sr-only" : undefined}>
                  SKU suffix<span className="sr-only"> of {name}</span>
                </Label>
                <Input
                  id={`${row.key}-sku`}
                  name={posted ? "sizeSku" : undefined}
                  value={row.sku}
                  onChange={(event) => update(row.key, { sku: event.target.value })}
                  maxLength={MAX_SKU_SUFFIX_LENGTH}
                  placeholder="Optional"
                  autoComplete="off"
                  disabled={disabled}
                />
              </div>
              <RowControls
                name={name}
                index={index}
                count={rows.length}
                disabled={disabled}
                canRemove={rows.length > 1}
                onMove={(by) => move(index, by)}
                onRemove={() =>
                  setRows((current) => current.filter((candidate) => candidate.key !== row.key))
                }
              />
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || rows.length >= MAX_PRODUCT_SIZES}
          onClick={() => setRows((current) => [...current, newSizeRow()])}
        >
          <PlusIcon /> Add size
        </Button>
        <p className="text-muted-foreground text-xs">
          A removed size that appears in orders is retired: it leaves the shop and stays on those orders.
        </p>
      </div>
    </section>
  );
}
