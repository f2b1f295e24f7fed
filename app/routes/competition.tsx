import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/competition";
import { ClosingDate } from "~/components/competitions/closing-date";
import { CompetitionGallery } from "~/components/competitions/competition-gallery";
import { EntryForm } from "~/components/competitions/entry-form";
import { closedLabel, EntryStatusBadge, FeaturedBadge, LoadFailed } from "~/components/competitions/entry-status";
import { PostalEntry } from "~/components/competitions/postal-entry";
import { ShareButtons } from "~/components/competitions/share-buttons";
import { TicketsSold } from "~/components/competitions/tickets-sold";
import { buttonClass } from "~/components/ui/button";
import { canEnter, formatTimeLeft, oddsText, ticketsRemaining } from "~/domain/competition-status";
import { formatPence } from "~/domain/money";
import { MAX_TICKETS } from "~/domain/pricing";
import { competitionShareUrl } from "~/lib/share";
import { pageMeta } from "~/lib/seo";
import { useLiveCompetitions, withLiveCounts } from "~/lib/use-live-competitions";
import { useNow } from "~/lib/use-now";
import { CompetitionIdParamSchema, ProceedToCheckoutSchema, SKILL_QUESTION_REQUIRED } from "~/schemas/competition-query";
import { competitionPageCacheControl, competitionPageHeaders, getPublicCompetition } from "~/server/competitions.server";
import { servicesContext } from "~/server/context";
import type { Services } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast.server";

const LOAD_FAILED = "Failed to load competition details.";

/** A malformed id, an unknown one and a draft all look the same from outside: back to the list. */
async function requirePublicCompetition(services: Services, rawId: string) {
  const id = CompetitionIdParamSchema.safeParse(rawId);
  const competition = id.success ? await getPublicCompetition(services.db, id.data) : null;
  if (!competition) {
    throw await redirectWithToast(services, "/competitions", { type: "error", title: LOAD_FAILED }, { headers: { "Cache-Control": "private, no-store" } });
  }
  return competition;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const competition = await requirePublicCompetition(services, params.id);
  return data(
    {
      competition,
      now: services.now(),
      baseUrl: services.env.BASE_URL,
      shareUrl: competitionShareUrl(services.env.BASE_URL, competition.id),
    },
    { headers: { "Cache-Control": competitionPageCacheControl(request), Vary: "Cookie" } },
  );
}

export const headers: Route.HeadersFunction = competitionPageHeaders;

/** Proceed to Checkout: the answer must be one of the options (not checked for correctness: that is the draw's job). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const competition = await requirePublicCompetition(services, params.id);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const submitted = { quantity: text("quantity"), answer: text("answer") };
  const refuse = (error: { title: string; description: string }) =>
    data({ error, submitted }, { status: 400, headers: { "Cache-Control": "private, no-store" } });

  const parsed = ProceedToCheckoutSchema.safeParse({ intent: text("intent"), ...submitted });
  if (!parsed.success) {
    const answerMissing = parsed.error.issues.some((issue) => issue.path[0] === "answer");
    return refuse(answerMissing ? SKILL_QUESTION_REQUIRED : { title: "Please check your entry", description: parsed.error.issues[0]?.message ?? "" });
  }
  const { quantity, answer } = parsed.data;
  if (!competition.skillOptions.includes(answer)) {
    return refuse({ title: SKILL_QUESTION_REQUIRED.title, description: "Please choose one of the answers shown." });
  }
  if (!canEnter(competition, services.now()).ok) {
    return refuse({ title: "Entries closed", description: "This competition is no longer taking entries." });
  }
  const remaining = ticketsRemaining(competition);
  if (quantity > remaining) {
    return refuse({ title: "Not enough tickets", description: `Only ${remaining} ${remaining === 1 ? "ticket is" : "tickets are"} left.` });
  }
  return redirect(`/checkout/${competition.id}?quantity=${quantity}&answer=${encodeURIComponent(answer)}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta("Competition", "An equestrian prize competition on Paddock.");
  const { competition: c, baseUrl, shareUrl } = loaderData;
  const description = `Win ${c.prizeTitle}, worth ${c.prizeValue}. Tickets ${formatPence(c.entryPricePence)} each, or enter free by post.`;
  const image = new URL(c.imageUrl, baseUrl).href;
  return pageMeta(c.title, description, [
    { property: "og:type", content: "website" },
    { property: "og:url", content: shareUrl },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: c.prizeTitle },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: c.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ]);
};

const CLOSED_TEXT: Record<string, string> = {
  "Winner drawn": "This competition has closed and its winner has been drawn.",
  Cancelled: "This competition was cancelled and is not taking entries.",
  Ended: "This competition has ended. No more entries can be made.",
  "Sold out": "Every ticket has been sold, so no more entries can be made. The draw takes place after the closing date.",
};

export default function CompetitionPage({ loaderData, actionData }: Route.ComponentProps) {
  const live = useLiveCompetitions([loaderData.competition.id]);
  const competition = withLiveCounts(loaderData.competition, live);
  const now = useNow(loaderData.now, 30_000);
  const closed = closedLabel(competition, now);
  const left = formatTimeLeft(competition.endDate, now);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <p>
        <Link to="/competitions" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          All competitions
        </Link>
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <CompetitionGallery images={[competition.imageUrl, ...competition.additionalImages]} title={competition.title} />
        <div>
          <div className="flex flex-wrap gap-2">
            {competition.featured ? <FeaturedBadge /> : null}
            <EntryStatusBadge competition={competition} now={now} />
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{competition.title}</h1>
          <p className="mt-4 leading-7">{competition.description}</p>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-sm text-muted-foreground">Prize</dt>
              <dd className="font-semibold">{competition.prizeTitle}</dd>
              <dd className="mt-1 text-sm">{competition.prizeDescription}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Prize value</dt>
              <dd className="font-semibold">{competition.prizeValue}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Entry price</dt>
              <dd className="font-semibold">{formatPence(competition.entryPricePence)} per ticket</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Time left</dt>
              <dd className="font-semibold" data-testid="time-left">
                {left}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Odds with one ticket</dt>
              <dd className="font-semibold" data-testid="odds">
                {oddsText(competition.totalTickets)}
                <span className="block text-sm font-normal text-muted-foreground">if every ticket is sold</span>
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm text-muted-foreground">Closes (UK time)</dt>
              <dd className="font-semibold">
                <ClosingDate date={competition.endDate} />
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm text-muted-foreground">Tickets sold</dt>
              <dd>
                <TicketsSold ticketsSold={competition.ticketsSold} totalTickets={competition.totalTickets} className="mt-1" />
              </dd>
            </div>
          </dl>
        </div>
      </div>

      {closed ? (
        <section aria-labelledby="closed-title" className="mt-10 rounded-lg border border-border bg-card p-6 text-card-foreground" data-testid="closed-notice">
          <h2 id="closed-title" className="text-2xl font-semibold">
            {closed}
          </h2>
          <p className="mt-2">{CLOSED_TEXT[closed] ?? "This competition is not taking entries."}</p>
          <p className="mt-4">
            <Link to="/competitions" className={buttonClass("primary")}>
              Browse open competitions
            </Link>
          </p>
        </section>
      ) : (
        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="enter-online-title" className="rounded-lg border border-border bg-card p-6 text-card-foreground">
            <h2 id="enter-online-title" className="text-2xl font-semibold tracking-tight">
              Enter online
            </h2>
            <div className="mt-4">
              <EntryForm
                competition={competition}
                maxQuantity={Math.min(MAX_TICKETS, ticketsRemaining(competition))}
                error={actionData?.error}
                submitted={actionData?.submitted}
              />
            </div>
          </section>
          <PostalEntry title={competition.title} endDate={competition.endDate} />
        </div>
      )}

      <div className="mt-10">
        <ShareButtons url={loaderData.shareUrl} title={competition.title} />
      </div>
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
