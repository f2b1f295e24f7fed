import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter";
import { controlProps, FormNoticeBox, useFormResult } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { pageMeta } from "~/lib/seo";
import { EMAIL_MAX, formValues, type FieldErrors, type FormNotice } from "~/schemas/form";
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_FAILED,
  NEWSLETTER_FIELDS,
  NEWSLETTER_NAME_MAX,
  NEWSLETTER_RATE_LIMITED,
  NEWSLETTER_SUBSCRIBED,
  parseNewsletter,
  type NewsletterField,
} from "~/schemas/newsletter";
import { servicesContext } from "~/server/context";
import { subscribeToNewsletter } from "~/server/newsletter.server";
import { clientIp, retryAfterHeaders } from "~/server/rate-limit.server";

type NewsletterResult = {
  notice: FormNotice;
  values: Record<NewsletterField, string>;
  errors: FieldErrors<NewsletterField>;
  /** Set on success: the address now subscribed. */
  subscribed?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseNewsletter(form);
  if (!parsed.success) {
    return data<NewsletterResult>({ notice: parsed.notice, values: parsed.values, errors: parsed.errors }, { status: 400 });
  }
  const values = formValues(form, NEWSLETTER_FIELDS);
  try {
    const outcome = await subscribeToNewsletter(services, parsed.data, {
      now: services.now(),
      clientIp: clientIp(request, services.env.TRUST_PROXY),
    });
    if (outcome.status === "rate-limited") {
      return data<NewsletterResult>(
        { notice: NEWSLETTER_RATE_LIMITED, values, errors: {} },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return data<NewsletterResult>({ notice: NEWSLETTER_SUBSCRIBED, values, errors: {}, subscribed: outcome.email });
  } catch (error) {
    services.logger.error({ err: error }, "newsletter subscription failed");
    return data<NewsletterResult>({ notice: NEWSLETTER_FAILED, values, errors: {} }, { status: 500 });
  }
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Newsletter",
    "Join the Paddock newsletter for new equestrian prize competitions, offers and winners. Unsubscribe at any time with one click.",
  );

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  if (actionData?.subscribed) return <Subscribed email={actionData.subscribed} notice={actionData.notice} />;
  return <SignUp actionData={actionData} />;
}

function SignUp({ actionData }: { actionData: NewsletterResult | undefined }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { result, formRef, noticeRef, onSubmit } = useFormResult<NewsletterResult>(actionData, parseNewsletter);

  const values = actionData?.values;
  const errors = result?.errors ?? {};

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Join our newsletter</h1>
      <p className="mt-4 leading-7 text-muted-foreground">
        Be the first to hear about new equestrian prize competitions, offers and winners. You can unsubscribe from any
        email with one click.
      </p>

      <div className="mt-8 rounded-lg border border-border bg-card p-6 text-card-foreground">
        <div className="mb-6 empty:hidden">
          <FormNoticeBox notice={result?.notice} ref={noticeRef} />
        </div>
        <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="First name (optional)" error={errors.firstName}>
              {(ids) => (
                <input {...controlProps(ids)} name="firstName" autoComplete="given-name" maxLength={NEWSLETTER_NAME_MAX} defaultValue={values?.firstName} className={inputClass} />
              )}
            </Field>
            <Field label="Last name (optional)" error={errors.lastName}>
              {(ids) => (
                <input {...controlProps(ids)} name="lastName" autoComplete="family-name" maxLength={NEWSLETTER_NAME_MAX} defaultValue={values?.lastName} className={inputClass} />
              )}
            </Field>
          </div>
          <Field label="Email (required)" error={errors.email}>
            {(ids) => (
              <input {...controlProps(ids)} name="email" type="email" required autoComplete="email" maxLength={EMAIL_MAX} defaultValue={values?.email} className={inputClass} />
            )}
          </Field>
          <div className="space-y-1.5">
            <div className="flex items-start gap-3">
              <input
                id="newsletter-consent"
                name="consent"
                type="checkbox"
                required
                defaultChecked={values?.consent === "on"}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? "newsletter-consent-error" : undefined}
                className="mt-1 size-5 shrink-0 accent-primary"
              />
              <label htmlFor="newsletter-consent" className="text-sm leading-6">
                {NEWSLETTER_CONSENT_TEXT} <span className="text-muted-foreground">(required)</span>
              </label>
            </div>
            {errors.consent ? (
              <p id="newsletter-consent-error" className="pl-8 text-sm font-medium text-destructive">
                {errors.consent}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
            {submitting ? "Subscribing..." : "Subscribe"}
          </Button>
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
          It is on its way to <strong className="text-foreground">{email}</strong>. Every email we send has a one-click unsubscribe
          link.
        </p>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/competitions" className={buttonClass("primary")}>
          Browse competitions
        </Link>
        <Link to="/" className={buttonClass("outline")}>
          Back to home
        </Link>
      </div>
    </div>
  );
}
