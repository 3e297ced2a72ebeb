import { AdminSearchForm } from "~/components/admin/admin-page";
import { SearchField, useSearchNavigation } from "~/components/search-field";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { capitalize, isOrderStatus, ORDER_STATUSES, type OrderStatus } from "../../../core/order";

export interface AdminOrderQuery {
  q: string;
  status: OrderStatus | "";
  /** Also show checkouts never taken to the payment page (server/orders/placed-order.ts). */
  checkouts: boolean;
  page: number;
}

const MAX_QUERY_LENGTH = 100;

/** Reads the order list's state from the URL; anything odd falls back to the default. */
export function parseAdminOrderQuery(params: URLSearchParams): AdminOrderQuery {
  const status = params.get("status") ?? "";
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    status: isOrderStatus(status) ? status : "",
    checkouts: params.get("checkouts") === "show",
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The search string for a list state, without defaults. */
export function adminOrderQueryString(query: Partial<AdminOrderQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.checkouts) params.set("checkouts", "show");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Where the filter form goes: the list's first page for what the form says. */
function ordersHref(params: URLSearchParams): string {
  return `/admin/orders${adminOrderQueryString({ ...parseAdminOrderQuery(params), page: 1 })}`;
}

/** Search box, status filter and the checkouts switch; works without JavaScript too. */
export function OrderFilters({ query }: { query: AdminOrderQuery }) {
  const search = useSearchNavigation(ordersHref);
  const submitOnChange = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
    if (event.currentTarget.form) search(event.currentTarget.form);
  };
  return (
    <AdminSearchForm
      action="/admin/orders"
      // a new URL (back button, shared link) resets the fields to what the URL says
      key={adminOrderQueryString(query)}
      className="flex flex-col gap-3 lg:flex-row lg:items-center"
      onSearch={search}
    >
      <SearchField
        label="Search orders"
        defaultValue={query.q}
        placeholder="Search orders by number, email or status..."
        maxLength={MAX_QUERY_LENGTH}
        className="flex-1"
      />
      <div className="flex flex-wrap items-center gap-3">
        <NativeSelect
          name="status"
          defaultValue={query.status}
          aria-label="Filter by status"
          className="w-44!"
          onChange={submitOnChange}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {capitalize(status)}
            </option>
          ))}
        </NativeSelect>
        <label className="flex h-10 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="checkouts"
            value="show"
            defaultChecked={query.checkouts}
            onChange={submitOnChange}
            className="size-4 accent-[var(--color-accent)]"
          />
          Include checkouts not taken to payment
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
    </AdminSearchForm>
  );
}
