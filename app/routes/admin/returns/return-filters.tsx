import { SearchField, useSearchNavigation } from "~/components/search-field";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { AdminSearchForm } from "~/routes/admin/admin-list";
import { RETURN_STATE_LABELS, RETURN_STATES, type ReturnState } from "../../../../core/returns";

export interface AdminReturnQuery {
  q: string;
  state: ReturnState | "";
  page: number;
  /** The return whose details are open (`?return=<id>`); "" when none. */
  open: string;
}

const MAX_QUERY_LENGTH = 100;

const isReturnState = (value: string): value is ReturnState =>
  (RETURN_STATES as readonly string[]).includes(value);

/** Reads the return list's state from the URL; anything odd falls back to the default. */
export function parseAdminReturnQuery(params: URLSearchParams): AdminReturnQuery {
  const state = params.get("state") ?? "";
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    state: isReturnState(state) ? state : "",
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
    open: (params.get("return") ?? "").trim().slice(0, 64),
  };
}

/** The search string for a list state, without defaults. */
export function adminReturnQueryString(query: Partial<AdminReturnQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.state) params.set("state", query.state);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.open) params.set("return", query.open);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Where the filter form goes: the list's first page for what the form says, no return open. */
function returnsHref(params: URLSearchParams): string {
  const { q, state } = parseAdminReturnQuery(params);
  return `/admin/returns${adminReturnQueryString({ q, state })}`;
}

/** Search box and state filter; works without JavaScript too. */
export function ReturnFilters({ query }: { query: AdminReturnQuery }) {
  const search = useSearchNavigation(returnsHref);
  return (
    <AdminSearchForm
      action="/admin/returns"
      // a new URL (back button, shared link) resets the fields to what the URL says
      key={adminReturnQueryString({ q: query.q, state: query.state })}
      className="flex flex-col gap-3 sm:flex-row sm:items-center"
      onSearch={search}
    >
      <SearchField
        label="Search returns"
        defaultValue={query.q}
        placeholder="Search by RMA, order number or email..."
        maxLength={MAX_QUERY_LENGTH}
        className="flex-1"
      />
      <div className="flex items-center gap-3">
        <NativeSelect
          name="state"
          defaultValue={query.state}
          aria-label="Filter by state"
          className="w-full! sm:w-44!"
          onChange={(event) => {
            if (event.currentTarget.form) search(event.currentTarget.form);
          }}
        >
          <option value="">All states</option>
          {RETURN_STATES.map((state) => (
            <option key={state} value={state}>
              {RETURN_STATE_LABELS[state]}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
    </AdminSearchForm>
  );
}
