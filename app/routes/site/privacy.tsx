import { LegalPage } from "~/components/legal-page";
import { privacy } from "~/content/privacy";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => metaFor(privacy);

export default function PrivacyPage() {
  return <LegalPage document={privacy} />;
}
