import { AdminRoles } from "~/components/account/admin-roles";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { FormAlert } from "~/components/auth/form-alert";
import { ROLE_MESSAGES } from "~/content/account";
import { CONFIRMATIONS } from "~/content/confirmations";
import type { GrantableRole } from "~/db/constants";
import { pageMeta } from "~/lib/seo";
import { roleCheck } from "~/schemas/auth";
import { errorNotice } from "~/schemas/form";
import { addRole, listRoles, removeRole, roleGrantCandidate } from "~/server/admin/roles.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { askToConfirm, formReply, isConfirmed, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/roles";

export const permission = {
  loader: "role:manage",
  action: { "add-role": "role:manage", "remove-role": "role:manage" },
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const roles = await listRoles(services).catch((error) => {
    services.logger.error({ err: error }, "roles failed to load");
    return null;
  });
  return { roles };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Both intents need the same permission; checked before the body is read.
  const admin = requirePermission(context, "role:manage").user;
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, roleCheck.schema);
  if (submission.status !== "success") return refused(submission, roleCheck);
  const input = submission.value;
  // A role opens the console (an admin's, everything in it): the first press only asks, naming the person and power.
  if (input.intent === "add-role" && !isConfirmed(submission)) {
    const candidate = await roleGrantCandidate(services, input.email, input.role);
    if (!candidate.ok)
      return formReply(submission, { status: candidate.status, notice: errorNotice("Error", candidate.message) });
    return askToConfirm(submission, { grant: { email: input.email, role: input.role, who: candidate.who } });
  }
  const outcome =
    input.intent === "add-role"
      ? await addRole(services, admin.id, input.email, input.role)
      : await removeRole(services, admin.id, input.roleId);
  if (outcome.ok) return redirectWithToast(services, "/admin/roles", { type: "success", title: outcome.message });
  return formReply(submission, { status: outcome.status, notice: errorNotice("Error", outcome.message) });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Roles", "Give or take away staff roles.", [{ name: "robots", content: "noindex" }]);

type GrantAsked = { email: string; role: GrantableRole; who: string };

export default function RolesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { roles } = loaderData;
  const grant = actionData && "grant" in actionData ? actionData.grant : null;
  const asking = grant && typeof grant === "object" && "who" in grant ? (grant as GrantAsked) : null;
  const wording = asking ? CONFIRMATIONS.grantRole(asking.who, asking.role) : null;
  return (
    <section aria-labelledby="roles-title">
      <h1 id="roles-title" className="text-3xl font-bold tracking-tight">
        Roles
      </h1>
      <p className="mt-2 text-muted-foreground">
        Give or take away a role by the person’s account e-mail. Every change is logged.
      </p>
      {asking && wording ? (
        <div className="mt-6">
          <ConfirmStep
            title={wording.title}
            values={{ intent: "add-role", email: asking.email, role: asking.role }}
            confirmLabel={wording.confirmLabel}
            busyLabel="Adding…"
            backTo="/admin/roles"
            destructive={asking.role === "admin"}
          >
            <p>{wording.consequence}</p>
          </ConfirmStep>
        </div>
      ) : null}
      <div className="mt-6 rounded-lg border border-border bg-card p-6 text-card-foreground">
        {roles ? (
          <AdminRoles roles={roles} reply={actionData} />
        ) : (
          <FormAlert notice={{ type: "error", title: "Error", description: ROLE_MESSAGES.loadFailed }} />
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
