import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "~/components/ui/button";

const TITLES: Record<number, string> = { 400: "That request was not understood", 403: "Not allowed", 404: "Not found" };

/** A staff page that cannot be shown says why inside the staff area (its tabs stay), rather than replacing the site. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "An unexpected error occurred. Please try again.";
  return (
    <section aria-labelledby="admin-error-title" className="pb-10" data-admin-error={status}>
      <h1 id="admin-error-title" className="text-3xl font-bold tracking-tight">
        {TITLES[status] ?? "Something went wrong"}
      </h1>
      <p className="mt-3 text-muted-foreground">{message}</p>
      <p className="mt-6">
        <Link to="/admin" className={buttonClass("outline", "sm")}>
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
}
