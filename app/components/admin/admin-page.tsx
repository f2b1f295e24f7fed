import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AccountSection } from "~/components/account/account-shell";
import { textLinkClass } from "~/components/legal-page";
import { StatList } from "~/components/stat-list";

/** A staff page: its heading, an optional line under it, and its sections. */
export function AdminPage({
  title,
  intro,
  children,
}: {
  title: React.ReactNode;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="max-w-7xl pb-10">
      <h1 className="text-3xl font-bold tracking-tight break-words">{title}</h1>
      {intro ? <p className="mt-2 text-muted-foreground">{intro}</p> : null}
      <div className="mt-8 space-y-8">{children}</div>
    </div>
  );
}

/** A titled card on a staff page: the account pages' section card. */
export const AdminSection = AccountSection;

/** Labelled facts in a grid (a StatList of label and value pairs). */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return <StatList items={items.map(([label, value]) => ({ label, value }))} />;
}

type Column = string | { label: string; numeric: true };

/**
 * A staff table with its caption and column headings. Wide tables scroll sideways inside their card rather than
 * widening a phone's page; the scrolling region takes keyboard focus (so it can be scrolled without a pointer) and
 * is named after its table.
 */
export function AdminTable({
  label,
  caption,
  columns,
  minWidth,
  children,
}: {
  label: string;
  caption: string;
  columns: Column[];
  /** A Tailwind min-width class for tables whose columns would wrap to unreadable slivers on a phone. */
  minWidth?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-3 focus-visible:outline-ring"
    >
      <table className={`w-full text-left text-sm ${minWidth ?? ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr>
            {columns.map((column) => {
              const text = typeof column === "string" ? column : column.label;
              const align = typeof column === "string" ? "" : " text-right";
              return (
                <th key={text} scope="col" className={`py-2 pr-3 font-medium whitespace-nowrap${align}`}>
                  {text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

export const tdClass = "py-2 pr-3 align-top";

/** A staff page that failed: the server's plain message (no permission, not found), never a blank page. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "An unexpected error occurred. Please try again.";
  const title = isRouteErrorResponse(error) && error.status === 404 ? "Not found" : "Something went wrong";
  return (
    <AdminPage title={isRouteErrorResponse(error) && error.status === 403 ? "Not allowed" : title}>
      <p>{message}</p>
      <p>
        <Link to="/admin" className={textLinkClass}>
          Back to the dashboard
        </Link>
      </p>
    </AdminPage>
  );
}
