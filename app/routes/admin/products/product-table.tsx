import { CheckIcon, PackageOpenIcon, PlusIcon, ShirtIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { AdminProductView } from "../../../../server/catalog/admin-product.view";
import {
  AdminEditDeleteButtons,
  AdminEmptyState,
  AdminTable,
  adminCellClass,
  adminHeadCellClass,
} from "../admin-list";

const SKELETON_ROWS = 6;
/** The table's column headings and how each column is aligned. */
const COLUMNS = [
  ["Name", "text-left"],
  ["Price", "text-right"],
  ["Category", "text-left"],
  ["Stock", "text-right"],
  ["Images", "text-center"],
  ["Featured", "text-center"],
  ["Actions", "text-right"],
] as const;

/** The first image, small; a shirt icon when there is none or it fails to load. Decorative: the name follows. */
function Thumbnail({ product }: { product: AdminProductView }) {
  const [failed, setFailed] = useState(false);
  const image = product.images[0];
  return (
    <div className="flex aspect-[4/5] w-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground">
      {image && !failed ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="40px"
          alt=""
          width={40}
          height={50}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <ShirtIcon className="size-5" strokeWidth={1.3} aria-hidden />
      )}
    </div>
  );
}

/** Marks a product customers cannot return (docs/RETURNS.md). */
function FinalSaleBadge({ product }: { product: AdminProductView }) {
  if (!product.finalSale) return null;
  return (
    <Badge variant="outline" className="shrink-0 whitespace-nowrap border-amber-400/40 text-amber-200">
      Final sale
    </Badge>
  );
}

function FeaturedMark({ featured }: { featured: boolean }) {
  return featured ? (
    <CheckIcon role="img" aria-label="Featured" className="size-4 text-success" />
  ) : (
    <XIcon role="img" aria-label="Not featured" className="size-4 text-muted-foreground" />
  );
}

function RowActions({
  product,
  onEdit,
  onDelete,
}: {
  product: AdminProductView;
  onEdit: (product: AdminProductView) => void;
  onDelete: (product: AdminProductView) => void;
}) {
  return (
    <AdminEditDeleteButtons
      name={product.name}
      onEdit={() => onEdit(product)}
      onDelete={() => onDelete(product)}
    />
  );
}

/** Phones: one card per product with the same facts and actions as a table row. */
function ProductList({
  products,
  loading,
  onEdit,
  onDelete,
}: {
  products: AdminProductView[];
  loading: boolean;
  onEdit: (product: AdminProductView) => void;
  onDelete: (product: AdminProductView) => void;
}) {
  const money = useMoney();
  if (loading)
    return (
      <div className="flex flex-col gap-2 sm:hidden" aria-busy>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Skeleton key={index} className="h-20 w-full rounded-xl!" />
        ))}
      </div>
    );
  return (
    <ul className="flex flex-col gap-2 sm:hidden" aria-label="Products, newest first">
      {products.map((product) => (
        <li key={product.id} className="flex items-center gap-3 rounded-xl border bg-card/60 p-3">
          <Thumbnail product={product} />
          <div className="min-w-0 flex-1">
            <p className="flex min-w-0 items-center gap-2">
              <span className="truncate font-medium text-sm">{product.name}</span>
              <FinalSaleBadge product={product} />
            </p>
            <p className="mt-0.5 truncate text-muted-foreground text-xs">
              {money(product.priceCents)} · {product.category ?? "Uncategorized"}
            </p>
            <p className="mt-1 flex items-center gap-3 text-muted-foreground text-xs">
              <span className={cn(product.stock === 0 && "text-destructive")}>Stock {product.stock}</span>
              <SoldOutSizes product={product} />
              <span>
                {product.images.length} {product.images.length === 1 ? "image" : "images"}
              </span>
              <FeaturedMark featured={product.featured} />
            </p>
          </div>
          <div className="flex shrink-0">
            <RowActions product={product} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ProductTable({
  products,
  loading,
  searching,
  onAdd,
  onEdit,
  onDelete,
}: {
  products: AdminProductView[];
  loading: boolean;
  /** A search is active: the empty state suggests another search instead of a first product. */
  searching: boolean;
  onAdd: () => void;
  onEdit: (product: AdminProductView) => void;
  onDelete: (product: AdminProductView) => void;
}) {
  const money = useMoney();
  if (!loading && products.length === 0) {
    return (
      <AdminEmptyState
        icon={PackageOpenIcon}
        title="No products found"
        description={searching ? "Try a different search term." : "Add your first product to get started"}
        action={
          <Button onClick={onAdd}>
            <PlusIcon aria-hidden /> Add Product
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ProductList products={products} loading={loading} onEdit={onEdit} onDelete={onDelete} />
      <div className="hidden sm:block">
        <AdminTable caption="Products, newest first" aria-busy={loading || undefined}>
          <thead>
            <tr>
              {COLUMNS.map(([label, align]) => (
                <th key={label} scope="col" className={cn(adminHeadCellClass, align)}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                  <tr key={index} className="border-t">
                    <td className={adminCellClass} colSpan={COLUMNS.length}>
                      <div className="flex items-center gap-3">
                        <Skeleton className="h-[50px] w-10" />
                        <Skeleton className="h-4 flex-1" />
                      </div>
                    </td>
                  </tr>
                ))
              : products.map((product) => (
                  <tr key={product.id} className="border-t transition-colors hover:bg-secondary/40">
                    <td className={cn(adminCellClass, "min-w-52")}>
                      <div className="flex items-center gap-3">
                        <Thumbnail product={product} />
                        <div className="flex min-w-0 flex-col items-start gap-1">
                          <span className="line-clamp-2 font-medium">{product.name}</span>
                          <FinalSaleBadge product={product} />
                        </div>
                      </div>
                    </td>
                    <td className={cn(adminCellClass, "whitespace-nowrap text-right tabular-nums")}>
                      {money(product.priceCents)}
                    </td>
                    <td className={cn(adminCellClass, "whitespace-nowrap text-muted-foreground")}>
                      {product.category ?? "—"}
                    </td>
                    <td
                      className={cn(
                        adminCellClass,
                        "text-right tabular-nums",
                        product.stock === 0 && "text-destructive",
                      )}
                    >
                      {product.stock}
                      <SoldOutSizes product={product} className="block" />
                    </td>
                    <td className={cn(adminCellClass, "text-center tabular-nums")}>
                      {product.images.length}
                    </td>
                    <td className={cn(adminCellClass, "text-center")}>
                      <span className="inline-flex justify-center">
                        <FeaturedMark featured={product.featured} />
                      </span>
                    </td>
                    <td className={cn(adminCellClass, "whitespace-nowrap text-right")}>
                      <RowActions product={product} onEdit={onEdit} onDelete={onDelete} />
                    </td>
                  </tr>
                ))}
          </tbody>
        </AdminTable>
      </div>
    </>
  );
}

/** "Sold out: XS, XL" under the total, when some (not all) sizes have none left. */
function SoldOutSizes({ product, className }: { product: AdminProductView; className?: string }) {
  const soldOut = product.sizes.filter((size) => size.stock === 0).map((size) => size.size);
  if (soldOut.length === 0 || soldOut.length === product.sizes.length) return null;
  return (
    <span className={cn("whitespace-nowrap text-warning text-xs", className)}>
      Sold out: {soldOut.join(", ")}
    </span>
  );
}
