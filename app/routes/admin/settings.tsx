import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPage } from "~/components/admin/admin-page";
import { SettingsForm } from "~/components/admin/settings-form";
import { pageMeta } from "~/lib/seo";
import { SettingsFormSchema, settingsFormDefaults, settingsFromForm } from "~/schemas/admin-settings";
import { formCheck } from "~/schemas/form";
import { saveSiteSettings } from "~/server/admin/settings.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { readSubmission, refused } from "~/server/platform/form-action.server";
import { getSiteSettings } from "~/server/platform/site-settings.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/settings";

export const permission = { loader: "settings:manage", action: "settings:manage" } as const;

const settingsCheck = formCheck(SettingsFormSchema);

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  return { defaults: settingsFormDefaults(await getSiteSettings(services.db)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requirePermission(context, permission.action).user;
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, SettingsFormSchema);
  if (submission.status !== "success") return refused(submission, settingsCheck);
  const { changed } = await saveSiteSettings(services, admin.id, settingsFromForm(submission.value));
  const title = changed.length ? "Settings saved" : "Nothing changed";
  return redirectWithToast(services, "/admin/settings", { type: "success", title });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Settings", "Site settings: paid entry by country and the complaints process.", [
    { name: "robots", content: "noindex" },
  ]);

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Settings"
      intro="These apply at once across the site and the public fair-play page. Every change is logged."
    >
      <SettingsForm defaultValue={loaderData.defaults} lastResult={actionData?.result} />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
