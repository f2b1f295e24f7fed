import { data, Link } from "react-router";
import { UNAVAILABLE_TEXT } from "~/components/checkout/basket-item";
import { Notice } from "~/components/checkout/notice";
import { NumbersPageForm } from "~/components/competitions/numbers-page-form";
import { buttonClass } from "~/components/ui/button";
import { privatePageMeta } from "~/lib/seo";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { numbersPage } from "~/server/catalogue/numbers-page.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/competition-numbers-page";

/** Which numbers are free changes by the second, and the page carries the buyer's own choice. */
const headers = { "Cache-Control": "private, no-store" };

/**
 * Choosing numbers without JavaScript (issue 23): a hundred numbers at a time as checkboxes, taken ones disabled, a
 * "jump to" field; the one GET form turns the page (carrying what is chosen) or goes to the checkout review page
 * with `numbers=`, as the grid does. Nothing is held here: numbers are held when the buyer pays.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const id = CompetitionIdParamSchema.safeParse(params.id);
  const query = new URL(request.url).searchParams;
  const page = id.success
    ? await numbersPage(services, id.data, {
        from: query.get("from") ?? query.get("at"),
        jump: query.get("jump"),
        go: query.get("go"),
        numbers: query.getAll("numbers"),
      })
    : null;
  if (!page) throw data("There is no such competition.", { status: 404, headers });
  return data(page, { headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(
    loaderData ? `Choose your numbers: ${loaderData.competition.title}` : "Choose your numbers",
    "Choose your ticket numbers, a hundred at a time, then continue to the checkout.",
  );

export default function CompetitionNumbersPage({ loaderData }: Route.ComponentProps) {
  const { competition, unavailable, notes } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p>
        <Link to={`/competition/${competition.id}`} className="font-medium text-primary underline">
          Back to {competition.title}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Choose your numbers</h1>
      <p className="mt-2 text-lg">{competition.title}</p>
      <p className="mt-4 max-w-prose text-muted-foreground">
        Tick up to 10 of the numbers 1 to {competition.totalTickets.toLocaleString("en-GB")}, then continue to the
        checkout, where you answer the question and choose how many tickets to buy. Tickets you do not choose a number
        for are a lucky dip. Your numbers are held for you only when you pay; taken numbers cannot be chosen.
      </p>
      <div className="mt-6 space-y-4">
        {notes.length > 0 ? (
          <Notice tone="info" title="Your numbers changed" live={false}>
            {notes.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </Notice>
        ) : null}
        {unavailable ? (
          <Notice tone="error" title="Not open for entries" live={false}>
            <p>{UNAVAILABLE_TEXT[unavailable]}</p>
            <Link to="/competitions" className={buttonClass("outline", "sm", "mt-3")}>
              Browse competitions
            </Link>
          </Notice>
        ) : (
          <NumbersPageForm page={loaderData} />
        )}
      </div>
    </div>
  );
}
