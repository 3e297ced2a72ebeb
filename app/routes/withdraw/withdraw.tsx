import { useState } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { pageMeta } from "~/lib/meta";
import { WithdrawConfirm, WithdrawDone } from "~/routes/withdraw/withdraw-confirm";
import { WithdrawGuestForm } from "~/routes/withdraw/withdraw-guest-form";
import { WithdrawOrderPicker } from "~/routes/withdraw/withdraw-order-picker";
import { DEMO_SELLER } from "../../../core/seller";
import { withdrawalActions } from "../../../core/validation/withdrawal-actions";
import { withdrawalMessages } from "../../../core/withdrawal";
import { WITHDRAW_LINK_LABEL } from "../../../core/withdrawal-link";
import { requireUser } from "../../../server/auth/guards";
import { runAction } from "../../../server/http/run-action";
import { listWithdrawableOrders } from "../../../server/withdrawals/list-withdrawable-orders";
import { withdrawAsGuest, withdrawFromContract } from "../../../server/withdrawals/withdraw-from-contract";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/withdraw";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Withdraw from contract",
    description: "Withdraw from a purchase within 14 days of delivery, without giving a reason.",
  });
}

/** Signed in: the customer's orders that may be withdrawn from; signed out: the form (nothing to load). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.session?.user;
  if (!user) return { signedIn: false as const };
  const orders = await listWithdrawableOrders({ ...context, userId: user.id });
  return { signedIn: true as const, orders, preselected: url.searchParams.get("order") };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  return runAction(context, form, withdrawalActions, {
    withdraw: {
      fallback: withdrawalMessages.failed,
      what: "withdrawal failed",
      run: async ({ intent, orderId, lines, requestKey }) => {
        const { user } = requireUser(context, url);
        const result = await withdrawFromContract({
          services: context,
          user: { id: user.id, name: user.name, email: user.email },
          orderId,
          lines,
          requestKey,
        });
        return { intent, ok: true as const, result, message: result.message };
      },
    },
    guest: {
      fallback: withdrawalMessages.failed,
      what: "guest withdrawal failed",
      run: async ({ intent, ...input }) => {
        const { message } = await withdrawAsGuest({
          services: context,
          clientIp: context.clientIp,
          ...input,
        });
        return { intent, ok: true as const, result: null, message };
      },
    },
  });
}

/** What the first step hands to "Confirm withdrawal": the fields to send and the statement they make. */
export interface WithdrawalDraft {
  fields: Record<string, string>;
  statement: string;
  /** The confirmation's key: a second press of the same confirmation records nothing new. */
  requestKey: string;
}

/**
 * The withdrawal function (Art. 11a CRD; docs/LEGAL.md#withdrawal): identify the contract (a
 * signed-in customer picks an order and, once shipped, optionally items; a signed-out visitor gives
 * name, order number and e-mail), then "Confirm withdrawal" on the statement exactly as it is sent.
 */
export default function Withdraw({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const fetcher = useFetcher<typeof action>();
  const [draft, setDraft] = useState<WithdrawalDraft | null>(null);
  const answer = fetcher.data;
  const identity = {
    seller: root?.seller ?? DEMO_SELLER,
    storeName: root?.storeName ?? "Nocturn",
  };

  if (answer?.ok && draft) return <WithdrawDone answer={answer} />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <header>
        <h1 className="font-bold text-3xl">{draft ? "Confirm withdrawal" : WITHDRAW_LINK_LABEL}</h1>
        {draft ? null : (
          <p className="mt-3 text-muted-foreground leading-relaxed">
            You may withdraw from a purchase without giving a reason from the moment you pay until 14 days
            after delivery. Before your order ships, withdrawing cancels it and refunds everything, delivery
            included. Afterwards you send the goods back and we refund them.{" "}
            <Link to="/legal/withdrawal" className="text-foreground underline underline-offset-4">
              Read the withdrawal instructions
            </Link>
            .
          </p>
        )}
      </header>
      {draft ? (
        <WithdrawConfirm
          draft={draft}
          busy={fetcher.state !== "idle"}
          error={answer && !answer.ok ? answer.error : null}
          onBack={() => setDraft(null)}
          onConfirm={() =>
            fetcher.submit({ ...draft.fields, requestKey: draft.requestKey }, { method: "post" })
          }
        />
      ) : null}
      {/* kept mounted while confirming, so Back finds the choices as they were */}
      <div hidden={draft !== null}>
        {loaderData.signedIn ? (
          <WithdrawOrderPicker
            orders={loaderData.orders}
            preselected={loaderData.preselected}
            identity={identity}
            consumer={root?.user ?? null}
            onContinue={setDraft}
          />
        ) : (
          <WithdrawGuestForm identity={identity} onContinue={setDraft} />
        )}
      </div>
    </div>
  );
}
