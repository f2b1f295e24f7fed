import { AdminErrorBoundary, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { AddDomainForm, DomainStatusPanel } from "~/components/admin/domain-setup";
import { FormAlert } from "~/components/auth/form-alert";
import { DOMAIN_ADMIN_MESSAGES } from "~/content/domain";
import { pageMeta } from "~/lib/seo";
import { type DomainAction, domainCheck } from "~/schemas/domain";
import { errorNotice, type FormReply } from "~/schemas/form";
import { requirePermission } from "~/server/admin/staff.server";
import {
  addCustomDomain,
  checkCustomDomain,
  type DomainChange,
  loadCustomDomain,
  removeCustomDomain,
  setDomainRedirect,
} from "~/server/domains/custom-domain.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import type { Services } from "~/server/platform/services.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/admin-domain";

export const permission = {
  loader: "domain:manage",
  action: {
    "add-domain": "domain:manage",
    "check-domain": "domain:manage",
    "remove-domain": "domain:manage",
    "set-redirect": "domain:manage",
  },
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  return { domain: await loadCustomDomain(services) };
}

function run(services: Services, actorUserId: string, input: DomainAction): Promise<DomainChange> {
  switch (input.intent) {
    case "add-domain":
      return addCustomDomain(services, actorUserId, input.domain);
    case "check-domain":
      return checkCustomDomain(services, actorUserId, input.domainId);
    case "remove-domain":
      return removeCustomDomain(services, actorUserId, input.domainId);
    case "set-redirect":
      return setDomainRedirect(services, actorUserId, input.domainId, input.redirect === "on");
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  // Every intent needs the same permission; checked before the body is read.
  const admin = requirePermission(context, "domain:manage").user;
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, domainCheck.schema);
  if (submission.status !== "success") return refused(submission, domainCheck);
  const input = submission.value;
  const outcome = await run(services, admin.id, input);
  if (outcome.ok) {
    return redirectWithToast(services, "/admin/domain", {
      type: outcome.outcome?.status === "failed" ? "error" : "success",
      title: outcome.message,
    });
  }
  const fieldErrors = input.intent === "add-domain" ? { domain: [outcome.message] } : undefined;
  return formReply(submission, {
    status: outcome.status,
    notice: errorNotice("Error", outcome.message),
    fieldErrors,
  });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Domain", "Connect a custom domain to the site.", [{ name: "robots", content: "noindex" }]);

export default function DomainPage({ loaderData, actionData }: Route.ComponentProps) {
  const { domain } = loaderData;
  const reply = actionData as FormReply | undefined;
  return (
    <AdminPage
      title="Domain"
      intro="Serve Paddock on your own domain. Once verified, links, e-mails and share links use it."
    >
      {domain ? (
        <>
          <FormAlert notice={reply?.notice} />
          <DomainStatusPanel domain={domain} />
        </>
      ) : (
        <AdminSection id="domain-add" title="Add a domain">
          <p className="mb-4 text-muted-foreground">{DOMAIN_ADMIN_MESSAGES.intro}</p>
          <AddDomainForm reply={reply} />
        </AdminSection>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
