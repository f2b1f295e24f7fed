import { data } from "react-router";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { requirePermission } from "~/server/admin/staff.server";
import { competitionForExport, participantsCsv } from "~/server/draws/participants-export.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/participants-csv";

export const permission = { loader: "participants:export" } as const;

const NOT_FOUND = "Competition not found.";

/** The participants of one competition as a CSV download, streamed batch by batch (constant memory). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const id = CompetitionIdParamSchema.safeParse(params.id);
  const competition = id.success ? await competitionForExport(services.db, id.data) : null;
  if (!competition) throw data({ message: NOT_FOUND }, { status: 404 });
  const body = await participantsCsv(services.db, services.logger, staff.user.id, competition.id);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="participants-${competition.slug}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
