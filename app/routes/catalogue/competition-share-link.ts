import { redirect } from "react-router";
import type { Route } from "./+types/competition-share-link";

/** Share links use /competitions/{id} (the spec's public form); they resolve to the detail page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/competition/${encodeURIComponent(params.id)}`, 301);
}
