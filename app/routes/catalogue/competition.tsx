import { ArrowLeft } from "lucide-react";
import { lazy, Suspense } from "react";
import { data, Link, redirect } from "react-router";
import { CompetitionDetails } from "~/components/competitions/competition-details";
import { CompetitionGallery, type GalleryImage } from "~/components/competitions/competition-gallery";
import { DrawPanel } from "~/components/competitions/draw-panel";
import { EntryForm } from "~/components/competitions/entry-form";
import { closedLabel, EntryStatusBadge, FeaturedBadge, LoadFailed } from "~/components/competitions/entry-status";
import { Fact } from "~/components/competitions/fact";
import { InstantWinsEntryNote } from "~/components/competitions/instant-wins-note";
import { PostalEntry } from "~/components/competitions/postal-entry";
import { StickyEnterBar } from "~/components/competitions/sticky-enter-bar";
import { LiveSalesAnnouncement } from "~/components/competitions/tickets-sold";
import { textLinkClass } from "~/components/legal-page";
import { buttonClass } from "~/components/ui/button";
import { isPublishedStatus } from "~/db/constants";
import { timeLeftText } from "~/domain/competition-status";
import { formatPence } from "~/domain/money";
import { mediaUrl } from "~/domain/pictures";
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from "~/domain/share-card";
import { paidEntryClosedNote } from "~/domain/site-settings";
import { ticketAvailability } from "~/domain/ticket-availability";
import { pageMeta } from "~/lib/seo";
import { competitionShareUrl } from "~/lib/share";
import { useLiveCompetitions, withLiveCounts } from "~/lib/use-live-competitions";
import { useNow } from "~/lib/use-now";
import { numbersList } from "~/schemas/chosen-numbers";
import type { PublicCompetition } from "~/schemas/competition-query";
import { CompetitionIdParamSchema, proceedToCheckoutCheck } from "~/schemas/competition-query";
import { errorNotice } from "~/schemas/form-result";
import { getUser } from "~/server/accounts/session.server";
import { mayPreviewCompetitions } from "~/server/admin/staff.server";
import { recordCompetitionView } from "~/server/catalogue/competition-views.server";
import {
  competitionPageCacheControl,
  competitionPageHeaders,
  getPublicCompetition,
} from "~/server/catalogue/competitions.server";
import { proceedToCheckout } from "~/server/catalogue/proceed-to-checkout.server";
import { shareCardPath } from "~/server/catalogue/share-card.server";
import { drawSummary } from "~/server/draws/public.server";
import { competitionPrizeExtras } from "~/server/instant-wins/instant-wins.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { publicOrigin } from "~/server/platform/public-origin.server";
import type { Services } from "~/server/platform/services.server";
import { getSiteSettings } from "~/server/platform/site-settings.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { postalOutcomeCounts } from "~/server/postal/postal-entries.server";
import { paidEntryBlock } from "~/server/protection/player-protection.server";
import type { Route } from "./+types/competition";

const LOAD_FAILED = "Failed to load competition details.";

/** Below the fold and only on competitions with instant wins: loaded when a page has them, not in the first load. */
/** Below the fold, and only useful once the page is interactive: loaded after the first load. */
const ShareButtons = lazy(() =>
  import("~/components/competitions/share-buttons").then((m) => ({ default: m.ShareButtons })),
);

const InstantWinsPanel = lazy(() =>
  import("~/components/competitions/instant-wins-panel").then((m) => ({ default: m.InstantWinsPanel })),
);

/** The page is the same for every visitor (and may be cached), so it counts no one's holdings or cap. */
const NOT_A_BUYER = 0;

/**
 * A malformed id, an unknown one and a draft all look the same from outside: back to the list. Staff previewing
 * (`unpublished`, checked by the loader) also get drafts and scheduled competitions.
 */
async function requirePublicCompetition(services: Services, rawId: string, unpublished = false) {
  const id = CompetitionIdParamSchema.safeParse(rawId);
  const competition = id.success ? await getPublicCompetition(services.db, id.data, { unpublished }) : null;
  if (!competition) {
    throw await redirectWithToast(
      services,
      "/competitions",
      { type: "error", title: LOAD_FAILED },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return competition;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await getUser(services, request);
  // ?preview=1: staff who edit competitions see an unpublished one as it will look; for anyone else it changes nothing.
  const preview =
    new URL(request.url).searchParams.get("preview") === "1" && (await mayPreviewCompetitions(services, user));
  const found = await requirePublicCompetition(services, params.id, preview);
  const unpublished = preview && !isPublishedStatus(found.status);
  // Shown as it will look once live; buying stays off (the page disables it, and the action never finds a draft).
  const competition = unpublished ? { ...found, status: "active" as const } : found;
  if (!unpublished) await recordCompetitionView(services, request, competition.id);
  // A signed-in visitor's page is private (see competitionPageCacheControl), so it may say what applies to them.
  const [settings, block] = await Promise.all([
    getSiteSettings(services.db),
    user ? paidEntryBlock(services.db, user.id) : null,
  ]);
  const origin = await publicOrigin(services);
  return data(
    {
      competition,
      paidEntry: { closedToYou: block?.message ?? null, note: paidEntryClosedNote(settings) },
      postal: await postalOutcomeCounts(services.db, competition.id),
      // Once closed: the published manifest's hash, and the result once drawn.
      draw: await drawSummary(services.db, competition.id),
      // The cash alternative and instant wins (the commitment, the prizes won, and the list once revealed).
      extras: await competitionPrizeExtras(services.db, competition.id),
      now: services.now(),
      shareUrl: competitionShareUrl(origin, competition.id),
      shareCardUrl: new URL(shareCardPath(competition), origin).href,
      preview: unpublished,
    },
    {
      headers: {
        "Cache-Control": unpublished ? "private, no-store" : competitionPageCacheControl(request),
        Vary: "Cookie",
      },
    },
  );
}

export const headers: Route.HeadersFunction = competitionPageHeaders;

/** Proceed to Checkout: the use-case checks the answer is offered and the tickets are there to be had. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const competition = await requirePublicCompetition(services, params.id);
  const submission = await readSubmission(services, request, proceedToCheckoutCheck.schema);
  // The page is cached for visitors; a page answering a post is theirs alone.
  const headers = { "Cache-Control": "private, no-store" };
  if (submission.status !== "success") return refused(submission, proceedToCheckoutCheck, {}, headers);
  // The chosen numbers are read from the form as sent (the schema leaves them out: zod's optional would add to
  // every page's first load); the use-case's one parse checks them (ADR 031).
  const entry = { ...submission.value, numbers: numbersList(submission.payload.numbers) };
  const outcome = proceedToCheckout(competition, entry, services.now());
  if (!outcome.ok) {
    // The field to mend gets the message too, for the form's error summary to link to.
    const fieldErrors = outcome.field ? { [outcome.field]: [outcome.message] } : undefined;
    return formReply(submission, {
      status: 400,
      notice: errorNotice(outcome.title, outcome.message),
      fieldErrors,
      headers,
    });
  }
  return redirect(outcome.location);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Competition", "An equestrian prize competition on Paddock.");
  const { competition: c, shareUrl, shareCardUrl } = loaderData;
  const price = formatPence(c.entryPricePence);
  const description = `Win ${c.prizeTitle}, worth ${c.prizeValue}. Tickets ${price} each, or enter free by post.`;
  const imageAlt = `${c.title}: prize worth ${c.prizeValue}, tickets ${price}`;
  return pageMeta(c.title, description, [
    { property: "og:type", content: "website" },
    { property: "og:url", content: shareUrl },
    { property: "og:image", content: shareCardUrl },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_CARD_WIDTH) },
    { property: "og:image:height", content: String(SHARE_CARD_HEIGHT) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: c.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: shareCardUrl },
    { name: "twitter:image:alt", content: imageAlt },
  ]);
};

/** Uploaded pictures when the competition has any, else its built-in illustrations. */
function galleryImages(c: Pick<PublicCompetition, "pictures" | "imageUrl" | "additionalImages">): GalleryImage[] {
  if (c.pictures.length > 0) return c.pictures.map((picture) => ({ href: mediaUrl(picture.originalKey), picture }));
  return [c.imageUrl, ...c.additionalImages].map((href) => ({ href }));
}

const CLOSED_TEXT: Record<string, string> = {
  "Winner drawn": "This competition has closed and its winner has been drawn.",
  Cancelled: "This competition was cancelled and is not taking entries.",
  Ended: "This competition has ended. No more entries can be made.",
  "Sold out":
    "Every ticket has been sold, so no more entries can be made. The draw takes place after the closing date.",
};

export default function CompetitionPage({ loaderData, actionData }: Route.ComponentProps) {
  const live = useLiveCompetitions([loaderData.competition.id]);
  const competition = withLiveCounts(loaderData.competition, live);
  const now = useNow(loaderData.now, 30_000);
  const closed = closedLabel(competition, now);
  const left = timeLeftText(competition, now);

  const { preview } = loaderData;
  const canEnterOnline = !closed && !loaderData.paidEntry.closedToYou && !preview;
  const entryForm = (
    <EntryForm
      competition={competition}
      maxQuantity={ticketAvailability(competition, NOT_A_BUYER, now).maxQuantity}
      reply={actionData}
    />
  );

  return (
    <div className={`mx-auto max-w-7xl px-4 py-6 sm:px-6 ${canEnterOnline ? "pb-28 lg:pb-8" : ""}`}>
      <p>
        <Link
          to="/competitions"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          All competitions
        </Link>
      </p>
      {preview ? (
        <p
          id="preview-banner"
          className="mt-4 rounded-md border-2 border-dashed border-primary p-3 font-semibold"
          data-testid="preview-banner"
        >
          Preview — not published. Only staff can see this page, and buying is switched off.
        </p>
      ) : null}
      <LiveSalesAnnouncement ticketsSold={competition.ticketsSold} totalTickets={competition.totalTickets} />
      <div className="mt-4 lg:flex lg:flex-wrap lg:items-end lg:justify-between lg:gap-x-8 lg:gap-y-2">
        <div>
          <div className="flex flex-wrap gap-2">
            {competition.featured ? <FeaturedBadge /> : null}
            <EntryStatusBadge competition={competition} now={now} />
          </div>
          <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{competition.title}</h1>
        </div>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 lg:mt-0">
          <Fact label="Prize value">{competition.prizeValue}</Fact>
          <Fact label="Entry price">{formatPence(competition.entryPricePence)} per ticket</Fact>
          {loaderData.extras.cashAlternativePence ? (
            <Fact label="Cash alternative" testId="cash-alternative">
              {formatPence(loaderData.extras.cashAlternativePence)}
            </Fact>
          ) : null}
          <Fact label="Time left" testId="time-left">
            {left}
          </Fact>
        </dl>
      </div>
      {/* Phones read gallery, entry, details in turn; from 1024px the entry box sits beside the gallery. */}
      <div className={"mt-4 grid gap-8 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:items-start"}>
        <div className="min-w-0">
          <CompetitionGallery images={galleryImages(competition)} title={competition.title} />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div>
            {closed ? (
              <section
                aria-labelledby="closed-title"
                className="rounded-lg border border-border bg-card p-6 text-card-foreground"
                data-testid="closed-notice"
              >
                <h2 id="closed-title" className="text-2xl font-semibold">
                  {closed}
                </h2>
                <p className="mt-2">{CLOSED_TEXT[closed] ?? "This competition is not taking entries."}</p>
                {loaderData.draw ? <DrawPanel competitionId={competition.id} draw={loaderData.draw} /> : null}
                <p className="mt-4">
                  <Link to="/competitions" className={buttonClass("primary")}>
                    Browse open competitions
                  </Link>
                </p>
              </section>
            ) : (
              <section
                id="enter-online"
                aria-labelledby="enter-online-title"
                className="scroll-mt-4 rounded-lg border border-border bg-card p-5 text-card-foreground"
              >
                <h2 id="enter-online-title" tabIndex={-1} className="text-xl font-semibold tracking-tight">
                  Enter online
                </h2>
                {loaderData.paidEntry.closedToYou ? (
                  <p className="mt-4">
                    <span data-testid="paid-entry-closed">{loaderData.paidEntry.closedToYou}</span>{" "}
                    <a href="#free-entry" className={textLinkClass}>
                      How to enter free by post
                    </a>
                  </p>
                ) : (
                  <div className="mt-3">
                    {loaderData.extras.instantWins ? (
                      <InstantWinsEntryNote
                        count={loaderData.extras.instantWins.won.length + loaderData.extras.instantWins.stillToWin}
                      />
                    ) : null}
                    {loaderData.paidEntry.note ? (
                      <p className="mb-4 text-sm text-muted-foreground" data-testid="paid-entry-note">
                        {loaderData.paidEntry.note}
                      </p>
                    ) : null}
                    {preview ? (
                      <fieldset disabled aria-describedby="preview-banner" className="contents">
                        {entryForm}
                      </fieldset>
                    ) : (
                      entryForm
                    )}
                  </div>
                )}
              </section>
            )}
          </div>
        </div>
        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-2">
          <CompetitionDetails competition={competition} left={left} />
          {loaderData.extras.instantWins ? (
            <Suspense fallback={null}>
              <InstantWinsPanel competitionId={competition.id} view={loaderData.extras.instantWins} />
            </Suspense>
          ) : null}
          {closed ? null : (
            <PostalEntry title={competition.title} endDate={competition.endDate} counts={loaderData.postal} />
          )}
          <Suspense fallback={null}>
            <ShareButtons url={loaderData.shareUrl} title={competition.title} />
          </Suspense>
        </div>
      </div>
      {canEnterOnline ? (
        <StickyEnterBar targetId="enter-online" price={formatPence(competition.entryPricePence)} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <LoadFailed
      title={LOAD_FAILED}
      description="Please try again in a moment."
      action={
        <Link to="/competitions" className={buttonClass("primary", "lg")}>
          Browse competitions
        </Link>
      }
    />
  );
}
