import { data, Link } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { PromoCodeForm } from "~/components/admin/promo-code-form";
import { PROMO_STATE_LABELS, promoCodeState } from "~/domain/promo-code";
import { pageMeta } from "~/lib/seo";
import { promoCodeCheck } from "~/schemas/admin-promo-code";
import { errorNotice } from "~/schemas/form";
import { DbIdSchema } from "~/schemas/ids";
import {
  getPromoCode,
  PROMO_ADMIN_MESSAGES,
  promoCompetitionChoices,
  updatePromoCode,
} from "~/server/admin/promo-codes.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/promo-code-edit";

export const permission = { loader: "promo:manage", action: "promo:manage" } as const;

function promoCodeId(params: { id?: string }) {
  const id = DbIdSchema.safeParse(params.id);
  if (!id.success) throw data({ message: PROMO_ADMIN_MESSAGES.notFound }, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const code = await getPromoCode(services, promoCodeId(params));
  if (!code) throw data({ message: PROMO_ADMIN_MESSAGES.notFound }, { status: 404 });
  const state = promoCodeState(code, services.now());
  return { code, state, competitions: await promoCompetitionChoices(services) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requirePermission(context, permission.action);
  const services = context.get(servicesContext);
  const id = promoCodeId(params);
  const submission = await readSubmission(services, request, promoCodeCheck.schema);
  if (submission.status !== "success") return refused(submission, promoCodeCheck);
  const outcome = await updatePromoCode(services, staff.user.id, id, submission.value);
  if (outcome.ok) return redirectWithToast(services, "/admin/promo-codes", { type: "success", title: outcome.message });
  const fieldErrors = outcome.field ? { [outcome.field]: [outcome.message] } : undefined;
  return formReply(submission, {
    status: outcome.status,
    notice: errorNotice("Not saved", outcome.message),
    fieldErrors,
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data ? `Promo code ${data.code.code}` : "Promo code", "Edit a promo code.", [
    { name: "robots", content: "noindex" },
  ]);

export default function PromoCodeEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { code, state, competitions } = loaderData;
  return (
    <AdminPage
      title={`Promo code ${code.code}`}
      intro={
        `Used ${code.uses} ${code.uses === 1 ? "time" : "times"} so far (paid and held orders). ` +
        `${PROMO_STATE_LABELS[state]}.`
      }
    >
      <p>
        <Link to="/admin/promo-codes" className="font-medium text-primary underline">
          All promo codes
        </Link>
      </p>
      <AdminSection id="promo-edit" title="Edit">
        <PromoCodeForm
          reply={actionData}
          draft={code}
          competitions={competitions}
          intent="save"
          submitLabel="Save code"
        />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
