import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPage } from "~/components/admin/admin-page";
import { CampaignForm } from "~/components/marketing/campaign-form";
import { pageMeta } from "~/lib/seo";
import { campaignCheck } from "~/schemas/campaign";
import { errorNotice } from "~/schemas/form";
import { requirePermission } from "~/server/admin/staff.server";
import { competitionChoices, createCampaign } from "~/server/marketing/campaigns.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/campaign-new";

export const permission = { loader: "marketing:send", action: "marketing:send" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  return { competitions: await competitionChoices(context.get(servicesContext)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requirePermission(context, permission.action);
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, campaignCheck.schema);
  if (submission.status !== "success") return refused(submission, campaignCheck);
  const outcome = await createCampaign(services, staff.user.id, submission.value);
  if (!outcome.ok)
    return formReply(submission, { status: outcome.status, notice: errorNotice("Not saved", outcome.message) });
  return redirectWithToast(services, `/admin/marketing/${outcome.id}`, { type: "success", title: outcome.message });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("New campaign", "Write a marketing e-mail campaign.", [{ name: "robots", content: "noindex" }]);

export default function NewCampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="New campaign"
      intro="It is saved as a draft. You will see who it reaches and how it looks before you schedule it."
    >
      <CampaignForm reply={actionData} competitions={loaderData.competitions} submitLabel="Save draft" />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
