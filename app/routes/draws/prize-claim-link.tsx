import { data } from "react-router";
import { ClaimForm } from "~/components/account/prize-claim-panel";
import { FormAlert } from "~/components/auth/form-alert";
import { ContentPage } from "~/components/page-section";
import { CLAIM_LINK_MESSAGES } from "~/content/draws";
import { formatUkDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { errorNotice, formCheck, parseSubmission } from "~/schemas/form";
import { ClaimAddressSchema } from "~/schemas/prize-claim";
import { confirmClaimByLink, viewClaimLink } from "~/server/draws/postal-claim.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readForm, refused } from "~/server/platform/form-action.server";
import type { Route } from "./+types/prize-claim-link";

// A postal winner without an account confirms the delivery address here, through the single-use link e-mailed at
// the draw. The token is the only credential: the page is never cached and says nothing about other prizes.

const claimCheck = formCheck(ClaimAddressSchema);
const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const view = await viewClaimLink(services, params.token);
  return data({ view, done: false }, { headers: PRIVATE, status: view.state === "unknown" ? 404 : 200 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const body = await readForm(services, request);
  const claim = parseSubmission(body, ClaimAddressSchema);
  if (claim.status !== "success") return refused(claim, claimCheck, {}, PRIVATE);
  const outcome = await confirmClaimByLink(services, params.token, claim.value);
  if (!outcome.ok)
    return formReply(claim, {
      status: outcome.state === "unknown" ? 404 : 409,
      notice: errorNotice("Not saved", CLAIM_LINK_MESSAGES[outcome.state]),
      headers: PRIVATE,
    });
  return data({ done: true }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Claim your prize", "Confirm where to send your Paddock prize.", [{ name: "robots", content: "noindex" }]);

export default function PrizeClaimLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const done = actionData && "done" in actionData && actionData.done;
  const notice = actionData && "notice" in actionData ? actionData.notice : undefined;
  if (done)
    return (
      <ContentPage titleId="claim-title" title="Claim your prize" lead={CLAIM_LINK_MESSAGES.confirmed}>
        <p className="mt-6">This link has now been used. Please keep the e-mail we have sent you.</p>
      </ContentPage>
    );
  if (view.state !== "valid")
    return (
      <ContentPage titleId="claim-title" title="Claim your prize" lead={CLAIM_LINK_MESSAGES[view.state]}>
        <p className="mt-6">If you think this is wrong, please contact us and quote your entry reference.</p>
      </ContentPage>
    );
  return (
    <ContentPage
      titleId="claim-title"
      title="Claim your prize"
      lead={
        `Congratulations: you won ${view.prizeTitle} in ${view.title}. Please tell us where to send it by ` +
        `${formatUkDateTime(view.deadline)}. This link works once.`
      }
    >
      {notice ? <FormAlert notice={notice} /> : null}
      <ClaimForm
        prize={{
          competitionId: view.competitionId,
          prizeTitle: view.prizeTitle,
          recipientName: null,
          address: null,
          county: null,
          postcode: null,
          phone: null,
        }}
        defaults={{ recipientName: "", phone: "", county: "" }}
      />
    </ContentPage>
  );
}
