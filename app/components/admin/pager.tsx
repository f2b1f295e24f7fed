import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** Previous and next links for a paged staff list, keeping its filters. */
export function Pager({
  page,
  pageSize,
  total,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  label: string;
}) {
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `?${params}`;
  };
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={to(page - 1)} className={buttonClass("outline", "sm")} rel="prev">
          Previous
        </Link>
      ) : null}
      <p className="text-sm text-muted-foreground" aria-current="page">
        Page {Math.min(page, pages)} of {pages}
      </p>
      {page < pages ? (
        <Link to={to(page + 1)} className={buttonClass("outline", "sm")} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
