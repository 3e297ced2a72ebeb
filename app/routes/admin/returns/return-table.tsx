import { EyeIcon } from "lucide-react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/status-badge";
import { buttonVariants } from "~/components/ui/button";
import { plural } from "~/lib/plural";
import { cn } from "~/lib/utils";
import { capitalize, DELETED_CUSTOMER_LABEL } from "../../../../core/order";
import { RETURN_STATE_LABELS, type ReturnState, returnStateTone } from "../../../../core/returns";
import type { AdminReturnRow } from "../../../../server/returns/return-views";
import { AdminCardField, AdminCardTable } from "../admin-card-table";
import { DateTime } from "../admin-date-time";

export function ReturnStateBadge({ state, className }: { state: ReturnState; className?: string }) {
  return (
    <StatusBadge status={RETURN_STATE_LABELS[state]} tone={returnStateTone(state)} className={className} />
  );
}

const HEADERS = [
  "RMA",
  "Order",
  "Customer",
  "State",
  "Resolution",
  "Items",
  "Reason",
  "Requested",
  "Actions",
];

/** A withdrawal is marked as such, with the days left until its refund is due (Art. 13 CRD). */
function WithdrawalMark({ daysLeft }: { daysLeft: number | null }) {
  return (
    <span className="mb-1 flex flex-wrap items-center gap-1.5">
      <StatusBadge status="Withdrawal" tone="orange" />
      {daysLeft === null ? null : (
        <span className={cn("text-xs", daysLeft < 0 ? "font-medium text-red-300" : "text-muted-foreground")}>
          {daysLeft < 0
            ? `Refund overdue by ${plural(-daysLeft, "day")}`
            : `${plural(daysLeft, "day")} left to refund`}
        </span>
      )}
    </span>
  );
}

function ReasonCell({ row }: { row: AdminReturnRow }) {
  return row.kind === "withdrawal" ? (
    <WithdrawalMark daysLeft={row.refundDaysLeft} />
  ) : (
    <span className="line-clamp-2">{row.reasonLabel}</span>
  );
}

/** `hrefFor(id)`: the list's URL with that return's details open. */
interface ReturnListProps {
  returns: AdminReturnRow[];
  hrefFor: (id: string) => string;
}

function CustomerEmail({ row }: { row: AdminReturnRow }) {
  return row.customerEmail ? (
    <span className="block truncate" title={row.customerEmail}>
      {row.customerEmail}
    </span>
  ) : (
    <span className="block truncate text-muted-foreground">{DELETED_CUSTOMER_LABEL}</span>
  );
}

function ViewLink({ row, hrefFor }: { row: AdminReturnRow; hrefFor: ReturnListProps["hrefFor"] }) {
  return (
    <Link
      to={hrefFor(row.id)}
      preventScrollReset
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={`View return ${row.rmaNumber}`}
    >
      <EyeIcon aria-hidden /> View
    </Link>
  );
}

/** A table where the nine columns fit, a list of cards on narrower screens (as the orders list). */
export function ReturnTable({ returns, hrefFor }: ReturnListProps) {
  return (
    <AdminCardTable
      headers={HEADERS}
      alignRight={["Items", "Actions"]}
      caption="Returns, newest first"
      cardsLabel="Returns, newest first"
      cards={returns.map((row) => <ReturnCard key={row.id} row={row} hrefFor={hrefFor} />)}
      rows={returns.map((row) => (
        <tr key={row.id} className="border-t align-top transition-colors hover:bg-muted/30">
          <td className="whitespace-nowrap py-3 pr-2.5 pl-4 font-mono font-semibold">{row.rmaNumber}</td>
          <td className="whitespace-nowrap px-2.5 py-3 font-mono">{row.orderNumber}</td>
          <td className="max-w-48 px-2.5 py-3">
            <CustomerEmail row={row} />
          </td>
          <td className="px-2.5 py-3">
            <ReturnStateBadge state={row.state} />
          </td>
          <td className="px-2.5 py-3">{capitalize(row.resolution)}</td>
          <td className="px-2.5 py-3 text-right tabular-nums">{row.itemCount}</td>
          <td className="max-w-44 px-2.5 py-3">
            <ReasonCell row={row} />
          </td>
          <td className="px-2.5 py-3">
            <DateTime iso={row.createdAt} layout="stacked" />
          </td>
          <td className="py-3 pr-4 pl-2.5 text-right">
            <ViewLink row={row} hrefFor={hrefFor} />
          </td>
        </tr>
      ))}
    />
  );
}

/** The same facts as a table row, stacked, for screens too narrow for nine columns. */
function ReturnCard({ row, hrefFor }: { row: AdminReturnRow; hrefFor: ReturnListProps["hrefFor"] }) {
  return (
    <li className="rounded-xl border bg-card/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono font-semibold">{row.rmaNumber}</span>
        <ReturnStateBadge state={row.state} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <AdminCardField label="Customer" className="col-span-2 min-w-0">
          <CustomerEmail row={row} />
        </AdminCardField>
        <AdminCardField label="Order" valueClassName="font-mono">
          {row.orderNumber}
        </AdminCardField>
        <AdminCardField label="Requested">
          <DateTime iso={row.createdAt} layout="stacked" />
        </AdminCardField>
        <AdminCardField label="Resolution">{capitalize(row.resolution)}</AdminCardField>
        <AdminCardField label="Items" valueClassName="tabular-nums">
          {row.itemCount}
        </AdminCardField>
        <AdminCardField label="Reason" className="col-span-2 min-w-0" valueClassName="break-words">
          <ReasonCell row={row} />
        </AdminCardField>
      </dl>
      <div className="mt-4 flex border-t pt-3">
        <ViewLink row={row} hrefFor={hrefFor} />
      </div>
    </li>
  );
}
