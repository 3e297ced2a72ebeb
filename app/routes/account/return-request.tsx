import { ArrowLeftIcon, CircleAlertIcon } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { NotFound } from "~/components/not-found-panel";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { OrderDate } from "~/routes/account/order-date";
import { ReturnRequestForm } from "~/routes/account/return-request-form";
import { isUuid } from "../../../core/ids";
import { returnMessages } from "../../../core/returns";
import { returnRequestFields } from "../../../core/validation/returns";
import { AppError, isAppError, parseInput } from "../../../server/app-error";
import { requireUser } from "../../../server/auth/guards";
import { handleAction, reportFailure } from "../../../server/http/errors";
import { redirectWithToast } from "../../../server/http/flash";
import { getReturnForm } from "../../../server/returns/get-return-form";
import { requestReturn } from "../../../server/returns/request-return";
import type { Route } from "./+types/return-request";

const MY_ORDERS = "/account/orders";
const LOAD_FAILED = "Failed to load the order. Please try again later.";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Return Items",
    description: "Return items from one of your orders.",
    noIndex: true,
  });
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { user } = requireUser(context, url);
  // anything but an id is answered like an order that is not the customer's
  if (!isUuid(params.orderId)) throw data(returnMessages.orderNotFound, { status: 404 });
  try {
    const form = await getReturnForm({
      db: context.db,
      storage: context.storage,
      config: context.config,
      userId: user.id,
      orderId: params.orderId,
    });
    return { ok: true as const, form };
  } catch (error) {
    const { status, error: message } = reportFailure(context, error, {
      fallback: LOAD_FAILED,
      what: "loading the return form failed",
      details: { userId: user.id, orderId: params.orderId },
    });
    // someone else's order, or none: the 404 page, so an order id tells a stranger nothing
    if (status === 404) throw data(message, { status });
    // the window closed, nothing left to return: said on the page, with the way back
    if (isAppError(error)) return data({ ok: false as const, message }, { status });
    throw data(message, { status });
  }
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { user } = requireUser(context, url);
  const failure = {
    fallback: returnMessages.requestFailed,
    what: "return request failed",
    details: { userId: user.id, orderId: params.orderId },
  };
  return handleAction(context, { ...failure, extra: { ok: false as const } }, async () => {
    if (!isUuid(params.orderId)) throw new AppError("order_not_found", returnMessages.orderNotFound, 404);
    const input = parseInput(returnRequestFields, await request.formData());
    const { message } = await requestReturn({
      services: context,
      user: { id: user.id, email: user.email, name: user.name },
      orderId: params.orderId,
      input,
    });
    return redirectWithToast(context, MY_ORDERS, { kind: "success", text: message });
  });
}

function BackToOrders() {
  return (
    <Link
      to={MY_ORDERS}
      className="inline-flex items-center gap-1.5 text-muted-foreground text-sm underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeftIcon className="size-4" aria-hidden /> Back to My Orders
    </Link>
  );
}

/** The order cannot be returned (any more): why, and the way back. */
function ReturnUnavailable({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <BackToOrders />
      <h1 className="font-bold text-3xl">Return items</h1>
      <section
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-amber-400/40 bg-amber-400/10 p-5"
      >
        <CircleAlertIcon className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
        <p>{message}</p>
      </section>
      <Button asChild variant="outline" className="self-start">
        <Link to={MY_ORDERS}>Back to My Orders</Link>
      </Button>
    </div>
  );
}

export default function ReturnItems({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.ok) return <ReturnUnavailable message={loaderData.message} />;
  const { form } = loaderData;
  const serverError = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <BackToOrders />
      <header>
        <h1 className="font-bold text-3xl">
          Return items from order <span className="font-mono">{form.orderNumber}</span>
        </h1>
        <p className="mt-2 text-muted-foreground">
          Returns accepted until <OrderDate iso={form.windowEndsAt} />. Choose what you are sending back and
          whether you would like a refund or another size.
        </p>
      </header>
      <ReturnRequestForm form={form} serverError={serverError} />
    </div>
  );
}

/** Another customer's order, or none: the store's 404 page, inside the page's frame (as product.tsx does). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <NotFound />;
}
