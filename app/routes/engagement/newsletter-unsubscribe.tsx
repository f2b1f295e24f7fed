import { MailX } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import { privatePageMeta } from "~/lib/seo";
import { UnsubscribeSchema } from "~/schemas/newsletter";
import { UNSUBSCRIBE_SOURCES } from "~/server/engagement/newsletter.server";
import { findUnsubscribeLink, unsubscribeByLink } from "~/server/marketing/unsubscribe.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import type { Route } from "./+types/newsletter-unsubscribe";

/** What the page asks about: the newsletter someone joined, or the marketing e-mails a campaign sent them. */
type UnsubscribeAbout = "newsletter" | "marketing";

const QUESTION: Record<UnsubscribeAbout, string> = {
  newsletter: "Unsubscribe from our newsletter?",
  marketing: "Stop marketing e-mails from Paddock?",
};

type View =
  | { state: "confirm"; email: string; token: string; campaign?: string; about: UnsubscribeAbout }
  | { state: "unsubscribed" | "already-unsubscribed"; email: string }
  | { state: "invalid" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const link = { token: query.get("token") ?? "", campaign: query.get("campaign") || undefined };
  const found = await findUnsubscribeLink(services.db, link);
  if (!found) return data<View>({ state: "invalid" }, { status: 404 });
  const email = maskEmail(found.email);
  return data<View>(
    found.unsubscribed
      ? { state: "already-unsubscribed", email }
      : { state: "confirm", email, ...link, about: found.fromCampaign ? "marketing" : "newsletter" },
  );
}

/**
 * The confirmation button, and also RFC 8058 one-click unsubscribe: a mail provider POSTs
 * `List-Unsubscribe=One-Click` to the link itself, with the token in the query and no cookies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, UnsubscribeSchema);
  if (submission.status !== "success") return refused(submission, {}, { state: "invalid" as const });
  const sent = submission.value;
  const query = new URL(request.url).searchParams;
  const link = {
    token: sent.token || query.get("token") || "",
    campaign: sent.campaign || query.get("campaign") || undefined,
  };
  const source = sent["List-Unsubscribe"] === "One-Click" ? UNSUBSCRIBE_SOURCES.oneClick : UNSUBSCRIBE_SOURCES.link;
  const outcome = await unsubscribeByLink(services.db, link, { now: services.now(), source });
  if (outcome.status === "unknown-token") return formReply(submission, { status: 404 }, { state: "invalid" as const });
  return formReply(submission, {}, { state: outcome.status, email: maskEmail(outcome.email) });
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta("Unsubscribe", "Stop receiving the Paddock newsletter and marketing emails.");

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <MailX aria-hidden="true" className="mx-auto size-12 text-primary" />
      {view.state === "confirm" ? (
        <>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">{QUESTION[view.about]}</h1>
          <p className="mt-4 leading-7">
            We will stop sending marketing emails to <strong>{view.email}</strong>.
          </p>
          <Form method="post" className="mt-8 flex flex-wrap justify-center gap-3">
            <input type="hidden" name="token" value={view.token} />
            {view.campaign ? <input type="hidden" name="campaign" value={view.campaign} /> : null}
            <SubmitButton busy={submitting} label="Unsubscribe" busyLabel="Unsubscribing..." />
            <Link to="/" className={buttonClass("outline")}>
              Keep me subscribed
            </Link>
          </Form>
        </>
      ) : view.state === "invalid" ? (
        <>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">This unsubscribe link is not valid</h1>
          <p className="mt-4 leading-7">
            It may have been cut short when it was copied. Open the link from the email again, or{" "}
            <Link to="/contact" className={textLinkClass}>
              contact us
            </Link>{" "}
            and we will unsubscribe you. Nothing has been changed.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">
            {view.state === "unsubscribed" ? "You have been unsubscribed" : "You are already unsubscribed"}
          </h1>
          <p role="status" className="mt-4 leading-7">
            We will not send any more marketing emails to <strong>{view.email}</strong>.
          </p>
          <p className="mt-2 leading-7 text-muted-foreground">
            Changed your mind?{" "}
            <Link to="/newsletter" className={textLinkClass}>
              Subscribe again
            </Link>
            .
          </p>
        </>
      )}
    </div>
  );
}

/** Enough of the address to recognise it, not enough to harvest it from a forwarded link. */
function maskEmail(email: string) {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"•".repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}
