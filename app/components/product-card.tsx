import { Link } from "react-router";
import { LOW_STOCK_THRESHOLD } from "../../core/product";
import type { ProductCardView } from "../../server/catalog/product-view";
import { ProductImage } from "./product-image";
import { LowestPriorPrice, PriceTag } from "./sale-price";
import { Skeleton } from "./ui/skeleton";

const PRODUCT_GRID_CLASS = "grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 lg:grid-cols-4";
const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 23vw, 46vw";

function ProductCard({ product, priority = false }: { product: ProductCardView; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-lg border border-border/60">
        <ProductImage
          image={product.images[0]}
          alt={product.name}
          sizes={CARD_SIZES}
          priority={priority}
          className="transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <div className="absolute top-2.5 left-2.5 flex flex-col gap-1.5">
          {product.stock === 0 ? (
            <span className="rounded-full bg-background/90 px-2.5 py-1 font-semibold text-[11px] uppercase tracking-wider">
              Sold out
            </span>
          ) : product.stock < LOW_STOCK_THRESHOLD ? (
            <span className="rounded-full bg-accent px-2.5 py-1 font-semibold text-[11px] text-accent-foreground uppercase tracking-wider">
              Only {product.stock} left
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-medium font-sans text-sm tracking-normal sm:text-base">
            <Link to={`/products/${product.id}`} className="after:absolute after:inset-0" prefetch="intent">
              {product.name}
            </Link>
          </h3>
          <p className="text-muted-foreground text-xs sm:text-sm">{product.category ?? "Uncategorized"}</p>
        </div>
        <p className="shrink-0 font-semibold text-sm sm:text-base" data-testid="card-price">
          <PriceTag priceCents={product.priceCents} regularPriceCents={product.sale?.regularPriceCents} />
        </p>
      </div>
      <LowestPriorPrice sale={product.sale} className="-mt-2" />
    </article>
  );
}

function ProductCardSkeleton() {
  return (
    <div className="flex flex-col gap-3" data-testid="product-skeleton">
      <Skeleton className="aspect-[4/5] w-full rounded-lg!" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-3 w-1/3" />
    </div>
  );
}

/** Product cards in the shop's grid; the first `priority` cards' images load first (above the fold). */
export function ProductGrid({
  products,
  priority = 0,
  testId,
}: {
  products: ProductCardView[];
  priority?: number;
  testId?: string;
}) {
  return (
    <div className={PRODUCT_GRID_CLASS} data-testid={testId}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < priority} />
      ))}
    </div>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className={PRODUCT_GRID_CLASS} aria-busy="true">
      <span className="sr-only">Loading products…</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
