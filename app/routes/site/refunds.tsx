import { LegalPage } from "~/components/legal-page";
import { refunds } from "~/content/refunds";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/refunds";

export const meta: Route.MetaFunction = () => metaFor(refunds);

export default function RefundsPage() {
  return <LegalPage document={refunds} />;
}
