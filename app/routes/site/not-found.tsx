import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Page not found", "The page you are looking for does not exist.");

export default function NotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Oops! Page not found</h1>
      <p className="mt-4 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <p className="mt-8">
        <Link to="/" className={buttonClass("primary", "lg")}>
          Return to home
        </Link>
      </p>
    </div>
  );
}
