import { LegalPage } from "~/components/legal-page";
import { terms } from "~/content/terms";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => metaFor(terms);

export default function TermsPage() {
  return <LegalPage document={terms} />;
}
