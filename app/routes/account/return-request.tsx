import { ArrowLeftIcon, CircleAlertIcon, Undo2Icon } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { FormError } from "~/components/auth-ui";
import { NotFound } from "~/components/not-found-panel";
import { ProductImage } from "~/components/product-image";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect, Textarea } from "~/components/ui/input";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { OrderDate } from "~/routes/account/order-date";
import { isUuid } from "../../../core/ids";
import { formatUsd } from "../../../core/money";
import { RETURN_COMMENT_MAX_LENGTH, type ReturnResolution, returnMessages } from "../../../core/returns";
import { readReturnRequestForm, returnFieldNames } from "../../../core/validation/returns";
import { AppError, isAppError } from "../../../server/app-error";
import { requireUser } from "../../../server/auth/guards";
import { handleAction, reportFailure } from "../../../server/http/errors";
import { redirectWithToast } from "../../../server/http/flash";
import { getReturnForm } from "../../../server/returns/get-return-form";
import { requestReturn } from "../../../server/returns/request-return";
import type { ReturnForm, ReturnFormLine } from "../../../server/returns/return-views";
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
    const input = readReturnRequestForm(await request.formData());
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

/** What the customer chose; kept in state so that a refused request loses nothing. */
interface Choice {
  quantities: Record<string, number>;
  exchangeSizes: Record<string, string>;
  resolution: ReturnResolution;
  reason: string;
  comment: string;
}

const canChoose = (line: ReturnFormLine) => line.unavailableReason === null && line.returnable > 0;

/** The browser's first check, in the order the server checks: the server stays the authority. */
function firstProblem(form: ReturnForm, choice: Choice): string | null {
  const chosen = form.lines.filter((line) => (choice.quantities[line.orderItemId] ?? 0) > 0);
  if (chosen.length === 0) return returnMessages.chooseItems;
  if (!choice.reason) return returnMessages.chooseReason;
  if (choice.comment.length > RETURN_COMMENT_MAX_LENGTH) return returnMessages.commentTooLong;
  if (choice.resolution === "exchange") {
    const missing = chosen.find((line) => !choice.exchangeSizes[line.orderItemId]);
    if (missing) return returnMessages.chooseExchangeSize(missing.productName);
  }
  return null;
}

function ReturnLine({
  line,
  choice,
  onQuantity,
  onExchangeSize,
}: {
  line: ReturnFormLine;
  choice: Choice;
  onQuantity: (value: number) => void;
  onExchangeSize: (value: string) => void;
}) {
  const id = useId();
  const selectable = canChoose(line);
  const quantity = choice.quantities[line.orderItemId] ?? 0;
  const exchanging = choice.resolution === "exchange" && quantity > 0;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start" data-testid="return-line">
      <div className="flex min-w-0 flex-1 gap-3">
        <ProductImage
          image={line.image}
          alt={line.productName}
          sizes="64px"
          // a line that cannot be chosen is dimmed by its picture only: its text keeps its contrast
          className={cn("w-16 shrink-0 rounded-md border [&_svg]:size-6", !selectable && "opacity-50")}
        />
        <div className="min-w-0">
          <p className="font-medium" id={`${id}-name`}>
            {line.productName}
          </p>
          <p className="text-muted-foreground text-sm">
            Size {line.size} · {formatUsd(line.unitPaidCents)} each
          </p>
          <p className="text-muted-foreground text-sm">Bought {line.quantityBought}</p>
          {line.unavailableReason && (
            <p className="mt-1 text-amber-200 text-sm" id={`${id}-reason`}>
              {line.unavailableReason}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:w-44">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-quantity`}>Quantity to return</Label>
          <NativeSelect
            id={`${id}-quantity`}
            // a line that cannot be chosen sends nothing (the server reads a missing line as 0)
            name={selectable ? returnFieldNames.quantity(line.orderItemId) : undefined}
            value={selectable ? quantity : 0}
            disabled={!selectable}
            aria-describedby={line.unavailableReason ? `${id}-reason` : `${id}-name`}
            onChange={(event) => onQuantity(Number(event.target.value))}
          >
            {[...Array((selectable ? line.returnable : 0) + 1).keys()].map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </NativeSelect>
        </div>
        {exchanging &&
          (line.exchangeSizes.length > 0 ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-exchange`}>Exchange for size</Label>
              <NativeSelect
                id={`${id}-exchange`}
                name={returnFieldNames.exchangeSize(line.orderItemId)}
                value={choice.exchangeSizes[line.orderItemId] ?? ""}
                onChange={(event) => onExchangeSize(event.target.value)}
              >
                <option value="">Choose a size</option>
                {line.exchangeSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : (
            <p className="text-amber-200 text-sm">
              No other size of this item is in stock, so it can only be refunded.
            </p>
          ))}
      </div>
    </li>
  );
}

function ResolutionChoice({
  value,
  canExchange,
  onChange,
}: {
  value: ReturnResolution;
  canExchange: boolean;
  onChange: (value: ReturnResolution) => void;
}) {
  const options = [
    { value: "refund", label: "Refund", hint: "Your money back to the original payment method." },
    {
      value: "exchange",
      label: "Exchange for another size",
      hint: canExchange
        ? "The same product in another size, shipped at no charge."
        : "No other sizes of these items are in stock right now.",
    },
  ] as const;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium text-sm">What would you like?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const disabled = option.value === "exchange" && !canExchange;
          return (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-accent has-checked:bg-accent/10",
                disabled && "cursor-not-allowed opacity-60",
              )}
            >
              <input
                type="radio"
                name="resolution"
                value={option.value}
                checked={value === option.value}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                className="mt-1 accent-(--color-accent)"
              />
              <span>
                <span className="block font-medium text-sm">{option.label}</span>
                <span className="block text-muted-foreground text-xs">{option.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function ReturnRequestForm({ form, serverError }: { form: ReturnForm; serverError: string | undefined }) {
  const [choice, setChoice] = useState<Choice>({
    quantities: {},
    exchangeSizes: {},
    resolution: "refund",
    reason: "",
    comment: "",
  });
  const [clientError, setClientError] = useState<string | null>(null);
  // a new answer from the server replaces the browser's message
  useEffect(() => {
    if (serverError !== undefined) setClientError(null);
  }, [serverError]);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const ids = useId();
  const error = clientError ?? serverError ?? null;
  const canExchange = form.lines.some((line) => canChoose(line) && line.exchangeSizes.length > 0);
  const update = (next: Partial<Choice>) => {
    const merged = { ...choice, ...next };
    setChoice(merged);
    // the message goes once what it was about is fixed
    if (clientError && firstProblem(form, merged) !== clientError) setClientError(null);
  };
  const estimate = form.lines.reduce(
    (sum, line) => sum + line.unitPaidCents * (choice.quantities[line.orderItemId] ?? 0),
    0,
  );
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const problem = firstProblem(form, choice);
    setClientError(problem);
    if (problem) event.preventDefault();
  }
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <section aria-labelledby={`${ids}-items`} className="rounded-xl border bg-card/60 px-5 py-4">
        <h2 id={`${ids}-items`} className="font-semibold text-lg">
          Items
        </h2>
        <ul className="divide-y">
          {form.lines.map((line) => (
            <ReturnLine
              key={line.orderItemId}
              line={line}
              choice={choice}
              onQuantity={(value) =>
                update({ quantities: { ...choice.quantities, [line.orderItemId]: value } })
              }
              onExchangeSize={(value) =>
                update({ exchangeSizes: { ...choice.exchangeSizes, [line.orderItemId]: value } })
              }
            />
          ))}
        </ul>
      </section>
      <section
        aria-labelledby={`${ids}-details`}
        className="flex flex-col gap-5 rounded-xl border bg-card/60 p-5"
      >
        <h2 id={`${ids}-details`} className="font-semibold text-lg">
          Details
        </h2>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${ids}-reason`}>Reason for the return</Label>
          <NativeSelect
            id={`${ids}-reason`}
            name="reason"
            value={choice.reason}
            onChange={(event) => update({ reason: event.target.value })}
          >
            <option value="">Choose a reason</option>
            {form.reasons.map((reason) => (
              <option key={reason.code} value={reason.code}>
                {reason.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${ids}-comment`}>
            Comment <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id={`${ids}-comment`}
            name="comment"
            rows={3}
            maxLength={RETURN_COMMENT_MAX_LENGTH}
            value={choice.comment}
            aria-describedby={`${ids}-comment-count`}
            onChange={(event) => update({ comment: event.target.value })}
          />
          <p id={`${ids}-comment-count`} className="self-end text-muted-foreground text-xs">
            {choice.comment.length}/{RETURN_COMMENT_MAX_LENGTH}
          </p>
        </div>
        <ResolutionChoice
          value={choice.resolution}
          canExchange={canExchange}
          onChange={(resolution) => update({ resolution })}
        />
      </section>
      <div className="flex flex-col gap-3">
        <FormError message={error} />
        {choice.resolution === "refund" && estimate > 0 && (
          <p className="text-muted-foreground text-sm" data-testid="refund-estimate">
            Estimated refund: <span className="font-medium text-foreground">{formatUsd(estimate)}</span>,
            confirmed once we have received and checked your items.
          </p>
        )}
        <Button type="submit" size="lg" className="self-stretch sm:self-end" disabled={submitting}>
          <Undo2Icon aria-hidden /> {submitting ? "Submitting..." : "Request return"}
        </Button>
      </div>
    </Form>
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
