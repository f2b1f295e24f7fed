import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPage, AdminTable, tdClass } from "~/components/admin/admin-page";
import { textLinkClass } from "~/components/legal-page";
import { buttonClass } from "~/components/ui/button";
import { AUDIENCE_LABELS, CAMPAIGN_STATE_LABELS } from "~/domain/campaign";
import { formatUkShortDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { requirePermission } from "~/server/admin/staff.server";
import { listCampaigns } from "~/server/marketing/campaigns.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/campaigns";

export const permission = { loader: "marketing:send" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  return { campaigns: await listCampaigns(context.get(servicesContext)) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Marketing", "E-mail campaigns to people who agreed to marketing.", [
    { name: "robots", content: "noindex" },
  ]);

const numeric = (label: string) => ({ label, numeric: true as const });

export default function CampaignsPage({ loaderData }: Route.ComponentProps) {
  const { campaigns } = loaderData;
  return (
    <AdminPage
      title="Marketing"
      intro={
        "E-mail campaigns go only to people whose latest choice is yes to marketing, never to paused or " +
        "self-excluded accounts, each with a one-click unsubscribe."
      }
    >
      <div className="flex flex-wrap items-center gap-4">
        <Link to="/admin/marketing/new" className={buttonClass()}>
          New campaign
        </Link>
        <Link to="/admin/consent" className={textLinkClass}>
          Look up a person's consent history
        </Link>
      </div>
      {campaigns.length === 0 ? (
        <p className="text-muted-foreground">No campaigns yet.</p>
      ) : (
        <AdminTable
          label="Campaigns"
          caption="Campaigns, newest first"
          columns={[
            "Campaign",
            "Audience",
            "State",
            "When",
            numeric("Recipients"),
            numeric("Sent"),
            numeric("Failed"),
            numeric("Unsubscribed"),
          ]}
        >
          {campaigns.map((c) => (
            <tr key={c.id} className="border-t border-border" data-campaign-id={c.id}>
              <td className={tdClass}>
                <Link to={`/admin/marketing/${c.id}`} className={textLinkClass}>
                  {c.name}
                </Link>
                <div className="text-muted-foreground">{c.subject}</div>
              </td>
              <td className={tdClass}>{AUDIENCE_LABELS[c.audience]}</td>
              <td className={tdClass} data-state={c.state}>
                {CAMPAIGN_STATE_LABELS[c.state]}
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>
                {c.sentAt
                  ? `Sent ${formatUkShortDateTime(c.sentAt)}`
                  : c.scheduledAt
                    ? formatUkShortDateTime(c.scheduledAt)
                    : "Not scheduled"}
              </td>
              <td className={`${tdClass} text-right`} data-stat="recipients">
                {c.stats.recipients}
              </td>
              <td className={`${tdClass} text-right`} data-stat="sent">
                {c.stats.sent}
              </td>
              <td className={`${tdClass} text-right`} data-stat="failed">
                {c.stats.failed}
              </td>
              <td className={`${tdClass} text-right`} data-stat="unsubscribed">
                {c.stats.unsubscribed}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
