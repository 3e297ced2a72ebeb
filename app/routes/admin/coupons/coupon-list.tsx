import { CopyIcon, PowerIcon, PowerOffIcon } from "lucide-react";
import { useFetcher } from "react-router";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/cart";
import { useMoney } from "~/lib/money";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { formatCouponDiscount } from "../../../../core/coupon";
import { couponAdminMessages } from "../../../../core/validation/coupon-form";
import type { AdminCouponView } from "../../../../server/coupons/list-coupons";
import { AdminEditDeleteButtons } from "../admin-list";
import type { action } from "./admin-coupons";

const localDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const localTime = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });
const utcDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const utcTime = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "UTC" });

/**
 * A date in the browser's time zone. The server cannot know that zone, so the server render and
 * the hydration pass both show UTC (labelled), then the browser switches to local time: no mismatch.
 */
function LocalDateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  const day = hydrated ? localDate.format(date) : utcDate.format(date);
  const time = hydrated ? localTime.format(date) : `${utcTime.format(date)} UTC`;
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {day}
      <span className="block text-muted-foreground text-xs">{time}</span>
    </time>
  );
}

/** The table's column headings before "Actions". */
const COLUMNS = ["Code", "Name", "Discount", "Usage", "Status", "Expires"];

function usageText(coupon: AdminCouponView) {
  return `${coupon.usageCount} / ${coupon.usageLimit ?? "Unlimited"}`;
}

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(couponAdminMessages.copied);
  } catch {
    toast.error("Could not copy the coupon code");
  }
}

function CouponStatus({ isActive, isExpired }: { isActive: boolean; isExpired: boolean }) {
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <StatusBadge status={isActive ? "Active" : "Inactive"} tone={isActive ? "green" : "gray"} />
      {/* display only (docs/SPEC.md#admin-coupons): an expired coupon keeps its active flag */}
      {isExpired && <span className="font-medium text-amber-200 text-xs"> (Expired)</span>}
    </span>
  );
}

function CodeCell({ code }: { code: string }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 whitespace-nowrap">
      {/* long codes are cut short here; the copy button and the edit dialog have them whole */}
      <span className="min-w-0 max-w-48 truncate font-mono font-semibold" title={code}>
        {code}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label={`Copy code ${code}`}
        title="Copy code"
        onClick={() => copyCode(code)}
      >
        <CopyIcon aria-hidden />
      </Button>
    </span>
  );
}

/** Activate/deactivate, edit and delete. The wanted state is sent, and shown at once while saving. */
function CouponActions({
  coupon,
  onEdit,
  onDelete,
}: {
  coupon: AdminCouponView;
  onEdit: (coupon: AdminCouponView) => void;
  onDelete: (coupon: AdminCouponView) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast.success(result.message);
    else toast.error(result.error);
  });
  const pending = fetcher.formData ? fetcher.formData.get("isActive") === "true" : null;
  const isActive = pending ?? coupon.isActive;
  return (
    <div className="flex items-center justify-end gap-0.5">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="set-active" />
        <input type="hidden" name="id" value={coupon.id} />
        <input type="hidden" name="isActive" value={String(!isActive)} />
        <Button
          type="submit"
          variant="ghost"
          size="icon-sm"
          disabled={fetcher.state !== "idle"}
          aria-label={`${isActive ? "Deactivate" : "Activate"} ${coupon.code}`}
          title={isActive ? "Deactivate" : "Activate"}
        >
          {isActive ? <PowerOffIcon aria-hidden /> : <PowerIcon aria-hidden className="text-emerald-300" />}
        </Button>
      </fetcher.Form>
      <AdminEditDeleteButtons
        name={coupon.code}
        onEdit={() => onEdit(coupon)}
        onDelete={() => onDelete(coupon)}
      />
    </div>
  );
}

function DiscountCell({ coupon }: { coupon: AdminCouponView }) {
  const money = useMoney();
  return (
    <>
      <span className="whitespace-nowrap font-medium">{formatCouponDiscount(coupon, money)}</span>
      {coupon.minimumOrderCents > 0 && (
        <span className="block whitespace-nowrap text-muted-foreground text-xs">
          Min. {money(coupon.minimumOrderCents)}
        </span>
      )}
    </>
  );
}

/**
 * The coupon table. Where the content area is narrow (a tablet with the admin sidebar open), each
 * coupon becomes a card with the same fields, so nothing needs sideways scrolling.
 */
export function CouponList({
  coupons,
  onEdit,
  onDelete,
}: {
  coupons: AdminCouponView[];
  onEdit: (coupon: AdminCouponView) => void;
  onDelete: (coupon: AdminCouponView) => void;
}) {
  return (
    <>
      <div className="@4xl:block hidden overflow-x-auto rounded-xl border bg-card/60">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Coupons, newest first</caption>
          <thead className="border-b text-muted-foreground text-xs uppercase tracking-wide">
            <tr>
              {COLUMNS.map((label) => (
                <th key={label} scope="col" className="px-3 py-3 font-medium">
                  {label}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {coupons.map((coupon) => (
              <tr key={coupon.id} data-testid="coupon-row" className="align-middle">
                <td className="px-3 py-3">
                  <CodeCell code={coupon.code} />
                </td>
                <td className="max-w-48 px-3 py-3">
                  <span className="block truncate font-medium" title={coupon.name}>
                    {coupon.name}
                  </span>
                  {coupon.description && (
                    <span className="block truncate text-muted-foreground text-xs">{coupon.description}</span>
                  )}
                </td>
                <td className="px-3 py-3">
                  <DiscountCell coupon={coupon} />
                </td>
                <td className="whitespace-nowrap px-3 py-3 tabular-nums">{usageText(coupon)}</td>
                <td className="whitespace-nowrap px-3 py-3">
                  <CouponStatus isActive={coupon.isActive} isExpired={coupon.isExpired} />
                </td>
                <td className="px-3 py-3 text-muted-foreground">
                  {coupon.expiresAt ? <LocalDateTime iso={coupon.expiresAt} /> : "Never"}
                </td>
                <td className="px-3 py-3">
                  <CouponActions coupon={coupon} onEdit={onEdit} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="@4xl:hidden flex flex-col gap-3" aria-label="Coupons, newest first">
        {coupons.map((coupon) => (
          <li key={coupon.id} data-testid="coupon-card" className="rounded-xl border bg-card/60 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <CodeCell code={coupon.code} />
                <p className="truncate font-medium">{coupon.name}</p>
                {coupon.description && (
                  <p className="truncate text-muted-foreground text-xs">{coupon.description}</p>
                )}
              </div>
              <CouponStatus isActive={coupon.isActive} isExpired={coupon.isExpired} />
            </div>
            <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground text-xs">Discount</dt>
                <dd>
                  <DiscountCell coupon={coupon} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground text-xs">Usage</dt>
                <dd className="tabular-nums">{usageText(coupon)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground text-xs">Expires</dt>
                <dd>{coupon.expiresAt ? <LocalDateTime iso={coupon.expiresAt} /> : "Never"}</dd>
              </div>
            </dl>
            <div className="mt-3 border-t pt-3">
              <CouponActions coupon={coupon} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
