import { Form } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection, AdminTable, tdClass } from "~/components/admin/admin-page";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { CONFIRMATIONS } from "~/content/confirmations";
import { formatUkDate, formatUkDateTime } from "~/domain/london-format";
import { CLAIM_STATE_LABELS } from "~/domain/prize-claim";
import { pageMeta } from "~/lib/seo";
import { errorNotice, formCheck } from "~/schemas/form";
import { PrizeActionSchema } from "~/schemas/prize-claim";
import { requirePermission } from "~/server/admin/staff.server";
import { advancePrizeClaim, CLAIM_MESSAGES, listPrizeClaims } from "~/server/draws/prize-claims.server";
import { listInstantPrizeClaims } from "~/server/instant-wins/instant-prize-claims.server";
import { servicesContext } from "~/server/platform/context";
import { askToConfirm, formReply, isConfirmed, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/prize-claims";

export const permission = {
  loader: "prize:fulfil",
  action: { ship: "prize:fulfil", deliver: "prize:fulfil" },
} as const;

const prizeCheck = formCheck(PrizeActionSchema);

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const [main, instant] = await Promise.all([listPrizeClaims(services), listInstantPrizeClaims(services)]);
  return { claims: [...main, ...instant] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requirePermission(context, "prize:fulfil");
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, PrizeActionSchema);
  if (submission.status !== "success") return refused(submission, prizeCheck);
  const input = submission.value;
  // The winner is e-mailed at each step: the first press only asks, naming what they will be told.
  if (!isConfirmed(submission)) {
    const step =
      input.intent === "ship"
        ? { intent: input.intent, claimId: input.claimId, carrier: input.carrier, tracking: input.trackingReference }
        : { intent: input.intent, claimId: input.claimId, carrier: "", tracking: "" };
    return askToConfirm(submission, { prizeStep: step });
  }
  const outcome =
    input.intent === "ship"
      ? await advancePrizeClaim(services, staff.user.id, input.claimId, "ship", input)
      : await advancePrizeClaim(services, staff.user.id, input.claimId, "deliver");
  if (!outcome.ok)
    return formReply(submission, { status: outcome.status, notice: errorNotice("Not saved", outcome.message) });
  return redirectWithToast(services, "/admin/winners", {
    type: "success",
    title: input.intent === "ship" ? CLAIM_MESSAGES.shipped : CLAIM_MESSAGES.delivered,
  });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Winners and prizes", "Prize claims and delivery.", [{ name: "robots", content: "noindex" }]);

type Claim = Awaited<ReturnType<typeof loader>>["claims"][number];
type PrizeStep = { intent: "ship" | "deliver"; claimId: number; carrier: string; tracking: string };

/** The question before a prize is marked shipped or delivered, naming the competition and what the winner is told. */
function PrizeStepConfirm({ step, claims }: { step: PrizeStep; claims: Claim[] }) {
  const claim = claims.find((c) => c.claimId === step.claimId);
  const title = claim?.title ?? "this competition";
  const wording =
    step.intent === "ship" ? CONFIRMATIONS.ship(title, step.carrier, step.tracking) : CONFIRMATIONS.deliver(title);
  const values: Record<string, string> =
    step.intent === "ship"
      ? { intent: "ship", claimId: String(step.claimId), carrier: step.carrier, trackingReference: step.tracking }
      : { intent: "deliver", claimId: String(step.claimId) };
  return (
    <ConfirmStep
      title={wording.title}
      values={values}
      confirmLabel={wording.confirmLabel}
      busyLabel="Saving…"
      backTo="/admin/winners"
    >
      <p>{wording.consequence}</p>
    </ConfirmStep>
  );
}

function ShipForm({ claim }: { claim: Claim }) {
  const id = `ship-${claim.claimId}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Ship the prize for ${claim.title}`}>
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="claimId" value={claim.claimId ?? ""} />
      <div>
        <label htmlFor={`${id}-carrier`} className="block text-xs font-medium">
          Carrier
        </label>
        <input id={`${id}-carrier`} name="carrier" required maxLength={60} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${id}-tracking`} className="block text-xs font-medium">
          Tracking reference
        </label>
        <input id={`${id}-tracking`} name="trackingReference" required maxLength={80} className={inputClass} />
      </div>
      <Button type="submit" size="sm">
        Mark shipped
      </Button>
    </Form>
  );
}

function NextStep({ claim }: { claim: Claim }) {
  if (claim.state === "confirmed") return <ShipForm claim={claim} />;
  if (claim.state === "shipped")
    return (
      <Form method="post" aria-label={`Mark the prize for ${claim.title} delivered`}>
        <input type="hidden" name="intent" value="deliver" />
        <input type="hidden" name="claimId" value={claim.claimId ?? ""} />
        <p className="text-sm">
          {claim.carrier}, {claim.trackingReference}
        </p>
        <Button type="submit" size="sm" variant="outline">
          Mark delivered
        </Button>
      </Form>
    );
  if (claim.state === "delivered" && claim.deliveredAt) return <p>Delivered {formatUkDate(claim.deliveredAt)}</p>;
  if (claim.state === "unclaimed_redraw_due")
    return <p>Not claimed by {formatUkDateTime(claim.deadline)}: pass the prize to the next alternate.</p>;
  return <p>Claim by {formatUkDateTime(claim.deadline)}</p>;
}

export default function PrizeClaimsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { claims } = loaderData;
  return (
    <AdminPage title="Winners and prizes" intro="Each winner confirms their address in their account; then ship it.">
      {actionData?.notice ? <FormAlert notice={actionData.notice} /> : null}
      {actionData && "prizeStep" in actionData && actionData.prizeStep ? (
        <PrizeStepConfirm step={actionData.prizeStep as PrizeStep} claims={claims} />
      ) : null}
      <AdminSection id="claims-title" title="Prize claims">
        {claims.length === 0 ? (
          <p>No competition has been drawn yet.</p>
        ) : (
          <AdminTable
            label="Prize claims"
            caption="Drawn competitions, newest first, with where each prize stands"
            columns={["Competition", "Drawn", "Winner", "Deliver to", "Status", "Next step"]}
          >
            {claims.map((c) => (
              <tr
                key={`${c.competitionId}-${"instantWinId" in c ? c.instantWinId : "main"}`}
                data-testid="prize-claim"
                className="border-t border-border"
              >
                <td className={tdClass}>
                  {c.title}
                  <span className="block text-muted-foreground">{c.prizeTitle}</span>
                </td>
                <td className={tdClass}>{formatUkDate(c.drawnAt)}</td>
                <td className={tdClass}>
                  {c.winnerEmail ?? "Postal entrant (contact by post)"}
                  {c.byPostalLink && c.winnerEmail ? (
                    <span className="block text-muted-foreground">Postal entrant: claims by e-mailed link</span>
                  ) : null}
                </td>
                <td className={`${tdClass} whitespace-pre-line`}>
                  {c.claimId ? [c.recipientName, c.address, c.county, c.postcode, c.phone].join("\n") : "–"}
                  {c.choice === "cash" ? <strong className="block">Chose the cash alternative</strong> : null}
                </td>
                <td className={tdClass}>
                  <strong data-state={c.state}>{CLAIM_STATE_LABELS[c.state]}</strong>
                </td>
                <td className={tdClass}>
                  <NextStep claim={c} />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
