import { useEffect, useRef } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { useCart } from "~/lib/cart";
import { toast } from "~/lib/toast";
import { refreshCart } from "../../../core/cart-refresh";
import type { SizedProductView } from "../../../core/product";

/**
 * Back from the payment page with Cancel: the order of that attempt gives its stock and coupon
 * back at once. The cart itself was never touched.
 */
export function useReleaseCancelledCheckout(signedIn: boolean) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fetcher = useFetcher();
  const cancelled = searchParams.get("cancelled");
  const started = useRef(false);
  useEffect(() => {
    if (!cancelled || !signedIn || started.current) return;
    started.current = true;
    fetcher.submit({ intent: "cancel", orderId: cancelled }, { method: "post", action: "/cart" });
    toast.info("Payment cancelled. Your cart is just as you left it.");
    setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [cancelled, signedIn, fetcher, setSearchParams]);
}

/** Once per visit: brings the saved lines up to date with the catalog and says what changed. */
export function useRefreshAgainstServer() {
  const { lines, replace } = useCart();
  const ids = [...new Set(lines.map((line) => line.product.id))].join(",");
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !ids) return;
    started.current = true;
    fetch(`/api/cart-products?ids=${encodeURIComponent(ids)}`)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<{ products: SizedProductView[] }>;
      })
      .then(({ products }) => {
        const current = new Map(products.map((product) => [product.id, product]));
        let notices: string[] = [];
        // from the latest lines: the shopper may have changed the cart while the request was out
        replace((latest) => {
          const refreshed = refreshCart(latest, current);
          notices = refreshed.notices;
          return refreshed.lines;
        });
        for (const notice of notices) toast.info(notice);
      })
      .catch(() => {
        // the saved cart stays usable; the server prices everything again at checkout
      });
  }, [ids, replace]);
}
