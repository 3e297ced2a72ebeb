import { BellRingIcon, CircleAlertIcon, ShoppingBagIcon } from "lucide-react";
import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { isAppError } from "../../../server/app-error";
import { confirmStockAlert } from "../../../server/stock-alerts/confirm-stock-alert";
import type { Route } from "./+types/back-in-stock-confirm";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Back-in-stock alert",
    description: "Confirm your back-in-stock alert.",
    noIndex: true,
  });
}

// the link works once: the answer is never stored by a browser or a proxy
export const headers = () => ({ "Cache-Control": "no-store" });

/**
 * The link of the confirmation e-mail (docs/BACK-IN-STOCK.md). Following it confirms the request; a
 * link that names nothing (used, replaced by a newer one, or swept) answers 404 with the reason.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { confirmed: await confirmStockAlert({ ...context, token: params.token }), error: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ confirmed: null, error: error.userMessage }, { status: error.status });
  }
}

export default function BackInStockConfirm({ loaderData }: Route.ComponentProps) {
  const { confirmed, error } = loaderData;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      {confirmed ? (
        <>
          <BellRingIcon className="size-12 text-accent" aria-hidden />
          {confirmed.outcome === "waiting" ? (
            <>
              <h1 className="font-bold text-3xl">You're on the list</h1>
              <p className="text-muted-foreground">
                We will e-mail you once when <strong className="text-foreground">{confirmed.itemName}</strong>{" "}
                is back in stock. That is the only e-mail we send about it.
              </p>
            </>
          ) : (
            <>
              <h1 className="font-bold text-3xl">It's back in stock</h1>
              <p className="text-muted-foreground">
                <strong className="text-foreground">{confirmed.itemName}</strong> came back before you
                confirmed, so there is nothing to wait for.
              </p>
            </>
          )}
          <Button asChild size="lg">
            <Link to={confirmed.productPath}>
              <ShoppingBagIcon /> {confirmed.outcome === "waiting" ? "Back to the Product" : "Shop Now"}
            </Link>
          </Button>
        </>
      ) : (
        <>
          <CircleAlertIcon className="size-12 text-muted-foreground" aria-hidden />
          <h1 className="font-bold text-3xl">Link not valid</h1>
          <p className="text-muted-foreground">{error}</p>
          <Button asChild size="lg" variant="outline">
            <Link to="/products">Browse Products</Link>
          </Button>
        </>
      )}
    </section>
  );
}
