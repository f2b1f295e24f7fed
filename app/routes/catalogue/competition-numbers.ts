import { parseChosenQuery, parseNumbersRange } from "~/domain/number-grid";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { takenNumbers } from "~/server/catalogue/taken-numbers.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/competition-numbers";

const NOT_FOUND = "There is no such competition.";

/** Which numbers change hands by the second: never stored by the browser or a shared cache. */
const headers = { "Cache-Control": "no-store" };

/**
 * The number grid's read: the taken numbers of one published competition in ?from=A&to=B (at most 1,000), and which of
 * the buyer's chosen numbers (?chosen=5,17,230, at most ten, anywhere in the competition) are taken.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const id = CompetitionIdParamSchema.safeParse(params.id);
  if (!id.success) return Response.json({ error: NOT_FOUND }, { status: 404, headers });
  const query = new URL(request.url).searchParams;
  const range = parseNumbersRange(query.get("from"), query.get("to"));
  if (!range.ok) return Response.json({ error: range.message }, { status: 400, headers });
  const chosen = parseChosenQuery(query.get("chosen"));
  if (!chosen.ok) return Response.json({ error: chosen.message }, { status: 400, headers });
  const result = await takenNumbers(services.db, id.data, range.range, services.now(), chosen.numbers);
  if (result.status === "not-public") return Response.json({ error: NOT_FOUND }, { status: 404, headers });
  if (result.status === "refused") return Response.json({ error: result.message }, { status: 400, headers });
  return Response.json(result.numbers, { headers });
}
