import { data } from "react-router";
import { DrawManifest, DrawResult, DrawRule } from "~/components/draws/draw-facts";
import { DrawVerifier } from "~/components/draws/draw-verifier";
import { Callout, ContentPage, Section } from "~/components/page-section";
import { LOCAL_BEACON_NOTE } from "~/content/draws";
import { pageMeta } from "~/lib/seo";
import { getPublicDraw } from "~/server/draws/public.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/draw";
import { DRAW_CACHE, DRAW_NOT_FOUND, drawId } from "./draw-params.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const draw = await getPublicDraw(services, drawId(params.id));
  if (!draw) throw data({ message: DRAW_NOT_FOUND }, { status: 404 });
  return data({ ...draw, baseUrl: services.env.BASE_URL }, { headers: { "Cache-Control": DRAW_CACHE } });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta(`Draw: ${loaderData.competition.title}`, `Check the draw for ${loaderData.competition.title} yourself.`)
    : pageMeta("Draw", "A Paddock draw anyone can check.");

export default function DrawPage({ loaderData }: Route.ComponentProps) {
  const { competition, record, counts, drawnEntries, quicknet, baseUrl } = loaderData;
  const here = `/draws/${competition.id}`;
  return (
    <ContentPage
      titleId="draw-title"
      title={`Draw: ${competition.title}`}
      lead="The winner follows from public data alone: the frozen entry list and a public randomness beacon. Nobody
        at Paddock can choose, hold back or re-roll it, and you can check every step here or on your own computer."
    >
      {quicknet ? null : (
        <Callout titleId="local-title" title="Local test beacon" className="mt-8">
          <p className="mt-2">{LOCAL_BEACON_NOTE}</p>
        </Callout>
      )}
      <DrawRule record={record} />
      <DrawManifest record={record} counts={counts} />
      <DrawResult record={record} drawn={drawnEntries} />
      <Section titleId="verify-title" title="Check it yourself">
        <p className="mt-3 max-w-prose text-muted-foreground">
          Verify recomputes the entry list's hash, checks the beacon's signature against its public key, and redraws the
          winner and alternates in your browser. To check offline, run{" "}
          <code className="font-mono text-sm wrap-anywhere">npm run verify-draw -- {`${baseUrl}${here}`}</code> from
          Paddock's source code.
        </p>
        <div className="mt-4">
          <DrawVerifier jsonUrl={`${here}/draw.json`} manifestUrl={`${here}/manifest.txt`} local={!quicknet} />
        </div>
      </Section>
    </ContentPage>
  );
}
