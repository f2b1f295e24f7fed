import { data, Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { textLinkClass } from "~/components/legal-page";
import { CampaignForm } from "~/components/marketing/campaign-form";
import { CampaignPreview, ScheduleForm, StateActions } from "~/components/marketing/campaign-panels";
import { StatList } from "~/components/stat-list";
import { AUDIENCE_LABELS, CAMPAIGN_STATE_LABELS, isEditable } from "~/domain/campaign";
import { formatUkDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { CAMPAIGN_INTENTS, type CampaignIntent, campaignCheck, ScheduleFormSchema } from "~/schemas/campaign";
import { errorNotice, parseSubmission } from "~/schemas/form";
import { DbIdSchema } from "~/schemas/ids";
import { z } from "~/schemas/zod";
import { requireIntentPermission, requirePermission } from "~/server/admin/staff.server";
import { audienceCount } from "~/server/marketing/audience.server";
import {
  type CampaignOutcome,
  changeCampaignState,
  competitionChoices,
  getCampaign,
  previewCampaign,
  sendTestCampaign,
  updateCampaign,
} from "~/server/marketing/campaigns.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readForm, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/campaign";

export const permission = {
  loader: "marketing:send",
  action: Object.fromEntries(CAMPAIGN_INTENTS.map((intent) => [intent, "marketing:send"])) as Record<
    CampaignIntent,
    "marketing:send"
  >,
} as const;

const NOT_FOUND = { message: "That campaign no longer exists." };

function campaignId(params: { id?: string }) {
  const id = DbIdSchema.safeParse(params.id);
  if (!id.success) throw data(NOT_FOUND, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const found = await getCampaign(services, campaignId(params));
  if (!found) throw data(NOT_FOUND, { status: 404 });
  const { campaign, stats } = found;
  const open = campaign.state === "draft" || campaign.state === "scheduled";
  const choice = { audience: campaign.audience, competitionId: campaign.audienceCompetitionId };
  const [count, preview, competitions] = await Promise.all([
    open ? audienceCount(services.db, choice, services.now()) : null,
    previewCampaign(services, campaign).then(({ text }) => ({ text })),
    competitionChoices(services),
  ]);
  const competition = competitions.find((c) => c.id === campaign.audienceCompetitionId) ?? null;
  return { campaign, stats, count, preview, competitions, competition };
}

const IntentOnly = z.object({ intent: z.enum(CAMPAIGN_INTENTS) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await readForm(services, request);
  const { staff, intent } = requireIntentPermission(context, formData, permission.action);
  const id = campaignId(params);
  let outcome: CampaignOutcome;
  const plain = parseSubmission(formData, IntentOnly);
  if (intent === "save") {
    const submission = parseSubmission(formData, campaignCheck.schema);
    if (submission.status !== "success") return refused(submission, campaignCheck, { intent });
    outcome = await updateCampaign(services, staff.user.id, id, submission.value);
  } else if (intent === "schedule") {
    const submission = parseSubmission(formData, ScheduleFormSchema);
    if (submission.status !== "success") return refused(submission, {}, { intent });
    outcome = await changeCampaignState(services, staff.user.id, id, "schedule", submission.value.scheduledAt);
  } else if (intent === "test") {
    outcome = await sendTestCampaign(services, staff.user, id);
  } else {
    outcome = await changeCampaignState(services, staff.user.id, id, intent);
  }
  if (outcome.ok)
    return redirectWithToast(services, `/admin/marketing/${id}`, { type: "success", title: outcome.message });
  const notice = errorNotice("Not done", outcome.message);
  return formReply(plain, { status: outcome.status, notice }, { intent });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data ? `Campaign: ${data.campaign.name}` : "Campaign", "A marketing e-mail campaign.", [
    { name: "robots", content: "noindex" },
  ]);

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, stats, count, preview, competitions, competition } = loaderData;
  const replyFor = (intent: CampaignIntent) => (actionData?.intent === intent ? actionData : undefined);
  const editable = isEditable(campaign.state);
  return (
    <AdminPage title={campaign.name} intro={`Subject: ${campaign.subject}`}>
      <p>
        <Link to="/admin/marketing" className={textLinkClass}>
          All campaigns
        </Link>
      </p>
      <AdminSection id="campaign-facts" title="Campaign">
        <StatList
          items={[
            {
              label: "State",
              value: <span data-campaign-state={campaign.state}>{CAMPAIGN_STATE_LABELS[campaign.state]}</span>,
            },
            {
              label: "Audience",
              value: `${AUDIENCE_LABELS[campaign.audience]}${competition ? `: ${competition.title}` : ""}`,
            },
            {
              label: "Send at",
              value: campaign.scheduledAt ? formatUkDateTime(campaign.scheduledAt) : "Not scheduled",
            },
            ...(campaign.sentAt ? [{ label: "Sent", value: formatUkDateTime(campaign.sentAt) }] : []),
            { label: "Recipients", value: stats.recipients, id: "recipients" },
            { label: "Sent", value: stats.sent, id: "sent" },
            { label: "Failed", value: stats.failed, id: "failed" },
            { label: "Skipped at send time", value: stats.skipped, id: "skipped" },
            { label: "Unsubscribed", value: stats.unsubscribed, id: "unsubscribed" },
          ]}
        />
        {count ? (
          <p className="mt-4" data-audience-count={count.reachable}>
            <strong>
              Reaches {count.reachable} {count.reachable === 1 ? "person" : "people"} now.
            </strong>{" "}
            {count.withheld > 0
              ? `${count.withheld} more match the audience but have not agreed to marketing, or are paused, ` +
                "self-excluded or deleted. Everyone is checked again as it is sent."
              : "Everyone is checked again as it is sent."}
          </p>
        ) : null}
      </AdminSection>
      <StateActions state={campaign.state} reply={replyFor("cancel") ?? replyFor("unschedule") ?? replyFor("test")} />
      {campaign.state === "draft" ? <ScheduleForm reply={replyFor("schedule")} /> : null}
      {editable ? (
        <AdminSection id="campaign-edit" title="Edit the draft">
          <CampaignForm
            reply={replyFor("save")}
            draft={{
              name: campaign.name,
              subject: campaign.subject,
              content: campaign.content,
              audience: campaign.audience,
              competitionId: campaign.audienceCompetitionId,
            }}
            competitions={competitions}
            submitLabel="Save changes"
            intent="save"
          />
        </AdminSection>
      ) : null}
      <CampaignPreview previewUrl={`/admin/marketing/${campaign.id}/preview`} text={preview.text} />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
