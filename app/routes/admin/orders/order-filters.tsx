import { FilterSelect, submitOnChange } from "~/components/ui/filter-select";
import { AdminListFilters } from "~/routes/admin/admin-list";
import { type AdminOrderQuery, adminOrderList } from "../../../../core/admin-lists";
import { capitalize, ORDER_STATUSES } from "../../../../core/order";

/** Search box, status filter and the checkouts switch; works without JavaScript too. */
export function OrderFilters({ query }: { query: AdminOrderQuery }) {
  return (
    <AdminListFilters
      // a new URL (back button, shared link) resets the fields to what the URL says
      key={adminOrderList.search(query)}
      list={adminOrderList}
      q={query.q}
      label="Search orders"
      placeholder="Search orders by number, email or status..."
      className="flex flex-col gap-3 lg:flex-row lg:items-center"
      controlsClassName="flex flex-wrap items-center gap-3"
    >
      <FilterSelect
        name="status"
        value={query.status}
        label="Filter by status"
        allLabel="All statuses"
        choices={ORDER_STATUSES}
        labelOf={capitalize}
        className="w-44!"
      />
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
    </AdminListFilters>
  );
}
