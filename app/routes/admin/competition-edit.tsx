import { data } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { CompetitionForm } from "~/components/admin/competition-form";
import { PictureManager } from "~/components/admin/competition-pictures";
import { CompetitionStatusPanel } from "~/components/admin/competition-status-panel";
import { COMPETITION_MESSAGES } from "~/content/admin-competitions";
import { isPublishedStatus } from "~/db/constants";
import {
  COMPETITION_FIELDS,
  canCancel,
  canDelete,
  canTransition,
  editableFields,
  isLive,
} from "~/domain/competition-lifecycle";
import { isCancelledStatus } from "~/domain/competition-status";
import { pageMeta } from "~/lib/seo";
import {
  CompetitionIntentSchema,
  competitionCheck,
  competitionFormDefaults,
  formFieldName,
} from "~/schemas/admin-competition";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { errorNotice, parseSubmission } from "~/schemas/form";
import {
  type AdminResult,
  deleteCompetition,
  getAdminCompetition,
  scheduleCompetition,
  unscheduleCompetition,
  updateCompetition,
} from "~/server/admin/competitions.server";
import { listPictures } from "~/server/admin/pictures.server";
import { requireIntentPermission, requirePermission } from "~/server/admin/staff.server";
import { drawChainTiming } from "~/server/draws/rule.server";
import { servicesContext } from "~/server/platform/context";
import { askToConfirm, formReply, isConfirmed, readForm, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/competition-edit";

export const permission = {
  loader: "competition:edit",
  action: {
    save: "competition:edit",
    schedule: "competition:edit",
    unschedule: "competition:edit",
    delete: "competition:edit",
  },
} as const;

/** The id in the path; one no competition could have (beyond the integer column, not a number) is a 404. */
function competitionId(params: { id?: string }) {
  const id = CompetitionIdParamSchema.safeParse(params.id);
  if (!id.success) throw data({ message: COMPETITION_MESSAGES.notFound }, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const competition = await getAdminCompetition(services, competitionId(params));
  if (!competition) throw data({ message: COMPETITION_MESSAGES.notFound }, { status: 404 });
  const now = services.now();
  const editable = new Set(editableFields(competition, now));
  const { values, status } = competition;
  return {
    competition,
    pictures: await listPictures(services.db, competition.id),
    defaultValue: competitionFormDefaults(values),
    drawChain: drawChainTiming(services.beacon.chain),
    locked: COMPETITION_FIELDS.filter((f) => !editable.has(f)),
    flags: {
      published: isPublishedStatus(status),
      canSchedule: canTransition(status, "scheduled", "staff"),
      canUnschedule: canTransition(status, "draft", "staff") && !isLive(competition, now),
      canDelete: canDelete(status),
      // The cancel page is for admins; it also shows a cancellation's refunds once under way.
      cancelPage: staff.permissions.has("competition:cancel")
        ? canCancel(status)
          ? ("cancel" as const)
          : ("refunds" as const)
        : null,
      cancelled: isCancelledStatus(status),
    },
  };
}

/** A status move that was refused, said in the status panel (with the fields' own messages, if any). */
function statusNotice(outcome: Extract<AdminResult, { ok: false }>) {
  return errorNotice("Not changed", [outcome.message, ...Object.values(outcome.fieldErrors ?? {})].join(" "));
}

/** A save that was refused: its messages by the form's field names (the price is typed in pounds). */
function formFieldErrors(outcome: Extract<AdminResult, { ok: false }>) {
  return Object.fromEntries(
    Object.entries(outcome.fieldErrors ?? {}).map(([field, message]) => [formFieldName(field as never), [message]]),
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await readForm(services, request);
  const { staff, intent } = requireIntentPermission(context, formData, permission.action);
  const id = competitionId(params);
  const actor = staff.user.id;
  const here = `/admin/competitions/${id}`;

  if (intent === "save") {
    const submission = parseSubmission(formData, competitionCheck.schema);
    if (submission.status !== "success") return refused(submission, competitionCheck, { intent });
    const outcome = await updateCompetition(services, actor, id, submission.value);
    if (outcome.ok) return redirectWithToast(services, here, { type: "success", title: outcome.message });
    const errors = { formErrors: [outcome.message], fieldErrors: formFieldErrors(outcome) };
    return formReply(submission, { status: outcome.status, ...errors }, { intent });
  }

  // Scheduling publishes it: the first press only asks, naming what happens (see ScheduleConfirm).
  if (intent === "schedule") {
    const submission = parseSubmission(formData, CompetitionIntentSchema);
    if (!isConfirmed(submission)) return askToConfirm(submission, { intent });
  }
  const outcome =
    intent === "schedule"
      ? await scheduleCompetition(services, actor, id)
      : intent === "unschedule"
        ? await unscheduleCompetition(services, actor, id)
        : await deleteCompetition(services, actor, id);
  if (!outcome.ok) {
    const submission = parseSubmission(formData, CompetitionIntentSchema);
    return formReply(submission, { status: outcome.status, notice: statusNotice(outcome) }, { intent });
  }
  const to = intent === "delete" ? "/admin/competitions" : here;
  return redirectWithToast(services, to, { type: "success", title: outcome.message });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? `Edit ${loaderData.competition.values.title}` : "Competition", "Edit a competition.", [
    { name: "robots", content: "noindex" },
  ]);

export default function CompetitionEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, defaultValue, locked, flags } = loaderData;
  const live = locked.length > 0 && !flags.cancelled;
  // The status buttons answer with a notice; the form, with its submission.
  const saved = actionData?.intent === "save";
  const notice = saved ? null : actionData?.notice;
  const lastResult = saved ? actionData?.result : null;
  return (
    <>
      <p className="text-sm font-medium text-muted-foreground">Edit competition</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{competition.values.title}</h1>
      {live ? (
        <p className="mt-3 max-w-prose text-muted-foreground">
          This competition is live: its terms are fixed, because entrants relied on them. You can still correct the
          description, change the pictures and feature it.
        </p>
      ) : null}
      {flags.cancelled ? (
        <p className="mt-3 max-w-prose text-muted-foreground">
          This competition is cancelled: it takes no entries and has no draw. Its terms stay as they were offered.
        </p>
      ) : null}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="lg:order-2">
          <CompetitionStatusPanel
            {...competition}
            {...flags}
            endDate={competition.values.endDate}
            totalTickets={competition.values.totalTickets}
            notice={notice}
            confirmSchedule={actionData?.intent === "schedule" && "confirm" in actionData}
            title={competition.values.title}
          />
        </div>
        <div className="min-w-0 lg:order-1">
          <CompetitionForm
            key={String(competition.updatedAt)}
            defaultValue={defaultValue}
            lastResult={lastResult}
            locked={locked}
            submitLabel="Save changes"
            drawChain={loaderData.drawChain}
            intent="save"
            guardChanges
          />
          <div className="mt-10">
            <PictureManager competitionId={competition.id} pictures={loaderData.pictures} />
          </div>
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
