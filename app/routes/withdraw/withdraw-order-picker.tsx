import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { FormError } from "~/components/auth-ui";
import { ProductImage } from "~/components/product-image";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { useDateFormat } from "~/lib/date-format";
import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import { variantLabel } from "../../../core/product";
import type { Seller } from "../../../core/seller";
import { withdrawalQuantityField } from "../../../core/validation/withdrawal-fields";
import { withdrawalMessages, withdrawalStatement } from "../../../core/withdrawal";
import type { WithdrawableOrder } from "../../../server/withdrawals/list-withdrawable-orders";
import type { WithdrawalDraft } from "./withdraw";
import { newRequestKey } from "./withdraw-confirm";

type Scope = "order" | "items";

/** 0, 1, ... up to `max`: the units of a line one may withdraw from. */
const unitCounts = (max: number) => Array.from({ length: max + 1 }, (_, count) => count);

/**
 * Signed in: the customer's orders that may be withdrawn from, each with until when; a shipped
 * one may be withdrawn from in part (units per line). The statement is made here, from the same
 * function the server records it with.
 */
export function WithdrawOrderPicker({
  orders,
  preselected,
  identity,
  consumer,
  onContinue,
}: {
  orders: WithdrawableOrder[];
  preselected: string | null;
  identity: { seller: Seller; storeName: string };
  consumer: { name: string; email: string } | null;
  onContinue: (draft: WithdrawalDraft) => void;
}) {
  const [orderId, setOrderId] = useState(() =>
    orders.some((entry) => entry.id === preselected)
      ? preselected
      : orders.length === 1
        ? orders[0]?.id
        : null,
  );
  const [scope, setScope] = useState<Scope>("order");
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const chosen = orders.find((entry) => entry.id === orderId) ?? null;
  const money = useMoney(chosen?.currency);

  if (orders.length === 0) {
    return (
      <div className="flex flex-col gap-4 rounded-xl border border-dashed p-6">
        <p>
          None of your orders can be withdrawn from right now: withdrawal is possible from payment until 14
          days after delivery.
        </p>
        <Button asChild variant="outline" className="self-start">
          <Link to="/account/orders">View My Orders</Link>
        </Button>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || !consumer) return setError(withdrawalMessages.chooseOrder);
    const partial = chosen.shipped && scope === "items";
    const lines = partial
      ? chosen.lines.flatMap((line) => {
          const quantity = quantities[line.orderItemId] ?? 0;
          return quantity > 0 ? [{ ...line, quantity }] : [];
        })
      : null;
    if (lines?.length === 0) return setError(withdrawalMessages.chooseItems);
    setError(null);
    onContinue({
      fields: {
        intent: "withdraw",
        orderId: chosen.id,
        scope: lines ? "items" : "order",
        ...Object.fromEntries(
          (lines ?? []).map((line) => [withdrawalQuantityField(line.orderItemId), String(line.quantity)]),
        ),
      },
      statement: withdrawalStatement({
        ...identity,
        orderNumber: chosen.orderNumber,
        lines,
        name: consumer.name,
        email: consumer.email,
      }),
      requestKey: newRequestKey(),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <FormError message={error} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 font-semibold text-lg">Which order?</legend>
        {orders.map((entry) => (
          <OrderChoice
            key={entry.id}
            order={entry}
            checked={entry.id === orderId}
            onChoose={() => {
              setOrderId(entry.id);
              setError(null);
            }}
          />
        ))}
      </fieldset>
      {chosen?.shipped ? (
        <ItemChoice
          order={chosen}
          scope={scope}
          quantities={quantities}
          onScope={setScope}
          onQuantity={(id, quantity) => setQuantities((current) => ({ ...current, [id]: quantity }))}
        />
      ) : chosen ? (
        <p className="rounded-lg border bg-card/60 p-4 text-sm">
          This order has not shipped yet: withdrawing cancels it and refunds {money(chosen.totalCents)},
          delivery included.
        </p>
      ) : null}
      <Button type="submit" className="self-start">
        Continue
      </Button>
    </form>
  );
}

function OrderChoice({
  order,
  checked,
  onChoose,
}: {
  order: WithdrawableOrder;
  checked: boolean;
  onChoose: () => void;
}) {
  const dates = useDateFormat();
  const money = useMoney(order.currency);
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors hover:bg-muted/30",
        checked && "border-accent bg-accent/5",
      )}
    >
      <input
        type="radio"
        name="order"
        value={order.id}
        checked={checked}
        onChange={onChoose}
        className="mt-1 size-4 accent-[var(--color-accent)]"
      />
      <span className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="font-medium font-mono text-base">{order.orderNumber}</span>
        <span className="text-muted-foreground">
          Placed {dates.date(order.placedAt)} · {money(order.totalCents)} ·{" "}
          {order.shipped ? "Shipped" : "Not shipped yet"}
        </span>
        <span className="text-muted-foreground">
          {order.endsAt
            ? `You can withdraw until ${dates.date(order.endsAt)}.`
            : "You can withdraw until 14 days after delivery."}
        </span>
      </span>
    </label>
  );
}

function ItemChoice({
  order,
  scope,
  quantities,
  onScope,
  onQuantity,
}: {
  order: WithdrawableOrder;
  scope: Scope;
  quantities: Record<string, number>;
  onScope: (scope: Scope) => void;
  onQuantity: (orderItemId: string, quantity: number) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 font-semibold text-lg">What do you withdraw from?</legend>
      {(
        [
          ["order", "The whole order"],
          ["items", "Some items only"],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="radio"
            name="scope"
            value={value}
            checked={scope === value}
            onChange={() => onScope(value)}
            className="size-4 accent-[var(--color-accent)]"
          />
          {label}
        </label>
      ))}
      {scope === "items" ? (
        <ul className="mt-2 flex flex-col divide-y rounded-xl border bg-card/60 px-4">
          {order.lines.map((line) => (
            <li key={line.orderItemId} className="flex items-center gap-3 py-3">
              <ProductImage
                image={line.image}
                alt=""
                sizes="48px"
                className="w-12 shrink-0 rounded-md border"
              />
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-medium">{line.productName}</span>
                <span className="text-muted-foreground">{variantLabel(line.size, line.color)}</span>
              </span>
              <NativeSelect
                aria-label={`Quantity of ${line.productName}, ${variantLabel(line.size, line.color)}`}
                value={quantities[line.orderItemId] ?? 0}
                onChange={(event) => onQuantity(line.orderItemId, Number(event.target.value))}
                className="w-20! shrink-0"
              >
                {unitCounts(line.withdrawable).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </NativeSelect>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
