import { ORDER_STATUS_LABELS } from "~/content/admin-orders";
import { type ListOf, ORDER_FILTER_STATUSES, type ORDER_TABLE } from "~/schemas/admin-tables";
import { FilterDay, FilterSelect, TableFilters } from "./data-table";

const statusLabel = (status: string) => (status === "all" ? "All statuses" : (ORDER_STATUS_LABELS[status] ?? status));

/** The Orders tab's search and filters: a GET form, so a filtered list is a link staff can share. */
export function OrderFiltersForm({
  list,
  competitions,
}: {
  list: ListOf<typeof ORDER_TABLE>;
  competitions: { id: number; title: string }[];
}) {
  const { filters, ignored } = list.query;
  return (
    <TableFilters list={list} label="Filter orders" search={{ label: "Email contains" }}>
      <FilterSelect
        name="status"
        label="Status"
        value={filters.status}
        options={ORDER_FILTER_STATUSES.map((status) => [status, statusLabel(status)] as const)}
      />
      <FilterSelect
        name="competition"
        label="Competition"
        value={filters.competition}
        any="All competitions"
        options={competitions.map((c) => [String(c.id), c.title] as const)}
      />
      <FilterDay name="from" label="From" value={filters.from} invalid={ignored.includes("from")} />
      <FilterDay name="to" label="To" value={filters.to} invalid={ignored.includes("to")} />
    </TableFilters>
  );
}
