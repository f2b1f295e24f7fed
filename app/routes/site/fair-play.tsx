import { LegalPage } from "~/components/legal-page";
import { fairPlaySections } from "~/content/fair-play";
import { PAGES } from "~/content/pages";
import { metaFor } from "~/lib/seo";
import { servicesContext } from "~/server/platform/context";
import { getSiteSettings } from "~/server/platform/site-settings.server";
import type { Route } from "./+types/fair-play";

// Built from the live settings on every request, so a change on the admin Settings page shows here at once.
export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await getSiteSettings(context.get(servicesContext).db) };
}

export const meta: Route.MetaFunction = () => metaFor(PAGES.fairPlay);

export default function FairPlayPage({ loaderData }: Route.ComponentProps) {
  const document = {
    ...PAGES.fairPlay,
    title: "Fair play",
    intro: [
      {
        p:
          "How we keep Paddock's competitions fair and lawful, following the DCMS Voluntary Code of Good Practice " +
          "for Prize Draw Operators. This page is built from the rules the site enforces and its live settings.",
      },
    ],
    sections: fairPlaySections(loaderData.settings),
  };
  return <LegalPage document={document} note="Always current: generated from the site's live settings." />;
}
