import { ArrowRightIcon, ShoppingBagIcon, Trash2Icon, XIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import { toast } from "sonner";
import { CheckoutDialog } from "~/components/checkout-dialog";
import { ProductImage } from "~/components/product-image";
import { QuantityStepper } from "~/components/quantity-stepper";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { toCartProduct, useCart, useHydrated } from "~/lib/cart";
import { pageMeta } from "~/lib/meta";
import { type CartLine, cartItemCount, lineQuantityLimit, refreshCart } from "../../core/cart";
import { checkoutMessages, DEFAULT_COUNTRY, type ShippingDetails } from "../../core/checkout";
import { couponMessages } from "../../core/coupon";
import { formatUsd } from "../../core/money";
import { subtotalCents } from "../../core/pricing";
import { isProductId, LOW_STOCK_THRESHOLD, type ProductView } from "../../core/product";
import { formText } from "../../core/validation/form-schema";
import { AppError } from "../../server/app-error";
import { cancelCheckout } from "../../server/checkout/cancel-checkout";
import { checkCoupon } from "../../server/checkout/check-coupon";
import { parseCheckoutLines, priceCheckoutLines } from "../../server/checkout/checkout-lines";
import { prepareOrder } from "../../server/checkout/prepare-order";
import { startPayment } from "../../server/checkout/start-payment";
import { actionError } from "../../server/http/action-error";
import type { Route } from "./+types/cart";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Shopping Cart", description: "Your shopping cart.", noIndex: true });
}

/** AppErrors of the shipping step worded "Failed to create order: {message}" (docs/SPEC.md#messages). */
const ORDER_FAILURES = new Set(["product_missing", "not_enough_stock", "order_locked"]);

/**
 * The checkout's steps (docs/ARCHITECTURE.md#checkout-and-payment). Only ids, quantities, an address
 * and a code come from the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (!context.session) {
    return data({ intent, error: checkoutMessages.signInRequired, signInRequired: true }, { status: 401 });
  }
  const { user } = context.session;
  const services = context;
  const logContext = { intent, userId: user.id };
  switch (intent) {
    case "coupon":
      try {
        const lines = await priceCheckoutLines({
          db: context.db,
          lines: parseCheckoutLines(formText(form, "lines")),
        });
        const subtotal = subtotalCents(
          lines.map(({ product, quantity }) => ({ priceCents: product.priceCents, quantity })),
        );
        const { coupon, discountCents } = await checkCoupon({
          db: context.db,
          userId: user.id,
          code: formText(form, "code"),
          subtotalCents: subtotal,
        });
        return {
          intent,
          coupon: { code: coupon.code, discountCents },
          message: couponMessages.applied(discountCents),
        };
      } catch (error) {
        return actionError(context, error, {
          fallback: couponMessages.failed,
          what: "coupon check failed",
          extra: { intent },
          logContext,
        });
      }
    case "prepare":
      try {
        const order = await prepareOrder({
          db: context.db,
          storage: context.storage,
          userId: user.id,
          checkoutKey: formText(form, "checkoutKey"),
          lines: parseCheckoutLines(formText(form, "lines")),
          shipping: readShippingDetails(form),
          couponCode: formText(form, "couponCode"),
          paymentMethod: context.payments.id,
        });
        return { intent, order };
      } catch (error) {
        const wrapped =
          error instanceof AppError && ORDER_FAILURES.has(error.code)
            ? new AppError(error.code, checkoutMessages.createOrderFailed(error.userMessage), error.status)
            : error;
        return actionError(context, wrapped, {
          fallback: checkoutMessages.createOrderFailedGeneric,
          what: "order not created",
          extra: { intent },
          logContext,
        });
      }
    case "pay":
      try {
        const { url } = await startPayment({
          services,
          userId: user.id,
          customerEmail: user.email,
          orderId: readOrderId(form),
        });
        return { intent, url };
      } catch (error) {
        return actionError(context, error, {
          fallback: checkoutMessages.paymentFailed,
          what: "payment not started",
          extra: { intent },
          logContext,
        });
      }
    case "cancel":
      try {
        await cancelCheckout({ services, userId: user.id, orderId: readOrderId(form) });
        return { intent, released: true as const };
      } catch (error) {
        return actionError(context, error, {
          fallback: checkoutMessages.paymentFailed,
          what: "cancelled checkout not released",
          extra: { intent },
          logContext,
        });
      }
    default:
      return data({ intent, error: "Unknown request." }, { status: 400 });
  }
}

function readOrderId(form: FormData): string {
  const orderId = formText(form, "orderId");
  if (!isProductId(orderId)) throw new AppError("order_not_found", checkoutMessages.orderNotFound, 404);
  return orderId;
}

function readShippingDetails(form: FormData): ShippingDetails {
  return {
    fullName: formText(form, "fullName"),
    addressLine1: formText(form, "addressLine1"),
    addressLine2: formText(form, "addressLine2"),
    city: formText(form, "city"),
    state: formText(form, "state"),
    zipCode: formText(form, "zipCode"),
    country: formText(form, "country") || DEFAULT_COUNTRY,
    note: formText(form, "note"),
  };
}

/**
 * Back from the payment page with Cancel: the order of that attempt gives its stock and coupon
 * back at once. The cart itself was never touched.
 */
function useReleaseCancelledCheckout(signedIn: boolean) {
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
            max={lineQuantityLimit(product.stock)}
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
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  useRefreshAgainstServer();
  useReleaseCancelledCheckout(signedIn);

  const itemCount = cartItemCount(lines);
  const subtotal = subtotalCents(
    lines.map((line) => ({ priceCents: line.product.priceCents, quantity: line.quantity })),
  );

  const startCheckout = () => {
    if (signedIn) {
      setCheckoutOpen(true);
      return;
    }
    toast.error(checkoutMessages.signInRequired);
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
          <Button size="lg" className="mt-6 w-full" onClick={startCheckout}>
            Checkout · {formatUsd(subtotal)} <ArrowRightIcon />
          </Button>
          <Link
            to="/products"
            className="mt-4 block text-center text-muted-foreground text-sm hover:text-foreground"
          >
            Continue Shopping
          </Link>
        </aside>
      </div>
      {signedIn && <CheckoutDialog open={checkoutOpen} onOpenChange={setCheckoutOpen} lines={lines} />}
    </div>
  );
}
