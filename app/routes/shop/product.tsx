import { ArrowLeftIcon, PackageXIcon, ShoppingBagIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  type ShouldRevalidateFunctionArgs,
  useSearchParams,
} from "react-router";
import { ProductGrid } from "~/components/product-card";
import { QuantityStepper } from "~/components/quantity-stepper";
import { LowestPriorPrice, PriceTag } from "~/components/sale-price";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useTaxMode, VatNote } from "~/components/vat-note";
import { useCart } from "~/lib/cart";
import { pageMeta } from "~/lib/meta";
import { useMoney } from "~/lib/money";
import { ColorPicker, useChosenColor } from "~/routes/shop/color-picker";
import { ProductGallery } from "~/routes/shop/product-gallery";
import { ProductSafety } from "~/routes/shop/product-safety";
import { type SizeGuideTable, sizeGuideFor } from "~/routes/shop/size-guide";
import { SizePicker } from "~/routes/shop/size-picker";
import { lineQuantityLimit, toCartProduct, toCartSize } from "../../../core/cart";
import { deliveryTerms, SHIPPING_METHOD } from "../../../core/delivery";
import { DEFAULT_CURRENCY } from "../../../core/money";
import {
  type ColorView,
  chosenColor,
  LOW_STOCK_THRESHOLD,
  productSku,
  type SizedProductView,
  type SizeView,
  sizedName,
} from "../../../core/product";
import {
  electronicAddressHref,
  isEmailAddress,
  type ProductSafetyView,
  productSafetyOf,
} from "../../../core/product-safety";
import { getProduct } from "../../../server/catalog/get-product";
import { listRelatedProducts } from "../../../server/catalog/list-related-products";
import { loadProductPricing, pricingOf } from "../../../server/catalog/product-prices";
import { toProductView, toSizedProductView } from "../../../server/catalog/product-view";
import type { Route } from "./+types/product";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const found = await getProduct({ db: context.db, id: params.id });
  if (!found) throw data("Product Not Found", { status: 404 });
  const row = found.product;
  const related = await listRelatedProducts({ db: context.db, product: row });
  const pricing = await loadProductPricing({ db: context.db, products: [row, ...related] });
  const product = toSizedProductView(
    context.storage,
    row,
    found.sizes,
    found.colors,
    pricingOf(pricing, row),
  );
  return {
    product,
    // `?color=` (an unknown colour is the first): the page, its pictures and its meta image are rendered in it
    color: chosenColor(product.colors, url.searchParams.get("color")),
    // the size guide's table travels as data, so its content is not in every product page's code
    sizeGuide: sizeGuideFor(row.category),
    related: related.map((item) => toProductView(context.storage, item, pricingOf(pricing, item))),
    // the same for every visitor (the seller is configuration), so the page stays cacheable
    safety: productSafetyOf(row, context.config.seller, context.config.storeName),
    returnWindowDays: context.config.returnWindowDays,
  };
}

/** Choosing a size or a colour only changes `?size=` or `?color=`: the page's data stays as it is. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutSize = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("size");
    params.delete("color");
    return params.toString();
  };
  return withoutSize(currentUrl) === withoutSize(nextUrl) ? false : defaultShouldRevalidate;
}

export function meta(args: Route.MetaArgs) {
  const product = args.loaderData?.product;
  const color = args.loaderData?.color;
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
      image: (color?.images[0] ?? product.images[0])?.src,
      type: "product",
    }),
    { property: "product:price:amount", content: (product.priceCents / 100).toFixed(2) },
    { property: "product:price:currency", content: storeCurrency(args.matches) },
  ];
}

/** The store's currency (ISO 4217), from the root loader as useMoney reads it. */
function storeCurrency(matches: Route.MetaArgs["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { currency?: string } | undefined;
  return root?.currency ?? DEFAULT_CURRENCY;
}

const availability = (stock: number) =>
  stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";

/** The maker as a schema.org Organization; the EU responsible person has no schema.org property. */
function manufacturerJsonLd({ manufacturer }: ProductSafetyView) {
  const contact = manufacturer.contact;
  return {
    "@type": "Organization",
    name: manufacturer.name,
    address: manufacturer.address ?? undefined,
    email: contact && isEmailAddress(contact) ? contact : undefined,
    url: contact && !isEmailAddress(contact) ? (electronicAddressHref(contact) ?? undefined) : undefined,
  };
}

/**
 * schema.org ProductGroup: one Product per size (per colour and size for a product with colours)
 * with its own offer, varying by size (and colour); a colour's variants show its pictures. The group's
 * productGroupID and each size's sku are the product's identifier; its maker and material come from
 * the product safety details (care instructions and warnings have no schema.org property).
 */
function ProductJsonLd({
  product,
  safety,
  url,
}: {
  product: SizedProductView;
  safety: ProductSafetyView;
  url: string;
}) {
  // a product in colours without pictures of its own: each colour's card picture
  const groupImages =
    product.images.length > 0 ? product.images : product.colors.flatMap((color) => color.images.slice(0, 1));
  const images = groupImages.map((image) => new URL(image.src, url).href);
  const price = (product.priceCents / 100).toFixed(2);
  const taxMode = useTaxMode();
  // the store's currency, as ISO 4217 (schema.org priceCurrency)
  const { currency } = useMoney();
  // the price in force; a sale's offer is valid until the sale ends (schema.org wants a date)
  const priceValidUntil = product.sale?.endsAt ? product.sale.endsAt.slice(0, 10) : undefined;
  const offer = (stock: number, offerUrl: string) => ({
    "@type": "Offer",
    url: offerUrl,
    price,
    priceCurrency: currency,
    priceValidUntil,
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      price,
      priceCurrency: currency,
      valueAddedTaxIncluded: taxMode === "inclusive",
    },
    availability: availability(stock),
    itemCondition: "https://schema.org/NewCondition",
  });
  const json = {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: product.name,
    description: product.description ?? undefined,
    productGroupID: productSku(product.id),
    category: product.category ?? undefined,
    image: images,
    manufacturer: manufacturerJsonLd(safety),
    material: safety.composition ?? undefined,
    variesBy:
      product.colors.length > 0
        ? ["https://schema.org/color", "https://schema.org/size"]
        : "https://schema.org/size",
    hasVariant: product.sizes.map((size) => {
      const color = product.colors.find((candidate) => candidate.id === size.colorId);
      const query = new URLSearchParams(
        color ? { color: color.slug, size: size.label } : { size: size.label },
      );
      const variantUrl = `${url}?${query}`;
      const colorImage = color?.images[0];
      return {
        "@type": "Product",
        name: color ? sizedName(product.name, size.label, color.name) : `${product.name} (${size.label})`,
        sku: size.sku,
        color: color?.name,
        size: size.label,
        image: colorImage ? new URL(colorImage.src, url).href : images[0],
        url: variantUrl,
        offers: offer(size.stock, variantUrl),
      };
    }),
  };
  // "<" escaped so a product text can never close the script element
  const html = JSON.stringify(json).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data block, escaped above
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The chosen size, remembered in the URL (`?size=M`) so the page can be shared (and the
 * back-in-stock e-mail opens the page on its size); a size the product is not sold in is ignored,
 * and a single size is chosen for you. A sold-out size may be chosen: it offers the back-in-stock
 * form instead of Add to Cart.
 */
function useChosenSize(sizes: SizeView[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [label, setLabel] = useState(searchParams.get("size"));
  const chosen = sizes.length === 1 ? sizes[0] : sizes.find((size) => size.label === label);
  const choose = (next: string) => {
    setLabel(next);
    setSearchParams(
      (params) => {
        params.set("size", next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return [chosen ?? null, choose] as const;
}

function stockLineOf(stock: number) {
  if (stock === 0) return { text: "Out of stock", className: "font-medium text-destructive" };
  if (stock < LOW_STOCK_THRESHOLD)
    return { text: `Only ${stock} left in stock`, className: "font-medium text-warning" };
  return { text: `In stock (${stock} available)`, className: "text-success" };
}

const SELECT_SIZE = "Please select a size";

// only a sold-out size shows it: its code (and the form validation it brings) loads then, not with
// every product page (docs/PERFORMANCE.md#javascript-per-route)
const BackInStockForm = lazy(() =>
  import("~/routes/shop/back-in-stock-form").then((module) => ({ default: module.BackInStockForm })),
);

function AddToCart({
  product,
  color,
  sizeGuide,
}: {
  product: SizedProductView;
  /** The chosen colour, for a product with colours: its sizes are the ones offered. */
  color: ColorView | null;
  sizeGuide: SizeGuideTable | null;
}) {
  const { add } = useCart();
  const sizes = color ? product.sizes.filter((size) => size.colorId === color.id) : product.sizes;
  const [chosen, choose] = useChosenSize(sizes);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const colorStock = sizes.reduce((sum, size) => sum + size.stock, 0);
  // the whole colour (or product), or the chosen size: nothing to add
  const soldOut = colorStock === 0 || chosen?.stock === 0;
  // before a size is chosen, the stepper allows what the largest size has
  const stock = chosen ? chosen.stock : Math.max(0, ...sizes.map((size) => size.stock));
  const limit = lineQuantityLimit(stock);
  const stockLine = stockLineOf(chosen ? chosen.stock : colorStock);

  const handleAdd = () => {
    if (!chosen) {
      setSizeError(SELECT_SIZE);
      document.querySelector<HTMLInputElement>("[data-size-picker] input:not(:disabled)")?.focus();
      return;
    }
    add(toCartProduct(product, color), toCartSize(chosen, color), quantity);
    setQuantity(1);
  };

  return (
    <>
      <p className={stockLine.className} data-testid="stock-line">
        {stockLine.text}
      </p>
      {sizes.length > 0 && (
        <div data-size-picker>
          <SizePicker
            sizes={sizes}
            value={chosen?.label ?? null}
            onChange={(label) => {
              choose(label);
              setSizeError(null);
              const size = sizes.find((candidate) => candidate.label === label);
              if (size)
                setQuantity((current) => Math.min(current, Math.max(1, lineQuantityLimit(size.stock))));
            }}
            error={sizeError}
            guide={sizeGuide}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {!soldOut && (
          <QuantityStepper
            value={quantity}
            max={Math.max(1, limit)}
            onChange={(next) => setQuantity(Math.min(Math.max(next, 1), Math.max(1, limit)))}
            label={`Quantity of ${product.name}`}
          />
        )}
        <Button
          size="lg"
          // the full remaining width on a phone: flex-1, and shrink over the button's own shrink-0
          className="flex-1 max-sm:shrink sm:flex-none"
          disabled={soldOut}
          onClick={handleAdd}
        >
          <ShoppingBagIcon /> Add to Cart
        </Button>
      </div>
      {chosen?.stock === 0 && (
        <Suspense fallback={null}>
          <BackInStockForm key={chosen.id} size={chosen} />
        </Suspense>
      )}
    </>
  );
}

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  const { product, related, sizeGuide, returnWindowDays, safety } = loaderData;
  const taxMode = useTaxMode();
  const money = useMoney();
  const publicUrl = (matches[0]?.loaderData as { publicUrl?: string } | undefined)?.publicUrl ?? "";
  const [color, chooseColor] = useChosenColor(product.colors);
  // a colour's own pictures first, then the pictures the product shares between its colours
  const images = color ? [...color.images, ...product.images] : product.images;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <ProductJsonLd product={product} safety={safety} url={`${publicUrl}/products/${product.id}`} />
      <Link
        to="/products"
        className="mb-8 inline-flex items-center gap-2 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" /> Back to Products
      </Link>

      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <ProductGallery
          key={color?.id ?? product.id}
          images={images}
          name={color ? `${product.name}, ${color.name}` : product.name}
        />

        <div className="flex flex-col gap-6">
          <div className="space-y-3">
            {product.featured && <Badge variant="accent">Featured</Badge>}
            <h1 className="font-bold text-3xl sm:text-4xl">{product.name}</h1>
            <p className="flex flex-wrap items-baseline gap-2" data-testid="product-price">
              <PriceTag
                priceCents={product.priceCents}
                regularPriceCents={product.sale?.regularPriceCents}
                className="font-semibold text-2xl"
              />{" "}
              <VatNote className="text-sm!" />
            </p>
            <LowestPriorPrice sale={product.sale} className="-mt-1 text-sm" />
          </div>
          <p className="text-muted-foreground leading-relaxed">
            {product.description || "No description available."}
          </p>
          {product.colors.length > 0 && (
            <ColorPicker colors={product.colors} value={color} onChange={chooseColor} />
          )}
          <AddToCart key={product.id} product={product} color={color} sizeGuide={sizeGuide} />

          <dl className="grid grid-cols-[auto_1fr] gap-x-8 gap-y-3 rounded-xl border bg-card/60 p-5 text-sm">
            <dt className="text-muted-foreground">Category</dt>
            <dd>{product.category || "Uncategorized"}</dd>
            <dt className="text-muted-foreground">SKU</dt>
            <dd className="font-mono">{productSku(product.id)}</dd>
            <dt className="text-muted-foreground">Shipping</dt>
            <dd data-testid="delivery-terms">
              {SHIPPING_METHOD}: {deliveryTerms(taxMode, money)}
            </dd>
            <dt className="text-muted-foreground">Returns</dt>
            {/* the statutory right first (it holds for every item), then the store's voluntary returns */}
            <dd className="space-y-1" data-testid="returns-terms">
              <p>
                <Link
                  to="/legal/withdrawal"
                  className="underline underline-offset-4 hover:text-accent"
                  prefetch="intent"
                >
                  14-day right of withdrawal
                </Link>
                , no reason needed
              </p>
              {product.finalSale ? (
                <p className="text-amber-200">Final sale: no voluntary returns beyond that.</p>
              ) : returnWindowDays > 0 ? (
                <p>Voluntary returns within {returnWindowDays} days of delivery, from My Orders</p>
              ) : null}
            </dd>
          </dl>
          <ProductSafety safety={safety} />
        </div>
      </div>

      {related.length > 0 && (
        <section className="mt-24" aria-labelledby="related-heading">
          <h2 id="related-heading" className="mb-8 font-bold text-2xl sm:text-3xl">
            You may also like
          </h2>
          <ProductGrid products={related} />
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
