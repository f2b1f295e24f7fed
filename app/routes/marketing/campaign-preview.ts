import { data } from "react-router";
import { DbIdSchema } from "~/schemas/ids";
import { requirePermission } from "~/server/admin/staff.server";
import { getCampaign, previewCampaign } from "~/server/marketing/campaigns.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/campaign-preview";

export const permission = { loader: "marketing:send" } as const;

/**
 * The campaign's HTML part exactly as the template renders it, as its own page: staff open it beside the campaign.
 * It runs nothing: the policy allows its inline styles and nothing else.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const id = DbIdSchema.safeParse(params.id);
  const found = id.success ? await getCampaign(services, id.data) : null;
  if (!found) throw data({ message: "That campaign no longer exists." }, { status: 404 });
  const { html } = await previewCampaign(services, found.campaign);
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:",
      "Cache-Control": "private, no-store",
    },
  });
}
