import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { ProductGridSkeleton } from "./product-card";
import { Skeleton } from "./ui/skeleton";

const RELATED_CARDS = 4;
/** A navigation that settles sooner than this shows no skeleton: a flash would be worse than a wait. */
const SKELETON_DELAY_MS = 150;
const PRODUCT_PATH = /^\/products\/[^/]+\/?$/;

/** The product page's shape while its data loads: gallery, details, related products. */
function ProductPageSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Skeleton className="mb-8 h-5 w-36" />
      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="flex flex-col gap-4">
          <Skeleton className="aspect-[4/5] w-full rounded-xl!" />
          <div className="grid grid-cols-5 gap-2">
            {Array.from({ length: 5 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} className="aspect-square w-full rounded-lg!" />
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-6">
          <div className="space-y-3">
            <Skeleton className="h-10 w-3/4" />
            <Skeleton className="h-8 w-28" />
          </div>
          <div className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-2/3" />
          </div>
          <Skeleton className="h-5 w-24" />
          <div className="flex gap-3">
            <Skeleton className="h-11 w-32" />
            <Skeleton className="h-11 w-40" />
          </div>
          <Skeleton className="h-32 w-full rounded-xl!" />
        </div>
      </div>
      <section className="mt-24" aria-hidden>
        <Skeleton className="mb-8 h-8 w-56" />
        <ProductGridSkeleton count={RELATED_CARDS} />
      </section>
    </div>
  );
}

/**
 * True while the router loads another product page (a link from the shop, a related product),
 * once the wait has lasted long enough to be noticed. Form submissions and reloads of the page
 * already shown do not count: their page stays on screen.
 */
function useProductPageLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  const loadingProduct =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    target !== undefined &&
    target !== pathname &&
    PRODUCT_PATH.test(target);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loadingProduct) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SKELETON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadingProduct]);
  return loadingProduct && shown;
}

/**
 * Covers the page under the sticky header with the product skeleton while another product page
 * loads. An overlay rather than a swap of the page: the page underneath keeps its scroll position,
 * which the router saves for the Back button when the navigation completes.
 */
export function ProductNavigationSkeleton() {
  const loading = useProductPageLoading();
  if (!loading) return null;
  return (
    <output
      className="fixed inset-x-0 top-16 bottom-0 z-30 block overflow-hidden bg-background"
      data-testid="product-page-skeleton"
    >
      <span className="sr-only">Loading product…</span>
      <ProductPageSkeleton />
    </output>
  );
}
