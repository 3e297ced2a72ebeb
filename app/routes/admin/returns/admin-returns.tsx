import { RefreshCwIcon, Undo2Icon } from "lucide-react";
import { useCallback } from "react";
import { data, redirect, useNavigate } from "react-router";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/plural";
import { cn } from "~/lib/utils";
import { AdminEmptyState } from "~/routes/admin/admin-list";
import { AdminListScreen, AdminRefreshButton } from "~/routes/admin/admin-list-screen";
import {
  CONDITION_FIELD_PREFIX,
  type OpenedReturn,
  RETURN_INTENTS,
  type ReturnActionResult,
  ReturnDetailsDialog,
  type ReturnIntent,
} from "~/routes/admin/returns/return-dialog";
import { ReturnFilters } from "~/routes/admin/returns/return-filters";
import { ReturnTable } from "~/routes/admin/returns/return-table";
import { adminReturnList } from "../../../../core/admin-lists";
import { isUuid } from "../../../../core/ids";
import { returnMessages } from "../../../../core/returns";
import { formText } from "../../../../core/validation/form-schema";
import { AppError } from "../../../../server/app-error";
import { requireAdmin } from "../../../../server/auth/guards";
import { handleAction, listLoadFailure, reportFailure } from "../../../../server/http/errors";
import { getAdminReturn, listAdminReturns } from "../../../../server/returns/admin-returns";
import {
  approveReturn,
  exchangeReturn,
  markReturnReceived,
  refundReturn,
  rejectReturn,
} from "../../../../server/returns/return-actions";
import type { AdminReturnRow } from "../../../../server/returns/return-views";
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
      },
    });
  }
}

const isReturnIntent = (value: string): value is ReturnIntent =>
  (RETURN_INTENTS as readonly string[]).includes(value);

/** The item conditions of a "receive" form: `condition:<return item id>` fields. */
function conditionsOf(form: FormData): Record<string, string> {
  const conditions: Record<string, string> = {};
  for (const [name, value] of form)
    if (name.startsWith(CONDITION_FIELD_PREFIX) && typeof value === "string")
      conditions[name.slice(CONDITION_FIELD_PREFIX.length)] = value;
  return conditions;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user } = requireAdmin(context, url);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const returnId = formText(form, "returnId");
  if (!isReturnIntent(intent)) throw data("Unknown action", { status: 400 });
  const failure = {
    fallback: returnMessages.actionFailed,
    what: `return ${intent} failed`,
    extra: { intent, ok: false as const },
    details: { returnId, intent },
  };
  return handleAction(context, failure, async () => {
    // a malformed id would reach the database as a type error: it is simply not a return
    if (!isUuid(returnId)) throw new AppError("return_not_found", returnMessages.notFound, 404);
    const step = { services: context, admin: { id: user.id, email: user.email }, returnId };
    const result =
      intent === "approve"
        ? await approveReturn(step)
        : intent === "reject"
          ? await rejectReturn({ ...step, reason: formText(form, "reason") })
          : intent === "receive"
            ? await markReturnReceived({ ...step, conditions: conditionsOf(form) })
            : intent === "refund"
              ? await refundReturn(step)
              : await exchangeReturn(step);
    return {
      intent,
      ok: true,
      message: result.message,
      rmaNumber: result.rmaNumber,
    } satisfies ReturnActionResult;
  });
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { query, opened, returns, total, page, pageCount, waitingCount, error } = loaderData;
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
