import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { ORDER_STATUS_LABELS } from "~/content/admin-orders";
import { ORDER_FILTER_STATUSES, type OrderFilters } from "~/schemas/admin-orders";

const statusLabel = (status: string) => (status === "all" ? "All statuses" : (ORDER_STATUS_LABELS[status] ?? status));

/** The Orders tab's filters: a GET form, so a filtered list is a link staff can share. */
export function OrderFiltersForm({
  filters,
  competitions,
}: {
  filters: OrderFilters;
  competitions: { id: number; title: string }[];
}) {
  return (
    <Form method="get" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
      <Field label="Status" name="status">
        {({ id }) => (
          <select id={id} name="status" defaultValue={filters.status} className={inputClass}>
            {ORDER_FILTER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Competition" name="competition">
        {({ id }) => (
          <select id={id} name="competition" defaultValue={filters.competition ?? ""} className={inputClass}>
            <option value="">All competitions</option>
            {competitions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Email contains" name="email">
        {({ id }) => (
          <input
            id={id}
            name="email"
            type="search"
            defaultValue={filters.email ?? ""}
            maxLength={254}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="From" name="from">
        {({ id }) => <input id={id} name="from" type="date" defaultValue={filters.from ?? ""} className={inputClass} />}
      </Field>
      <Field label="To" name="to">
        {({ id }) => <input id={id} name="to" type="date" defaultValue={filters.to ?? ""} className={inputClass} />}
      </Field>
      <div className="flex items-end gap-2">
        <Button type="submit">Filter</Button>
        <Link to="/admin/orders" className={buttonClass("outline")}>
          Reset
        </Link>
      </div>
    </Form>
  );
}

/** Previous and next pages of a filtered list, keeping its filters. */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(target));
    return `?${params}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClass("outline", "sm")}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClass("outline", "sm")}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
