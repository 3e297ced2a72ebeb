import { ChevronLeftIcon, ChevronRightIcon, SearchXIcon } from "lucide-react";
import type { FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ProductGrid, ProductGridSkeleton } from "~/components/product-card";
import { SearchField, useSearchNavigation } from "~/components/search-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { FilterSelect } from "~/components/ui/filter-select";
import { GridVatNote } from "~/components/vat-note";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { parseShopQuery, type ShopQuery, shopQueryString } from "../../../core/shop-query";
import { withCardImages } from "../../../server/catalog/card-images";
import type { ProductCount } from "../../../server/catalog/estimate-products";
import { listCategories } from "../../../server/catalog/list-categories";
import { listShopFacets } from "../../../server/catalog/list-shop-facets";
import { listSizesInStock } from "../../../server/catalog/list-sizes-in-stock";
import { loadProductPricing, pricingOf } from "../../../server/catalog/product-prices";
import { toProductCardView } from "../../../server/catalog/product-view";
import { type ShopPageLink, searchProducts } from "../../../server/catalog/search-products";
import type { Route } from "./+types/products";
import { ActiveFilters, FilterMenu } from "./shop-filters";

const SHOP_SKELETON_CARDS = 8;

export async function loader({ context, url }: Route.LoaderArgs) {
  const query = parseShopQuery(url.searchParams);
  // past page 1 a cursor says where a page starts; a bare page number (an old link) starts over
  if (query.page > 1 && !query.cursor) throw redirect(`/products${shopQueryString({ ...query, page: 1 })}`);
  const filters = {
    query: query.q,
    category: query.category,
    size: query.size,
    inStockOnly: query.inStockOnly,
    color: query.color,
    onSale: query.onSale,
    minCents: query.minCents,
    maxCents: query.maxCents,
  };
  const [result, categories, sizes, facets] = await Promise.all([
    searchProducts({ db: context.db, ...filters, sort: query.sort, page: query.page, cursor: query.cursor }),
    listCategories({ db: context.db }),
    listSizesInStock({ db: context.db }),
    listShopFacets({ db: context.db, filters }),
  ]);
  if (query.cursor) {
    // the page before a cursor turned out to be the first (products were removed since): show it
    if (!result.previous) throw redirect(`/products${shopQueryString({ ...query, page: 1, cursor: null })}`);
    // nothing after the cursor: a page past the end
    if (result.products.length === 0) throw data("Page Not Found", { status: 404 });
  }
  // the sale prices and 30-day figures of the whole page in one query (docs/PRICING.md#sale-prices)
  const [rows, pricing] = await Promise.all([
    withCardImages({ db: context.db, rows: result.products }),
    loadProductPricing({ db: context.db, products: result.products }),
  ]);
  return {
    query,
    categories,
    sizes,
    facets,
    products: rows.map((row) => toProductCardView(context.storage, row, pricingOf(pricing, row))),
    count: result.count,
    page: result.page,
    pageCount: result.pageCount,
    previous: result.previous,
    next: result.next,
  };
}

export function meta(args: Route.MetaArgs) {
  const query = args.loaderData?.query;
  const category = args.loaderData?.categories.find((name) => name.toLowerCase() === query?.category);
  const filtered = Boolean(query && (hasFilters(query) || query.sort !== "newest"));
  return pageMeta(args, {
    title: category ? `Shop ${category}` : "Shop",
    description: category
      ? `Shop premium streetwear ${category.toLowerCase()}: heavyweight fabrics, considered cuts.`
      : "Shop the full collection of premium streetwear: tees, hoodies, jackets, pants and accessories.",
    // one canonical address per page of a category listing; searches and sorts point at its first
    canonicalPath: `/products${shopQueryString(
      filtered
        ? { category: query?.category }
        : { category: query?.category, page: query?.page, cursor: query?.cursor },
    )}`,
    noIndex: filtered,
  });
}

/** "1 product", "37 products", "1,000+ products", "About 98,000 products". */
function countLabel(count: ProductCount) {
  const products = `${count.value.toLocaleString("en-US")} ${count.value === 1 ? "product" : "products"}`;
  if (count.kind === "at-least") return `${count.value.toLocaleString("en-US")}+ products`;
  return count.kind === "about" ? `About ${products}` : products;
}

/**
 * Previous and Next, as links that crawlers and browsers without JavaScript follow. No numbered
 * links: past page 1 a page is named by a cursor, which keeps page 4,000 as cheap as page 1
 * (docs/PERFORMANCE.md, "Catalog queries at scale").
 */
function Pagination({
  query,
  page,
  pageCount,
  previous,
  next,
}: {
  query: ShopQuery;
  page: number;
  pageCount: number | null;
  previous: ShopPageLink | null;
  next: ShopPageLink | null;
}) {
  if (!previous && !next) return null;
  const linkTo = (link: ShopPageLink) =>
    `/products${shopQueryString({ ...query, page: link.page, cursor: link.cursor })}`;
  return (
    <nav aria-label="Pagination" className="mt-14 flex items-center justify-center gap-2">
      {previous ? (
        <Link to={linkTo(previous)} className={buttonVariants({ variant: "outline" })} rel="prev">
          <ChevronLeftIcon /> Previous
        </Link>
      ) : null}
      <span className="px-3 text-muted-foreground text-sm">
        {/* the count can be an estimate; a page reached by cursor may lie past it if the list grew */}
        {pageCount !== null && page <= pageCount ? `Page ${page} of ${pageCount}` : `Page ${page}`}
      </span>
      {next ? (
        <Link to={linkTo(next)} className={buttonVariants({ variant: "outline" })} rel="next">
          Next <ChevronRightIcon />
        </Link>
      ) : null}
    </nav>
  );
}

/** Whether anything narrows the listing beyond its category. */
function hasFilters(query: ShopQuery) {
  return Boolean(
    query.q ||
      query.size ||
      query.inStockOnly ||
      query.color ||
      query.onSale ||
      query.minCents !== null ||
      query.maxCents !== null,
  );
}

/** Where the search form goes: the URL keeps only what differs from the defaults. */
function shopHref(params: URLSearchParams) {
  return `/products${shopQueryString(parseShopQuery(params))}`;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, categories, sizes, facets, products, count, page, pageCount, previous, next } = loaderData;
  const navigation = useNavigation();
  const search = useSearchNavigation(shopHref);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/products";

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="mb-8 flex flex-col gap-2">
        <h1 className="font-bold text-4xl sm:text-5xl">Shop</h1>
        <p className="text-muted-foreground" aria-live="polite">
          {countLabel(count)}
        </p>
      </div>

      {/* key: a new URL (back button, shared link) resets the form to what the URL says */}
      <Form
        method="get"
        action="/products"
        key={shopQueryString(query)}
        className="mb-10 flex flex-col gap-3 sm:flex-row"
        role="search"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          search(event.currentTarget);
        }}
      >
        <SearchField
          label="Search products"
          defaultValue={query.q}
          placeholder="Search products..."
          maxLength={100}
          className="flex-1"
        />
        <div className="flex gap-3">
          <FilterSelect
            name="category"
            value={query.category}
            label="Category"
            allLabel="All categories"
            choices={categories}
            urlValueOf={(category) => category.toLowerCase()}
            className="min-w-0 flex-1 sm:w-48 sm:flex-none"
          />
          <FilterSelect
            name="size"
            value={query.size}
            label="Size"
            allLabel="All sizes"
            // a size from a shared link stays listed even when it has sold out since
            choices={[...new Set(query.size && !sizes.includes(query.size) ? [query.size, ...sizes] : sizes)]}
            className="w-28! shrink-0 sm:w-36!"
          />
          <FilterMenu query={query} facets={facets} />
          <Button type="submit" variant="secondary" className="max-sm:hidden">
            Search
          </Button>
        </div>
      </Form>
      <ActiveFilters query={query} colors={facets.colors} />

      {loading ? (
        <ProductGridSkeleton count={SHOP_SKELETON_CARDS} />
      ) : products.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-24 text-center">
          <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="font-semibold text-xl">No products found</h2>
          <p className="text-muted-foreground">Try a different search term or browse our categories.</p>
          {(query.category || hasFilters(query)) && (
            <Link to="/products" className={cn(buttonVariants({ variant: "outline" }), "mt-2")}>
              Clear filters
            </Link>
          )}
        </div>
      ) : (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          <ProductGrid products={products} priority={4} testId="product-grid" />
          <GridVatNote />
        </section>
      )}

      <Pagination query={query} page={page} pageCount={pageCount} previous={previous} next={next} />
    </div>
  );
}
