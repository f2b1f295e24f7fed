import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPage, tdClass } from "~/components/admin/admin-page";
import { type DataColumn, DataTable, FilterSelect, optionsOf, TableFilters } from "~/components/admin/data-table";
import { textLinkClass } from "~/components/legal-page";
import { buttonClass } from "~/components/ui/button";
import { CAMPAIGN_AUDIENCES, CAMPAIGN_STATES } from "~/db/constants";
import { AUDIENCE_LABELS, CAMPAIGN_STATE_LABELS } from "~/domain/campaign";
import { formatUkDate, formatUkShortDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { CAMPAIGN_TABLE, tableQueryOf } from "~/schemas/admin-tables";
import { requirePermission } from "~/server/admin/staff.server";
import { listCampaigns } from "~/server/marketing/campaigns.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/campaigns";

export const permission = { loader: "marketing:send" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const { query, campaigns, total, pages } = await listCampaigns(
    context.get(servicesContext),
    tableQueryOf(CAMPAIGN_TABLE, request),
  );
  return { query, campaigns, total, pages };
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Marketing", "E-mail campaigns to people who agreed to marketing.", [
    { name: "robots", content: "noindex" },
  ]);

const numeric = (label: string) => ({ label, numeric: true as const });

type Sort = Route.ComponentProps["loaderData"]["query"]["sort"];

const COLUMNS: DataColumn<Sort>[] = [
  { label: "Campaign", sort: "name" },
  { label: "Audience" },
  { label: "State", sort: "state" },
  { label: "When", sort: "scheduled" },
  { label: "Created", sort: "created" },
  numeric("Recipients"),
  numeric("Sent"),
  numeric("Failed"),
  numeric("Unsubscribed"),
];

export default function CampaignsPage({ loaderData }: Route.ComponentProps) {
  const { query, campaigns, total, pages } = loaderData;
  const list = { spec: CAMPAIGN_TABLE, query, total, pages };
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
      <TableFilters list={list} label="Filter campaigns" search={{ label: "Search", placeholder: "Name or subject" }}>
        <FilterSelect
          name="state"
          label="State"
          value={query.filters.state}
          any="All states"
          options={optionsOf(CAMPAIGN_STATES, CAMPAIGN_STATE_LABELS)}
        />
        <FilterSelect
          name="audience"
          label="Audience"
          value={query.filters.audience}
          any="All audiences"
          options={optionsOf(CAMPAIGN_AUDIENCES, AUDIENCE_LABELS)}
        />
      </TableFilters>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total.toLocaleString("en-GB")} {total === 1 ? "campaign" : "campaigns"}
      </p>
      <DataTable list={list} label="Campaigns" caption="Campaigns" columns={COLUMNS} empty="No campaigns match.">
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
            <td className={`${tdClass} whitespace-nowrap`}>{formatUkDate(c.createdAt)}</td>
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
      </DataTable>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
