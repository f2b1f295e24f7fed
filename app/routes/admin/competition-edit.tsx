import { data } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { COMPETITION_FORM_ID, CompetitionForm } from "~/components/admin/competition-form";
import { EDITOR_UPLOAD_INTENT, PictureManager } from "~/components/admin/competition-pictures";
import { CompetitionStatusPanel } from "~/components/admin/competition-status-panel";
import { COMPETITION_MESSAGES } from "~/content/admin-competitions";
import { KEPT_EDITS_NOTICES } from "~/content/pictures";
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
import { errorNotice, parseSubmission, submissionResult } from "~/schemas/form";
import { PictureUploadSchema } from "~/schemas/pictures";
import {
  type AdminResult,
  deleteCompetition,
  getAdminCompetition,
  scheduleCompetition,
  unscheduleCompetition,
  updateCompetition,
} from "~/server/admin/competitions.server";
import { listPictures, uploadPicture } from "~/server/admin/pictures.server";
import { requireIntentPermission, requirePermission } from "~/server/admin/staff.server";
import { drawChainTiming } from "~/server/draws/rule.server";
import { servicesContext } from "~/server/platform/context";
import { askToConfirm, formReply, isConfirmed, readForm, refused } from "~/server/platform/form-action.server";
import type { Services } from "~/server/platform/services.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/competition-edit";

export const permission = {
  loader: "competition:edit",
  action: {
    save: "competition:edit",
    schedule: "competition:edit",
    unschedule: "competition:edit",
    delete: "competition:edit",
    // The picture upload sent with the editor's form without JavaScript (ADR 041).
    [EDITOR_UPLOAD_INTENT]: "competition:edit",
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
  // Every intent here needs it: staff without it are refused before a body (which may carry a picture) is read.
  requirePermission(context, "competition:edit");
  const formData = await readForm(services, request);
  const { staff, intent } = requireIntentPermission(context, formData, permission.action);
  const id = competitionId(params);
  const actor = staff.user.id;
  const here = `/admin/competitions/${id}`;

  if (intent === EDITOR_UPLOAD_INTENT)
    return uploadKeepingEdits(services, { userId: actor, competitionId: id }, formData);

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

/** The picture's own fields in the editor's form when it brings one (ADR 041); the rest are the competition's. */
const PICTURE_FIELDS = new Set(["intent", "file", "alt"]);

/**
 * A picture sent with the editor's form (without JavaScript, ADR 041): the picture is checked and stored as the
 * pictures page would, and the editor comes back with its fields as they were posted, not saved, and a notice saying
 * so. What was typed is never saved by an upload: a live competition's edits are public the moment they are saved.
 */
async function uploadKeepingEdits(
  services: Services,
  actor: { userId: string; competitionId: number },
  formData: FormData,
) {
  const typed = new FormData();
  for (const [name, value] of formData)
    if (!PICTURE_FIELDS.has(name) && typeof value === "string") typed.append(name, value);
  // Shown as typed, without the competition's own messages: they are checked when saved.
  const edits = { initialValue: parseSubmission(typed, competitionCheck.schema).reply().initialValue };
  const picture = parseSubmission(formData, PictureUploadSchema);
  if (picture.status !== "success") {
    return data({ intent: "upload" as const, edits, picture: submissionResult(picture) }, { status: 400 });
  }
  const bytes = new Uint8Array(await picture.value.file.arrayBuffer());
  const outcome = await uploadPicture(services, actor, { bytes, alt: picture.value.alt });
  if (!outcome.ok) {
    const refusedPicture = submissionResult(picture, { fieldErrors: { file: [outcome.message] } });
    return data({ intent: "upload" as const, edits, picture: refusedPicture }, { status: outcome.status });
  }
  return data({ intent: "upload" as const, edits, uploaded: true as const });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? `Edit ${loaderData.competition.values.title}` : "Competition", "Edit a competition.", [
    { name: "robots", content: "noindex" },
  ]);

export default function CompetitionEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, defaultValue, locked, flags } = loaderData;
  const live = locked.length > 0 && !flags.cancelled;
  // The status buttons answer with a notice; the form, with its submission; a picture sent with the form without
  // JavaScript, with the form's fields as they were typed and the upload's own outcome (ADR 041).
  const kept = actionData && "edits" in actionData ? actionData : null;
  const saved = actionData && "result" in actionData && actionData.intent === "save" ? actionData : null;
  const notice = actionData && !saved && !kept && "notice" in actionData ? actionData.notice : null;
  const lastResult = kept ? kept.edits : saved?.result;
  const formNotice = kept ? KEPT_EDITS_NOTICES["uploaded" in kept ? "uploaded" : "refused"] : null;
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
            notice={formNotice}
          />
          <div className="mt-10">
            <PictureManager
              competitionId={competition.id}
              pictures={loaderData.pictures}
              editorFormId={COMPETITION_FORM_ID}
              lastResult={kept && "picture" in kept ? kept.picture : undefined}
            />
          </div>
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
