import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/auth/text-field";
import { FormNoticeBox, useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { SubmitButton } from "~/components/ui/button";
import { ButtonLinks } from "~/components/ui/button-links";
import { FieldError } from "~/components/ui/field";
import { PAGES } from "~/content/pages";
import { metaFor } from "~/lib/seo";
import { EMAIL_MAX, type FormNotice, type FormReply } from "~/schemas/form";
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_FAILED,
  NEWSLETTER_NAME_MAX,
  NEWSLETTER_RATE_LIMITED,
  NEWSLETTER_SUBSCRIBED,
  newsletterCheck,
} from "~/schemas/newsletter";
import { subscribeToNewsletter } from "~/server/engagement/newsletter.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { retryAfterHeaders } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/newsletter";
import { publicFormContext, publicFormRefusal } from "./public-form-reply.server";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, newsletterCheck.schema);
  if (submission.status !== "success") return refused(submission, newsletterCheck);
  const outcome = await subscribeToNewsletter(services, submission.value, publicFormContext(services, request));
  if (outcome.status !== "subscribed") {
    const notices = { rateLimited: NEWSLETTER_RATE_LIMITED, failed: NEWSLETTER_FAILED };
    return publicFormRefusal(submission, outcome, notices);
  }
  return formReply(submission, { notice: NEWSLETTER_SUBSCRIBED }, { subscribed: outcome.email });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => metaFor(PAGES.newsletter);

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const reply: (FormReply & { subscribed?: string }) | undefined = actionData;
  if (reply?.subscribed) return <Subscribed email={reply.subscribed} notice={NEWSLETTER_SUBSCRIBED} />;
  return <SignUp actionData={reply} />;
}

function SignUp({ actionData }: { actionData: FormReply | undefined }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { reply, summary, formRef, noticeRef, onSubmit, error, value, field } = useFormReply(
    actionData,
    newsletterCheck,
  );

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Join our newsletter</h1>
      <p className="mt-4 leading-7 text-muted-foreground">
        Be the first to hear about new equestrian prize competitions, offers and winners. You can unsubscribe from any
        email with one click.
      </p>

      <div className="mt-8 rounded-lg border border-border bg-card p-6 text-card-foreground">
        <div className="mb-6 empty:hidden">
          <FormNoticeBox notice={reply?.notice} errors={summary} ref={noticeRef} />
        </div>
        <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="First name (optional)"
              {...field("firstName")}
              autoComplete="given-name"
              maxLength={NEWSLETTER_NAME_MAX}
            />
            <TextField
              label="Last name (optional)"
              {...field("lastName")}
              autoComplete="family-name"
              maxLength={NEWSLETTER_NAME_MAX}
            />
          </div>
          <TextField
            label="Email (required)"
            {...field("email")}
            type="email"
            required
            autoComplete="email"
            maxLength={EMAIL_MAX}
          />
          <div className="space-y-1.5">
            <div className="flex items-start gap-3">
              <input
                id="field-consent"
                name="consent"
                type="checkbox"
                required
                defaultChecked={value("consent") === "on"}
                aria-invalid={error("consent") ? true : undefined}
                aria-describedby={error("consent") ? "field-consent-error" : undefined}
                className="mt-1 size-5 shrink-0 accent-primary"
              />
              <label htmlFor="field-consent" className="text-sm leading-6">
                {NEWSLETTER_CONSENT_TEXT} <span className="text-muted-foreground">(required)</span>
              </label>
            </div>
            <FieldError id="field-consent-error" error={error("consent")} className="pl-8" />
          </div>
          <SubmitButton busy={submitting} label="Subscribe" busyLabel="Subscribing..." className="w-full sm:w-auto" />
        </Form>
        <p className="mt-6 text-sm leading-6 text-muted-foreground">
          We keep a record of your consent and use your details only to send the newsletter, as our{" "}
          <Link to="/privacy" className={textLinkClass}>
            privacy policy
          </Link>{" "}
          explains.
        </p>
      </div>
    </div>
  );
}

function Subscribed({ email, notice }: { email: string; notice: FormNotice }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <MailCheck aria-hidden="true" className="mx-auto size-12 text-success" />
      <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-bold tracking-tight outline-none sm:text-4xl">
        {notice.title}
      </h1>
      <div role="status" className="mt-4 space-y-2 leading-7">
        <p>{notice.description}</p>
        <p className="text-muted-foreground">
          It is on its way to <strong className="text-foreground">{email}</strong>. If it has not arrived in a few
          minutes, look in your spam folder. Every newsletter has a one-click unsubscribe link.
        </p>
      </div>
      <ButtonLinks
        className="mt-8 flex flex-wrap justify-center gap-3"
        links={[
          { to: "/competitions", label: "Browse competitions", variant: "primary" },
          { to: "/", label: "Back to home", variant: "outline" },
        ]}
      />
    </div>
  );
}
