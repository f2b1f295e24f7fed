import { MailCheck, MailX } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { SubmitButton } from "~/components/ui/button";
import { privatePageMeta } from "~/lib/seo";
import { ConfirmSubscriptionSchema, NEWSLETTER_CONFIRMED } from "~/schemas/newsletter";
import { confirmNewsletter, findConfirmation } from "~/server/engagement/newsletter.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import type { Route } from "./+types/newsletter-confirm";

type View = { state: "confirm"; token: string } | { state: "confirmed"; email: string } | { state: "invalid" };

// Double opt-in's second step. Opening the link shows a button rather than subscribing at once: mail scanners open
// links on their own, and a subscription must be the person's act.

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await findConfirmation(services.db, token);
  if (!found) return data<View>({ state: "invalid" }, { status: 404 });
  return data<View>({ state: "confirm", token });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, ConfirmSubscriptionSchema);
  if (submission.status !== "success") return refused(submission, {}, { state: "invalid" as const });
  const outcome = await confirmNewsletter(services, submission.value.token, services.now());
  if (outcome.status === "unknown-token") return formReply(submission, { status: 404 }, { state: "invalid" as const });
  return formReply(submission, { notice: NEWSLETTER_CONFIRMED }, { state: "confirmed" as const, email: outcome.email });
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta("Confirm your subscription", "Confirm that you want the Paddock newsletter.");

export default function ConfirmSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const submitting = useNavigation().state === "submitting";
  const Icon = view.state === "invalid" ? MailX : MailCheck;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <Icon aria-hidden="true" className="mx-auto size-12 text-primary" />
      {view.state === "confirm" ? (
        <>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">Confirm your subscription</h1>
          <p className="mt-4 leading-7">Press the button to start receiving the Paddock newsletter at this address.</p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="token" value={view.token} />
            <SubmitButton busy={submitting} label="Confirm my subscription" busyLabel="Confirming..." />
          </Form>
        </>
      ) : view.state === "confirmed" ? (
        <>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">{NEWSLETTER_CONFIRMED.title}</h1>
          <p role="status" className="mt-4 leading-7">
            {NEWSLETTER_CONFIRMED.description} We have e-mailed a welcome to <strong>{view.email}</strong>, with a
            one-click unsubscribe link.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">This confirmation link is not valid</h1>
          <p className="mt-4 leading-7">
            It may have expired (links work for 7 days), been used already, or been cut short when it was copied.{" "}
            <Link to="/newsletter" className={textLinkClass}>
              Sign up again
            </Link>{" "}
            to get a new one. Nothing has been changed.
          </p>
        </>
      )}
    </div>
  );
}
