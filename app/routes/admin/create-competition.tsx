import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { CompetitionForm } from "~/components/admin/competition-form";
import { pageMeta } from "~/lib/seo";
import {
  CopiedFromSchema,
  competitionCheck,
  competitionCopyDefaults,
  competitionFormDefaults,
} from "~/schemas/admin-competition";
import { createCompetition, getAdminCompetition } from "~/server/admin/competitions.server";
import { requirePermission } from "~/server/admin/staff.server";
import { drawChainTiming } from "~/server/draws/rule.server";
import { servicesContext } from "~/server/platform/context";
import { readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/create-competition";

export const permission = { loader: "competition:edit", action: "competition:edit" } as const;

/** `?copy=ID` fills the form from that competition: Duplicate makes a new draft from it, with no sales or dates. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const copyId = Number(new URL(request.url).searchParams.get("copy"));
  const source = Number.isSafeInteger(copyId) && copyId > 0 ? await getAdminCompetition(services, copyId) : null;
  return {
    defaultValue: source ? competitionCopyDefaults(source.values) : competitionFormDefaults(),
    copiedFrom: source ? { id: source.id, title: source.values.title } : null,
    drawChain: drawChainTiming(services.beacon.chain),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requirePermission(context, permission.action);
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, competitionCheck.schema);
  if (submission.status !== "success") return refused(submission, competitionCheck);
  const copiedFrom = CopiedFromSchema.parse(submission.payload.copiedFrom);
  const outcome = await createCompetition(services, staff.user.id, submission.value, { copiedFrom });
  return redirectWithToast(services, `/admin/competitions/${outcome.id}`, { type: "success", title: outcome.message });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("New competition", "Create a competition.", [{ name: "robots", content: "noindex" }]);

export default function CreateCompetitionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { defaultValue, copiedFrom } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">New competition</h1>
      <p className="mt-2 max-w-prose text-muted-foreground">
        {copiedFrom
          ? `A copy of “${copiedFrom.title}”: set its dates, check every field, then save it as a new draft.`
          : "It starts as a draft that nobody else sees. Schedule it when it is ready, and it goes live by itself."}
      </p>
      <p className="mt-2 max-w-prose text-muted-foreground">
        Pictures come next: once the draft is created, its editor takes uploads (drag and drop or choose files), each
        with its alt text, and lets you order them and choose the main one.
      </p>
      <div className="mt-8">
        <CompetitionForm
          defaultValue={defaultValue}
          lastResult={actionData?.result}
          submitLabel="Create draft"
          copiedFrom={copiedFrom?.id}
          drawChain={loaderData.drawChain}
        />
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
