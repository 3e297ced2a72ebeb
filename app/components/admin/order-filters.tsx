import { SearchIcon } from "lucide-react";
import { type FormEvent, useCallback } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import { capitalize, isOrderStatus, ORDER_STATUSES, type OrderStatus } from "../../../core/order";

export interface AdminOrderQuery {
  q: string;
  status: OrderStatus | "";
  /** Show checkout attempts that were never paid and ended cancelled. */
  abandoned: boolean;
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
    abandoned: params.get("abandoned") === "show",
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The search string for a list state, without defaults. */
export function adminOrderQueryString(query: Partial<AdminOrderQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.abandoned) params.set("abandoned", "show");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Search box, status filter and the abandoned-checkouts switch; works without JavaScript too. */
export function OrderFilters({ query }: { query: AdminOrderQuery }) {
  const navigate = useNavigate();
  const search = useCallback(
    (form: HTMLFormElement) => {
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form))
        if (typeof value === "string") params.append(name, value);
      navigate(`/admin/orders${adminOrderQueryString({ ...parseAdminOrderQuery(params), page: 1 })}`);
    },
    [navigate],
  );
  const submitOnChange = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
    if (event.currentTarget.form) search(event.currentTarget.form);
  };
  return (
    // key: a new URL (back button, shared link) resets the fields to what the URL says
    <Form
      method="get"
      action="/admin/orders"
      key={adminOrderQueryString(query)}
      role="search"
      className="flex flex-col gap-3 lg:flex-row lg:items-center"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        search(event.currentTarget);
      }}
    >
      <div className="relative flex-1">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Search orders by number, email or status..."
          aria-label="Search orders"
          className="pl-9"
          maxLength={MAX_QUERY_LENGTH}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <NativeSelect
          name="status"
          defaultValue={query.status}
          aria-label="Filter by status"
          className="w-44"
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
            name="abandoned"
            value="show"
            defaultChecked={query.abandoned}
            onChange={submitOnChange}
            className="size-4 accent-[var(--color-accent)]"
          />
          Include abandoned checkouts
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
    </Form>
  );
}
