import { Link } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection, AdminTable, tdClass } from "~/components/admin/admin-page";
import { PromoCodeForm } from "~/components/admin/promo-code-form";
import { FormAlert } from "~/components/auth/form-alert";
import { buttonClass } from "~/components/ui/button";
import { PostButton } from "~/components/ui/post-button";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { PROMO_STATE_LABELS, promoCodeState } from "~/domain/promo-code";
import { pageMeta } from "~/lib/seo";
import { promoCodeCheck, promoCodeToggleCheck } from "~/schemas/admin-promo-code";
import { errorNotice, parseSubmission } from "~/schemas/form";
import {
  createPromoCode,
  listPromoCodes,
  promoCompetitionChoices,
  setPromoCodeActive,
} from "~/server/admin/promo-codes.server";
import { requireIntentPermission, requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readForm, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/promo-codes";

export const permission = {
  loader: "promo:manage",
  action: { create: "promo:manage", deactivate: "promo:manage", activate: "promo:manage" },
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const [codes, competitions] = await Promise.all([listPromoCodes(services), promoCompetitionChoices(services)]);
  const now = services.now();
  return { codes: codes.map((code) => ({ ...code, state: promoCodeState(code, now) })), competitions };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await readForm(services, request);
  const { staff, intent } = requireIntentPermission(context, formData, permission.action);
  if (intent === "create") {
    const submission = parseSubmission(formData, promoCodeCheck.schema);
    if (submission.status !== "success") return refused(submission, promoCodeCheck, { intent });
    const outcome = await createPromoCode(services, staff.user.id, submission.value);
    if (outcome.ok)
      return redirectWithToast(services, "/admin/promo-codes", { type: "success", title: outcome.message });
    const fieldErrors = outcome.field ? { [outcome.field]: [outcome.message] } : undefined;
    const notice = errorNotice("Not saved", outcome.message);
    return formReply(submission, { status: outcome.status, notice, fieldErrors }, { intent });
  }
  const submission = parseSubmission(formData, promoCodeToggleCheck.schema);
  if (submission.status !== "success") return refused(submission, promoCodeToggleCheck, { intent });
  const outcome = await setPromoCodeActive(
    services,
    staff.user.id,
    submission.value.promoCodeId,
    intent === "activate",
  );
  if (outcome.ok) return redirectWithToast(services, "/admin/promo-codes", { type: "success", title: outcome.message });
  return formReply(
    submission,
    { status: outcome.status, notice: errorNotice("Not changed", outcome.message) },
    { intent },
  );
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Promo codes", "Discount codes for the checkout.", [{ name: "robots", content: "noindex" }]);

type Code = Route.ComponentProps["loaderData"]["codes"][number];

const discountText = (c: Pick<Code, "kind" | "value">) =>
  c.kind === "percent" ? `${c.value}% off` : `${formatPence(c.value)} off`;

function windowText(c: Code) {
  if (!c.startsAt && !c.endsAt) return "Always";
  const from = c.startsAt ? `From ${formatUkShortDateTime(c.startsAt)}` : "";
  const to = c.endsAt ? `until ${formatUkShortDateTime(c.endsAt)}` : "";
  return [from, to].filter(Boolean).join(" ");
}

function CodeRow({ c, titles }: { c: Code; titles: Map<number, string> }) {
  return (
    <tr className="border-t border-border" data-testid="promo-code-row">
      <th scope="row" className={`${tdClass} font-mono font-semibold`}>
        {c.code}
      </th>
      <td className={tdClass}>
        {discountText(c)}
        {c.minimumSpendPence > 0 ? (
          <span className="block text-xs text-muted-foreground">Min spend {formatPence(c.minimumSpendPence)}</span>
        ) : null}
      </td>
      <td className={tdClass}>{windowText(c)}</td>
      <td className={`${tdClass} tabular-nums`}>
        {c.uses}
        {c.maxUses === null ? "" : ` of ${c.maxUses}`}
        <span className="block text-xs text-muted-foreground">
          {c.paidUses} paid, {formatPence(c.paidDiscountPence)} given
        </span>
      </td>
      <td className={tdClass}>{c.maxUsesPerPerson ?? "No limit"}</td>
      <td className={`${tdClass} max-w-xs`}>
        {c.competitionIds ? c.competitionIds.map((id) => titles.get(id) ?? `#${id}`).join(", ") : "All"}
      </td>
      <td className={tdClass}>{PROMO_STATE_LABELS[c.state]}</td>
      <td className={`${tdClass} space-y-2`}>
        <Link to={`/admin/promo-codes/${c.id}`} className={buttonClass("outline", "sm")}>
          Edit<span className="sr-only"> {c.code}</span>
        </Link>
        <PostButton
          values={{ intent: c.active ? "deactivate" : "activate", promoCodeId: c.id }}
          size="sm"
          variant="outline"
        >
          {c.active ? "Deactivate" : "Activate"}
          <span className="sr-only"> {c.code}</span>
        </PostButton>
      </td>
    </tr>
  );
}

const COLUMNS = ["Code", "Discount", "When", "Uses", "Per person", "Competitions", "Status", "Actions"];

export default function PromoCodesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, competitions } = loaderData;
  const titles = new Map(competitions.map((c) => [c.id, c.title]));
  const createReply = actionData && "intent" in actionData && actionData.intent === "create" ? actionData : undefined;
  const toggleReply = actionData && !createReply ? actionData : undefined;
  return (
    <AdminPage
      title="Promo codes"
      intro="Codes take a percentage or a fixed amount off paid entries, after multi-buy. Every change is audited."
    >
      {toggleReply?.notice ? <FormAlert notice={toggleReply.notice} /> : null}
      <AdminSection id="promo-codes" title="Codes">
        {codes.length === 0 ? (
          <p className="text-muted-foreground">No promo codes yet.</p>
        ) : (
          <AdminTable label="Promo codes" caption="Promo codes with their uses" columns={COLUMNS}>
            {codes.map((c) => (
              <CodeRow key={c.id} c={c} titles={titles} />
            ))}
          </AdminTable>
        )}
      </AdminSection>
      <AdminSection id="promo-new" title="New code">
        <PromoCodeForm reply={createReply} competitions={competitions} intent="create" submitLabel="Create code" />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
