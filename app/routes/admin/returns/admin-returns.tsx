import { RefreshCwIcon, Undo2Icon } from "lucide-react";
import { useCallback } from "react";
import { redirect, useNavigate } from "react-router";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/plural";
import { cn } from "~/lib/utils";
import { AdminEmptyState } from "~/routes/admin/admin-list";
import { AdminListScreen, AdminRefreshButton } from "~/routes/admin/admin-list-screen";
import { ReturnDetailsDialog } from "~/routes/admin/returns/return-dialog";
import { ReturnFilters } from "~/routes/admin/returns/return-filters";
import { ReturnTable } from "~/routes/admin/returns/return-table";
import { adminReturnList } from "../../../../core/admin-lists";
import { isUuid } from "../../../../core/ids";
import { returnMessages } from "../../../../core/returns";
import { type ReturnIntent, returnActions } from "../../../../core/validation/return-actions";
import { requireAdmin } from "../../../../server/auth/guards";
import { listLoadFailure, reportFailure } from "../../../../server/http/errors";
import { runAction } from "../../../../server/http/run-action";
import { getAdminReturn, listAdminReturns } from "../../../../server/returns/admin-returns";
import { approveReturn } from "../../../../server/returns/approve-return";
import { exchangeReturn } from "../../../../server/returns/exchange-return";
import { refundReturn } from "../../../../server/returns/refund-return";
import { rejectReturn } from "../../../../server/returns/reject-return";
import type { AdminReturnRow, OpenedReturn } from "../../../../server/returns/return-views";
import type { ReturnStepResult } from "../../../../server/returns/return-workflow";
import { receiveReturnGoods, recordProofOfSending } from "../../../../server/withdrawals/withdrawal-returns";
import type { Route } from "./+types/admin-returns";

const LOAD_FAILED = "Failed to load returns. Please try again later.";
const DETAILS_FAILED = "Failed to load the return. Please try again.";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Returns", description: "Store administration.", noIndex: true });
}

/** The return `?return=<id>` names, or why it cannot be shown; an unknown id is a message, not a crash. */
async function openReturn(context: Route.LoaderArgs["context"], returnId: string): Promise<OpenedReturn> {
  if (!isUuid(returnId)) return { details: null, error: returnMessages.notFound };
  try {
    return { details: await getAdminReturn({ ...context, returnId }), error: null };
  } catch (error) {
    const failure = reportFailure(context, error, {
      fallback: DETAILS_FAILED,
      what: "admin return details failed",
      details: { returnId },
    });
    return { details: null, error: failure.status === 404 ? returnMessages.notFound : failure.error };
  }
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const query = adminReturnList.parse(url.searchParams);
  // both at once; openReturn answers a failure with a message, so it never takes the list down
  const [opened, listed] = await Promise.all([
    query.open ? openReturn(context, query.open) : null,
    listAdminReturns({
      db: context.db,
      query: query.q,
      state: query.state || undefined,
      page: query.page,
    }).then(
      (result) => ({ ok: true as const, result }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  ]);
  try {
    if (!listed.ok) throw listed.error;
    const { result } = listed;
    // a shared link to a page that no longer exists shows the last one
    if (query.page > result.pageCount)
      throw redirect(adminReturnList.href({ ...query, page: result.pageCount }));
    return { query, opened, ...result, error: null };
  } catch (error) {
    return listLoadFailure(context, error, {
      fallback: LOAD_FAILED,
      what: "admin return list failed",
      details: { query },
      empty: {
        query,
        opened,
        returns: [] as AdminReturnRow[],
        total: 0,
        page: 1,
        pageCount: 1,
        waitingCount: 0,
        overdueWithdrawals: 0,
      },
    });
  }
}

/** An admin's step on a return: one use case per intent; the answer's `message` is the dialog's toast. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const { user } = requireAdmin(context, url);
  const form = await request.formData();
  const admin = { id: user.id, email: user.email };
  const services = context;
  // what a failed step logs: which step (runAction adds the return's id as the form named it)
  const failure = (intent: ReturnIntent) => ({
    fallback: returnMessages.actionFailed,
    what: `return ${intent} failed`,
  });
  const answer = ({ intent }: { intent: ReturnIntent }, result: ReturnStepResult) => ({
    intent,
    ok: true as const,
    message: result.message,
    rmaNumber: result.rmaNumber,
  });
  return runAction(context, form, returnActions, {
    approve: {
      ...failure("approve"),
      run: async (input) => answer(input, await approveReturn({ services, admin, returnId: input.returnId })),
    },
    reject: {
      ...failure("reject"),
      run: async (input) => answer(input, await rejectReturn({ services, admin, ...input })),
    },
    receive: {
      ...failure("receive"),
      run: async (input) => answer(input, await receiveReturnGoods({ services, admin, ...input })),
    },
    refund: {
      ...failure("refund"),
      run: async (input) => answer(input, await refundReturn({ services, admin, returnId: input.returnId })),
    },
    exchange: {
      ...failure("exchange"),
      run: async (input) =>
        answer(input, await exchangeReturn({ services, admin, returnId: input.returnId })),
    },
    proof: {
      ...failure("proof"),
      run: async (input) => answer(input, await recordProofOfSending({ services, admin, ...input })),
    },
  });
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { query, opened, returns, total, page, pageCount, waitingCount, overdueWithdrawals, error } =
    loaderData;
  const navigate = useNavigate();
  const filtered = Boolean(query.q || query.state);
  const listHref = adminReturnList.href({ ...query, open: "" });
  const hrefFor = useCallback((id: string) => adminReturnList.href({ ...query, open: id }), [query]);
  const close = useCallback(() => navigate(listHref, { preventScrollReset: true }), [navigate, listHref]);

  return (
    <>
      <AdminListScreen
        title="Returns"
        headingId="returns-heading"
        summary={
          <>
            {plural(total, "return")}
            {" · "}
            <span className={cn(waitingCount > 0 && "font-medium text-amber-200")}>
              {waitingCount} waiting
            </span>
            {overdueWithdrawals > 0 ? (
              <>
                {" · "}
                <span className="font-medium text-red-300" data-testid="overdue-withdrawals">
                  {plural(overdueWithdrawals, "withdrawal")} past the refund deadline
                </span>
              </>
            ) : null}
          </>
        }
        actions={<AdminRefreshButton label="Refresh Returns" />}
        filters={<ReturnFilters query={query} />}
        path={adminReturnList.path}
        error={error}
        isEmpty={returns.length === 0}
        retryIcon={RefreshCwIcon}
        empty={
          <AdminEmptyState
            icon={Undo2Icon}
            title="No returns found"
            description={
              filtered
                ? "Try a different search term or clear filters."
                : "Return requests from customers will appear here."
            }
            clearHref={filtered ? adminReturnList.path : undefined}
          />
        }
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => adminReturnList.href({ ...query, open: "", page: target })}
      >
        <ReturnTable returns={returns} hrefFor={hrefFor} />
      </AdminListScreen>

      <ReturnDetailsDialog opened={opened} hrefFor={hrefFor} onClose={close} />
    </>
  );
}
