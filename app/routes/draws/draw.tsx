import { data } from "react-router";
import { DrawManifest, DrawResult, DrawRule } from "~/components/draws/draw-facts";
import { DrawVerifier } from "~/components/draws/draw-verifier";
import { Callout, ContentPage, Section } from "~/components/page-section";
import { ALLOW_LOCAL_BEACON_FLAG, LOCAL_BEACON_NOTE, verifyDrawCommand } from "~/content/draws";
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

/** The offline check that works for this draw, and what its flags do. */
function VerifyCommand({ url, quicknet }: { url: string; quicknet: boolean }) {
  const command = verifyDrawCommand(url, quicknet);
  return (
    <div className="mt-3 max-w-prose space-y-2 text-muted-foreground">
      <p>To check it on your own computer, run this from Paddock's source code:</p>
      <pre className="rounded-md border border-border p-3 whitespace-pre-wrap wrap-anywhere">
        <code className="font-mono text-sm text-foreground">{command}</code>
      </pre>
      <p>
        Add <code className="font-mono text-sm">--expect-hash</code> and the hash from your e-mail to check it against
        that too, and <code className="font-mono text-sm">--entry</code> and your entry reference to find your entry.
      </p>
      {quicknet ? null : (
        <p>
          <code className="font-mono text-sm">{ALLOW_LOCAL_BEACON_FLAG}</code> is needed because this draw used this
          site's local test beacon, not drand quicknet: without it the verifier refuses the draw. With it, the signature
          is checked against the key this site serves for its beacon, which proves only that this site signed it, so
          such a draw is for testing.
        </p>
      )}
    </div>
  );
}

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
        <Callout titleId="local-title" title="For testing only: local test beacon" className="mt-8">
          <p className="mt-2">{LOCAL_BEACON_NOTE}</p>
        </Callout>
      )}
      <DrawRule record={record} />
      <DrawManifest record={record} counts={counts} />
      <DrawResult record={record} drawn={drawnEntries} />
      <Section titleId="verify-title" title="Check it yourself">
        <p className="mt-3 max-w-prose text-muted-foreground">
          Verify recomputes the entry list's hash, checks the timeline and the public manifest log, checks the beacon's
          signature against its public key, and redraws the winner and alternates in your browser. Give the hash from
          your "entries closed" e-mail too: it was sent before the draw, so a draw rewritten since would not match it.
        </p>
        <VerifyCommand url={`${baseUrl}${here}`} quicknet={quicknet} />
        <div className="mt-4">
          <DrawVerifier jsonUrl={`${here}/draw.json`} manifestUrl={`${here}/manifest.txt`} />
        </div>
      </Section>
    </ContentPage>
  );
}
