import { data } from "react-router";
import type { Route } from "./+types/admin";
import { AdminRoles } from "~/components/account/admin-roles";
import { FormAlert } from "~/components/auth/form-alert";
import { formatPence } from "~/domain/money";
import { pageMeta } from "~/lib/seo";
import { ROLE_MESSAGES } from "~/content/account";
import { RoleActionSchema } from "~/schemas/auth";
import { servicesContext } from "~/server/context";
import { addRole, getAdminStats, listRoles, removeRole } from "~/server/roles.server";
import { requireRole } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireRole(services, request, "admin");
  const [stats, roles] = await Promise.allSettled([getAdminStats(services), listRoles(services)]);
  for (const failed of [stats, roles].filter((r) => r.status === "rejected")) services.logger.error({ err: failed.reason }, "admin data failed to load");
  return {
    stats: stats.status === "fulfilled" ? stats.value : null,
    roles: roles.status === "fulfilled" ? roles.value : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const admin = await requireRole(services, request, "admin");
  const parsed = RoleActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ notice: { type: "error" as const, title: "Error", description: ROLE_MESSAGES.missing } }, { status: 400 });
  const outcome = parsed.data.intent === "add-role" ? await addRole(services, admin.id, parsed.data.email, parsed.data.role) : await removeRole(services, admin.id, parsed.data.roleId);
  if (outcome.ok) return redirectWithToast(services, "/admin", { type: "success", title: outcome.message });
  return data({ notice: { type: "error" as const, title: "Error", description: outcome.message } }, { status: outcome.status });
}

export const meta: Route.MetaFunction = () => pageMeta("Admin dashboard", "Paddock administration.", [{ name: "robots", content: "noindex" }]);

export default function AdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, roles } = loaderData;
  const cards = stats
    ? [
        { label: "Total Revenue", value: formatPence(stats.revenuePence) },
        { label: "Tickets Sold", value: stats.ticketsSold.toLocaleString("en-GB") },
        { label: "Active Competitions", value: String(stats.activeCompetitions) },
        { label: "Total Orders", value: stats.totalOrders.toLocaleString("en-GB") },
      ]
    : [];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Admin dashboard</h1>
      <section aria-labelledby="stats-title" className="mt-8">
        <h2 id="stats-title" className="sr-only">
          Overview
        </h2>
        {stats ? null : <FormAlert notice={{ type: "error", title: "Error", description: ROLE_MESSAGES.adminData }} />}
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <div key={card.label} className="rounded-lg border border-border bg-card p-5 text-card-foreground">
              <dt className="text-sm text-muted-foreground">{card.label}</dt>
              <dd className="mt-1 text-2xl font-bold">{card.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="roles-title" className="mt-10 rounded-lg border border-border bg-card p-6 text-card-foreground">
        <h2 id="roles-title" className="text-xl font-semibold tracking-tight">
          Roles
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Give or take away a role by the person’s account e-mail. Every change is logged.</p>
        <div className="mt-6">
          {roles ? (
            <AdminRoles roles={roles} notice={actionData?.notice} />
          ) : (
            <FormAlert notice={{ type: "error", title: "Error", description: ROLE_MESSAGES.loadFailed }} />
          )}
        </div>
      </section>
    </div>
  );
}
