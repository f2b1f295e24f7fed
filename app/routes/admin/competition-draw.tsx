import { data, Form, Link, useNavigation } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection, Facts } from "~/components/admin/admin-page";
import { DrawResult } from "~/components/admin/draw-result";
import { FormAlert } from "~/components/auth/form-alert";
import { textLinkClass } from "~/components/legal-page";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { DRAW_MESSAGES, LOCAL_BEACON_NOTE } from "~/content/draws";
import { SKIP_REASONS } from "~/db/constants";
import { isCancelledStatus } from "~/domain/competition-status";
import { roundTime } from "~/domain/draw/chain";
import { SKIP_REASON_LABELS } from "~/domain/draw/skip-reasons";
import { formatUkWeekdayDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { drawCheck } from "~/schemas/admin-draw";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { errorNotice, parseSubmission } from "~/schemas/form";
import { requireIntentPermission, requirePermission } from "~/server/admin/staff.server";
import { getDrawForStaff } from "~/server/draws/public.server";
import { redrawToAlternate, selectWinner } from "~/server/draws/select.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readForm, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/competition-draw";

export const permission = {
  loader: "competition:read",
  action: { select: "draw:run", redraw: "draw:run" },
} as const;

function requireCompetitionId(raw: string) {
  const id = CompetitionIdParamSchema.safeParse(raw);
  if (!id.success) throw data({ message: DRAW_MESSAGES.notFound }, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const found = await getDrawForStaff(services, requireCompetitionId(params.id));
  if (!found) throw data({ message: DRAW_MESSAGES.notFound }, { status: 404 });
  return { ...found, canRun: staff.permissions.has("draw:run"), now: services.now().toISOString() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await readForm(services, request);
  const { staff } = requireIntentPermission(context, formData, permission.action);
  const id = requireCompetitionId(params.id);
  const submission = parseSubmission(formData, drawCheck.schema);
  if (submission.status !== "success") return refused(submission, drawCheck);
  const outcome =
    submission.value.intent === "select"
      ? await selectWinner(services, staff.user.id, id)
      : await redrawToAlternate(services, staff.user.id, id, submission.value.reason, submission.value.clause ?? null);
  const drawPage = `/admin/competitions/${id}/draw`;
  // Drawn first by the system's automatic draw or another press: not a failure, the one draw is the result to show.
  if (!outcome.ok && outcome.alreadyDrawn)
    return redirectWithToast(services, drawPage, {
      type: "info",
      title: outcome.message,
      description: DRAW_MESSAGES.alreadyDrawnShown,
    });
  if (!outcome.ok)
    return formReply(submission, {
      status: outcome.status,
      notice: errorNotice(outcome.message, outcome.description ?? ""),
    });
  return redirectWithToast(services, drawPage, { type: "success", title: outcome.message });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? `Draw for ${loaderData.competition.title}` : "Draw", "Run a competition's draw.", [
    { name: "robots", content: "noindex" },
  ]);

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export default function CompetitionDrawPage({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, draw, canRun } = loaderData;
  const record = draw?.record;
  const round = record?.round ?? record?.rule.round ?? null;
  const roundAt = record && round ? formatUkWeekdayDateTime(roundTime(record.chain, round)) : null;
  const completed = competition.status === "completed";
  const cancelled = isCancelledStatus(competition.status);
  const selecting = useBusy("select");
  const redrawing = useBusy("redraw");
  const alternatesLeft = draw ? Math.max(0, draw.drawnEntries.length - 1 - draw.record.skips.length) : 0;
  return (
    <AdminPage title={`Draw for ${competition.title}`}>
      <FormAlert notice={actionData?.notice} />
      {draw && !draw.quicknet ? <p className="font-medium">{LOCAL_BEACON_NOTE}</p> : null}
      <AdminSection id="draw-result-title" title={completed ? "Result" : "Not drawn yet"}>
        {completed && draw ? (
          <DrawResult
            drawnEntries={draw.drawnEntries}
            skips={draw.record.skips}
            drawnAt={draw.drawnAt}
            round={round}
            roundAt={roundAt}
          />
        ) : (
          <p className="max-w-prose">
            {cancelled
              ? "This competition was cancelled: it has no draw."
              : `The draw uses beacon round ${round ?? "…"}${roundAt ? `, out at ${roundAt}` : ""}, after the close.`}
          </p>
        )}
      </AdminSection>
      {cancelled ? null : (
        <AdminSection id="select-title" title="Select winner">
          <p className="mb-4 max-w-prose">
            {completed
              ? "The winner has been drawn. The draw cannot run again; a prize can only pass to the next alternate."
              : "Select winner fetches the beacon's round once it is out, checks it and draws from the frozen list."}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="select" />
            <Button type="submit" disabled={completed || !canRun || selecting}>
              {selecting ? "Selecting…" : "Select winner"}
            </Button>
          </Form>
        </AdminSection>
      )}
      <AdminSection id="draw-facts-title" title="Hashes and checks">
        <Facts
          items={[
            ["Status", competition.status],
            ["Beacon round", round ? `${round} (${roundAt})` : "Fixed when the competition goes live"],
            ["Entries in the draw", record?.manifest ? String(record.manifest.entries) : "Published at the close"],
            ["Manifest SHA-256", record?.manifest?.hash ?? "Published at the close"],
            ["Beacon randomness", record?.beacon?.randomness ?? "Not yet out"],
            ["Winning ticket", competition.winnerTicketNumber ? String(competition.winnerTicketNumber) : "Not drawn"],
          ]}
        />
        <p className="mt-4">
          <Link to={`/draws/${competition.id}`} className={textLinkClass}>
            Public draw page, where anyone can verify it
          </Link>
        </p>
      </AdminSection>
      {completed && canRun ? (
        <AdminSection id="redraw-title" title="Pass the prize to the next alternate">
          <p className="mb-4 max-w-prose">
            {alternatesLeft} {alternatesLeft === 1 ? "alternate is" : "alternates are"} left. The reason is published on
            the draw page.
          </p>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="redraw" />
            <fieldset className="space-y-2">
              <legend className="font-medium">Reason</legend>
              {SKIP_REASONS.map((reason) => (
                <div key={reason} className="flex items-center gap-3">
                  <input
                    type="radio"
                    id={`reason-${reason}`}
                    name="reason"
                    value={reason}
                    required
                    className="size-5"
                  />
                  <label htmlFor={`reason-${reason}`}>{SKIP_REASON_LABELS[reason]}</label>
                </div>
              ))}
            </fieldset>
            <div className="max-w-xs space-y-1.5">
              <label htmlFor="clause" className="block font-medium">
                Terms clause (when ineligible)
              </label>
              <input
                id="clause"
                name="clause"
                inputMode="numeric"
                pattern="[0-9]*"
                aria-describedby="clause-hint"
                className={inputClass}
              />
              <p id="clause-hint" className="text-sm text-muted-foreground">
                Published with the reason, for example "Ineligible under terms clause 7".
              </p>
            </div>
            <Button type="submit" variant="outline" disabled={alternatesLeft === 0 || redrawing}>
              {redrawing ? "Passing on…" : "Pass to the next alternate"}
            </Button>
          </Form>
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
