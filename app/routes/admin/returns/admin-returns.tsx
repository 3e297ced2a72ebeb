import { RefreshCwIcon, Undo2Icon } from "lucide-react";
import { useCallback } from "react";
import { Link, redirect, useNavigate, useNavigation, useRevalidator } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { AdminLoadError, AdminPagination } from "~/routes/admin/admin-list";
import { ReturnDetailsDialog } from "~/routes/admin/returns/return-dialog";
import {
  adminReturnQueryString,
  parseAdminReturnQuery,
  ReturnFilters,
} from "~/routes/admin/returns/return-filters";
import { ReturnTable } from "~/routes/admin/returns/return-table";
import { isUuid } from "../../../../core/ids";
import { returnMessages } from "../../../../core/returns";
import { formText } from "../../../../core/validation/form-schema";
import { type ReturnIntent, returnActions } from "../../../../core/validation/return-actions";
import { requireAdmin } from "../../../../server/auth/guards";
import { listLoadFailure, reportFailure } from "../../../../server/http/errors";
import { runAction } from "../../../../server/http/run-action";
import { getAdminReturn, listAdminReturns } from "../../../../server/returns/admin-returns";
import { approveReturn } from "../../../../server/returns/approve-return";
import { exchangeReturn } from "../../../../server/returns/exchange-return";
import { markReturnReceived } from "../../../../server/returns/mark-return-received";
import { refundReturn } from "../../../../server/returns/refund-return";
import { rejectReturn } from "../../../../server/returns/reject-return";
import type { AdminReturnRow, OpenedReturn } from "../../../../server/returns/return-views";
import type { ReturnStepResult } from "../../../../server/returns/return-workflow";
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
  const query = parseAdminReturnQuery(url.searchParams);
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
      throw redirect(`/admin/returns${adminReturnQueryString({ ...query, page: result.pageCount })}`);
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
  // what a failed step logs: which step, on which return (as the form named it)
  const failure = (intent: ReturnIntent) => ({
    fallback: returnMessages.actionFailed,
    what: `return ${intent} failed`,
    details: { returnId: formText(form, "returnId") },
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
      run: async (input) => answer(input, await markReturnReceived({ services, admin, ...input })),
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
  });
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { query, opened, returns, total, page, pageCount, waitingCount, error } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/returns";
  const refreshing = revalidator.state === "loading";
  const filtered = Boolean(query.q || query.state);
  const listHref = adminReturnQueryString({ ...query, open: "" });
  const hrefFor = useCallback(
    (id: string) => `/admin/returns${adminReturnQueryString({ ...query, open: id })}`,
    [query],
  );
  const close = useCallback(
    () => navigate(`/admin/returns${listHref}`, { preventScrollReset: true }),
    [navigate, listHref],
  );

  return (
    <section aria-labelledby="returns-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="returns-heading" className="font-bold text-3xl">
            Returns
          </h1>
          <p className="mt-1 text-muted-foreground text-sm" aria-live="polite">
            {total === 1 ? "1 return" : `${total} returns`}
            {" · "}
            <span className={cn(waitingCount > 0 && "font-medium text-amber-200")}>
              {waitingCount} waiting
            </span>
          </p>
        </div>
        <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={refreshing}>
          <RefreshCwIcon className={cn(refreshing && "animate-spin")} aria-hidden />
          {refreshing ? "Refreshing..." : "Refresh Returns"}
        </Button>
      </div>

      <div className="mb-6">
        <ReturnFilters query={query} />
      </div>

      {error ? (
        <AdminLoadError message={error} onRetry={() => revalidator.revalidate()} retryIcon={RefreshCwIcon} />
      ) : returns.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-20 text-center">
          <Undo2Icon className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="font-semibold text-xl">No returns found</h2>
          <p className="text-muted-foreground">
            {filtered
              ? "Try a different search term or clear filters."
              : "Return requests from customers will appear here."}
          </p>
          {filtered ? (
            <Link to="/admin/returns" className={cn(buttonVariants({ variant: "outline" }), "mt-2")}>
              Clear filters
            </Link>
          ) : null}
        </div>
      ) : (
        <div
          className={cn("transition-opacity", (loading || refreshing) && "opacity-60")}
          aria-busy={loading}
        >
          <ReturnTable returns={returns} hrefFor={hrefFor} />
        </div>
      )}

      <AdminPagination
        page={page}
        pageCount={pageCount}
        className="mt-8!"
        preventScrollReset
        hrefFor={(target) => `/admin/returns${adminReturnQueryString({ ...query, open: "", page: target })}`}
      />

      <ReturnDetailsDialog opened={opened} hrefFor={hrefFor} onClose={close} />
    </section>
  );
}
