import { FilterSelect } from "~/components/ui/filter-select";
import { AdminListFilters } from "~/routes/admin/admin-list";
import { type AdminReturnQuery, adminReturnList } from "../../../../core/admin-lists";
import { RETURN_STATE_LABELS, RETURN_STATES } from "../../../../core/returns";

/** Search box and state filter; works without JavaScript too. */
export function ReturnFilters({ query }: { query: AdminReturnQuery }) {
  return (
    <AdminListFilters
      // a new URL (back button, shared link) resets the fields to what the URL says
      key={adminReturnList.search({ q: query.q, state: query.state })}
      list={adminReturnList}
      q={query.q}
      label="Search returns"
      placeholder="Search by RMA, order number or email..."
      className="flex flex-col gap-3 sm:flex-row sm:items-center"
    >
      <FilterSelect
        name="state"
        value={query.state}
        label="Filter by state"
        allLabel="All states"
        choices={RETURN_STATES}
        labelOf={(state) => RETURN_STATE_LABELS[state]}
        className="w-full! sm:w-44!"
      />
    </AdminListFilters>
  );
}
