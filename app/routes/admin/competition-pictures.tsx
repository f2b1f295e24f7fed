import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { PictureManager } from "~/components/admin/competition-pictures";
import { PICTURE_MESSAGES } from "~/content/pictures";
import { isPublishedStatus } from "~/db/constants";
import { pageMeta } from "~/lib/seo";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { errorNotice, formCheck } from "~/schemas/form";
import { PictureActionSchema } from "~/schemas/pictures";
import {
  deletePicture,
  listPictures,
  movePicture,
  type PictureOutcome,
  pictureCompetition,
  updatePictureAlt,
  uploadPicture,
} from "~/server/admin/pictures.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import type { Services } from "~/server/platform/services.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/competition-pictures";

export const permission = { loader: "competition:edit", action: "competition:edit" } as const;

const pictureCheck = formCheck(PictureActionSchema);

async function requireCompetition(services: Services, rawId: string) {
  const id = CompetitionIdParamSchema.safeParse(rawId);
  const competition = id.success ? await pictureCompetition(services, id.data) : null;
  if (!competition) throw data({ message: PICTURE_MESSAGES.competitionNotFound }, { status: 404 });
  return competition;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const competition = await requireCompetition(services, params.id);
  return { competition, pictures: await listPictures(services.db, competition.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requirePermission(context, permission.action);
  const services = context.get(servicesContext);
  const competition = await requireCompetition(services, params.id);
  const submission = await readSubmission(services, request, pictureCheck.schema);
  if (submission.status !== "success") return refused(submission, pictureCheck);

  const input = submission.value;
  const actor = { userId: staff.user.id, competitionId: competition.id };
  let outcome: PictureOutcome;
  if (input.intent === "upload") {
    outcome = await uploadPicture(services, actor, {
      bytes: new Uint8Array(await input.file.arrayBuffer()),
      alt: input.alt,
    });
  } else if (input.intent === "move") {
    outcome = await movePicture(services, actor, input.pictureId, input.direction);
  } else if (input.intent === "alt") {
    outcome = await updatePictureAlt(services, actor, input.pictureId, input.alt);
  } else {
    outcome = await deletePicture(services, actor, input.pictureId);
  }
  // Done: back to the editor's Pictures section, where the pictures are managed (this page is its fallback).
  if (outcome.ok) {
    return redirectWithToast(services, `/admin/competitions/${competition.id}#pictures`, {
      type: "success",
      title: outcome.message,
    });
  }
  // An upload's refusal belongs to its file field; another that failed is said beside its picture.
  const intent = { intent: input.intent };
  return input.intent === "upload"
    ? formReply(submission, { status: outcome.status, fieldErrors: { file: [outcome.message] } }, intent)
    : formReply(submission, { status: outcome.status, notice: errorNotice("Error", outcome.message) }, intent);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    loaderData ? `Pictures: ${loaderData.competition.title}` : "Pictures",
    "Upload and order a competition's pictures.",
    [{ name: "robots", content: "noindex" }],
  );

/** Where a picture form sent without JavaScript lands when it is refused: the same section, with the reason. */
export default function CompetitionPicturesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, pictures } = loaderData;
  return (
    <div className="max-w-4xl pb-10">
      <p>
        <Link
          to={`/admin/competitions/${competition.id}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to the editor
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Pictures</h1>
      <p className="mt-2 text-lg">
        {competition.title}
        {isPublishedStatus(competition.status) ? (
          <>
            {" · "}
            <Link to={`/competition/${competition.id}`} className="text-primary underline">
              View competition page
            </Link>
          </>
        ) : null}
      </p>
      <div className="mt-8">
        <PictureManager
          competitionId={competition.id}
          pictures={pictures}
          lastResult={actionData?.notice ? undefined : actionData?.result}
          notice={actionData?.notice}
        />
      </div>
    </div>
  );
}
