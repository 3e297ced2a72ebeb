import { ArrowRightIcon, ShoppingBagIcon, Trash2Icon, XIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate, useRouteLoaderData } from "react-router";
import { toast } from "sonner";
import { ProductImage } from "~/components/product-image";
import { QuantityStepper } from "~/components/quantity-stepper";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { toCartProduct, useCart, useHydrated } from "~/lib/cart";
import { pageMeta } from "~/lib/meta";
import { type CartLine, cartItemCount, refreshCart } from "../../core/cart";
import { formatUsd } from "../../core/money";
import { subtotalCents } from "../../core/pricing";
import { LOW_STOCK_THRESHOLD, type ProductView } from "../../core/product";
import type { Route } from "./+types/cart";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Shopping Cart", description: "Your shopping cart.", noIndex: true });
}

/** Once per visit: brings the saved lines up to date with the catalog and says what changed. */
function useRefreshAgainstServer() {
  const { lines, replace } = useCart();
  const ids = lines.map((line) => line.product.id).join(",");
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !ids) return;
    started.current = true;
    fetch(`/api/cart-products?ids=${encodeURIComponent(ids)}`)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<{ products: ProductView[] }>;
      })
      .then(({ products }) => {
        const current = new Map(products.map((product) => [product.id, toCartProduct(product)]));
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

function CartLineRow({ line }: { line: CartLine }) {
  const { update, remove } = useCart();
  const { product, quantity } = line;
  return (
    <li className="flex gap-4 py-6 sm:gap-6" data-testid="cart-line">
      <Link
        to={`/products/${product.id}`}
        className="w-24 shrink-0 overflow-hidden rounded-lg border sm:w-28"
        tabIndex={-1}
      >
        <ProductImage image={product.image} alt={product.name} sizes="112px" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <Link to={`/products/${product.id}`} className="font-medium hover:underline">
              {product.name}
            </Link>
            <p className="text-muted-foreground text-sm">{product.category ?? "Uncategorized"}</p>
            {product.stock < LOW_STOCK_THRESHOLD && (
              <p className="mt-1 font-medium text-warning text-xs">Only {product.stock} left</p>
            )}
          </div>
          <p className="shrink-0 font-semibold" data-testid="line-price">
            {formatUsd(product.priceCents * quantity)}
          </p>
        </div>
        <div className="mt-auto flex items-center justify-between gap-4">
          <QuantityStepper
            value={quantity}
            min={0}
            max={product.stock}
            onChange={(next) => update(product.id, next)}
            label={`Quantity of ${product.name}`}
            size="sm"
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => remove(product.id)}
            className="text-muted-foreground"
          >
            <XIcon /> Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

export default function Cart() {
  const { lines, clear } = useCart();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  useRefreshAgainstServer();

  const itemCount = cartItemCount(lines);
  const subtotal = subtotalCents(
    lines.map((line) => ({ priceCents: line.product.priceCents, quantity: line.quantity })),
  );

  const startCheckout = () => {
    toast.error("Please log in to complete your purchase");
    navigate("/login?redirectTo=%2Fcart", { state: { from: "/cart" } });
  };

  if (!hydrated) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6" aria-busy="true">
        <h1 className="mb-10 font-bold text-4xl">Shopping Cart</h1>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  if (lines.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-28 text-center">
        <h1 className="font-bold text-4xl">Shopping Cart</h1>
        <ShoppingBagIcon className="mt-6 size-12 text-muted-foreground" aria-hidden />
        <p className="font-semibold text-xl">Your cart is empty</p>
        <p className="text-muted-foreground">Looks like you haven't added anything to your cart yet.</p>
        <Button asChild size="lg" className="mt-2">
          <Link to="/products">Browse Products</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h1 className="font-bold text-4xl">Shopping Cart</h1>
        <Button variant="outline" size="sm" onClick={clear}>
          <Trash2Icon /> Clear Cart
        </Button>
      </div>
      <div className="grid gap-10 lg:grid-cols-[1fr_360px]">
        <ul className="divide-y border-y">
          {lines.map((line) => (
            <CartLineRow key={line.product.id} line={line} />
          ))}
        </ul>
        <aside
          aria-labelledby="summary-heading"
          className="h-fit rounded-xl border bg-card/60 p-6 lg:sticky lg:top-24"
        >
          <h2 id="summary-heading" className="mb-5 font-semibold text-lg">
            Order Summary
          </h2>
          <dl className="space-y-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted-foreground">
                Subtotal ({itemCount} {itemCount === 1 ? "item" : "items"})
              </dt>
              <dd data-testid="cart-subtotal">{formatUsd(subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Shipping</dt>
              <dd>Calculated at checkout</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Tax</dt>
              <dd>Calculated at checkout</dd>
            </div>
            <div className="flex justify-between border-t pt-3 font-semibold text-base">
              <dt>Total</dt>
              <dd data-testid="cart-total">{formatUsd(subtotal)}</dd>
            </div>
          </dl>
          <Button size="lg" className="mt-6 w-full" onClick={startCheckout} disabled={signedIn}>
            Checkout · {formatUsd(subtotal)} <ArrowRightIcon />
          </Button>
          {signedIn && (
            <p className="mt-3 text-center text-muted-foreground text-sm">
              Online checkout opens soon. Your cart is saved on this device.
            </p>
          )}
          <Link
            to="/products"
            className="mt-4 block text-center text-muted-foreground text-sm hover:text-foreground"
          >
            Continue Shopping
          </Link>
        </aside>
      </div>
    </div>
  );
}
