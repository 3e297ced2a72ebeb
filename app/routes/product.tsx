import { ArrowLeftIcon, PackageXIcon, ShoppingBagIcon } from "lucide-react";
import { useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { PRODUCT_GRID_CLASS, ProductCard } from "~/components/product-card";
import { ProductGallery } from "~/components/product-gallery";
import { QuantityStepper } from "~/components/quantity-stepper";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toCartProduct, useCart } from "~/lib/cart";
import { pageMeta } from "~/lib/meta";
import { lineQuantityLimit } from "../../core/cart";
import { formatUsd } from "../../core/money";
import { LOW_STOCK_THRESHOLD, productSku } from "../../core/product";
import { getProduct } from "../../server/catalog/get-product";
import { listRelatedProducts } from "../../server/catalog/list-related-products";
import { toProductView } from "../../server/catalog/product-view";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const row = await getProduct({ db: context.db, id: params.id });
  if (!row) throw data("Product Not Found", { status: 404 });
  const related = await listRelatedProducts({ db: context.db, product: row });
  return {
    product: toProductView(context.storage, row),
    related: related.map((item) => toProductView(context.storage, item)),
  };
}

export function meta(args: Route.MetaArgs) {
  const product = args.loaderData?.product;
  if (!product)
    return pageMeta(args, {
      title: "Product Not Found",
      description: "This product does not exist.",
      noIndex: true,
    });
  return [
    ...pageMeta(args, {
      title: product.name,
      description: (product.description ?? `${product.name} by Nocturn.`).slice(0, 160),
      image: product.images[0]?.src,
      type: "product",
    }),
    { property: "product:price:amount", content: (product.priceCents / 100).toFixed(2) },
    { property: "product:price:currency", content: "USD" },
  ];
}

function ProductJsonLd({
  product,
  url,
}: {
  product: Route.ComponentProps["loaderData"]["product"];
  url: string;
}) {
  const json = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description ?? undefined,
    sku: productSku(product.id),
    category: product.category ?? undefined,
    image: product.images.map((image) => new URL(image.src, url).href),
    offers: {
      "@type": "Offer",
      url,
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
  // "<" escaped so a product text can never close the script element
  const html = JSON.stringify(json).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data block, escaped above
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: html }} />;
}

function AddToCart({ product }: { product: Route.ComponentProps["loaderData"]["product"] }) {
  const { add } = useCart();
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const soldOut = product.stock === 0;

  const handleAdd = () => {
    setAdding(true);
    try {
      add(toCartProduct(product), quantity);
      setQuantity(1);
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      {!soldOut && (
        <QuantityStepper
          value={quantity}
          max={lineQuantityLimit(product.stock)}
          onChange={(next) => setQuantity(Math.min(Math.max(next, 1), lineQuantityLimit(product.stock)))}
          label={`Quantity of ${product.name}`}
        />
      )}
      <Button size="lg" className="flex-1 sm:flex-none" disabled={soldOut || adding} onClick={handleAdd}>
        <ShoppingBagIcon /> Add to Cart
      </Button>
    </div>
  );
}

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  const { product, related } = loaderData;
  const publicUrl = (matches[0]?.loaderData as { publicUrl?: string } | undefined)?.publicUrl ?? "";
  const stockLine =
    product.stock === 0
      ? "Out of stock"
      : product.stock < LOW_STOCK_THRESHOLD
        ? `Only ${product.stock} left in stock`
        : `In stock (${product.stock} available)`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <ProductJsonLd product={product} url={`${publicUrl}/products/${product.id}`} />
      <Link
        to="/products"
        className="mb-8 inline-flex items-center gap-2 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" /> Back to Products
      </Link>

      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <ProductGallery images={product.images} name={product.name} />

        <div className="flex flex-col gap-6">
          <div className="space-y-3">
            {product.featured && <Badge variant="accent">Featured</Badge>}
            <h1 className="font-bold text-3xl sm:text-4xl">{product.name}</h1>
            <p className="font-semibold text-2xl">{formatUsd(product.priceCents)}</p>
          </div>
          <p className="text-muted-foreground leading-relaxed">
            {product.description || "No description available."}
          </p>
          <p
            className={
              product.stock === 0
                ? "font-medium text-destructive"
                : product.stock < LOW_STOCK_THRESHOLD
                  ? "font-medium text-warning"
                  : "text-success"
            }
            data-testid="stock-line"
          >
            {stockLine}
          </p>
          <AddToCart key={product.id} product={product} />

          <dl className="grid grid-cols-[auto_1fr] gap-x-8 gap-y-3 rounded-xl border bg-card/60 p-5 text-sm">
            <dt className="text-muted-foreground">Category</dt>
            <dd>{product.category || "Uncategorized"}</dd>
            <dt className="text-muted-foreground">SKU</dt>
            <dd className="font-mono">{productSku(product.id)}</dd>
            <dt className="text-muted-foreground">Shipping</dt>
            <dd>Complementary Priority, 2-4 business days</dd>
          </dl>
        </div>
      </div>

      {related.length > 0 && (
        <section className="mt-24" aria-labelledby="related-heading">
          <h2 id="related-heading" className="mb-8 font-bold text-2xl sm:text-3xl">
            You may also like
          </h2>
          <div className={PRODUCT_GRID_CLASS}>
            {related.map((item) => (
              <ProductCard key={item.id} product={item} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-32 text-center">
      <PackageXIcon className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="font-bold text-3xl">Product Not Found</h1>
      <p className="text-muted-foreground">
        The product you are looking for does not exist or is no longer available.
      </p>
      <Button asChild size="lg">
        <Link to="/products">Browse Products</Link>
      </Button>
    </section>
  );
}
