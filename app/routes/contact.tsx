import { Clock, MailQuestion } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { FaqList } from "~/components/faq-list";
import { controlProps, FormNoticeBox, useFormResult } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { siteFaq } from "~/content/faq";
import { REPLY_WITHIN_HOURS, SUPPORT_HOURS } from "~/content/policy";
import { pageMeta } from "~/lib/seo";
import {
  CONTACT_FAILED,
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  CONTACT_RATE_LIMITED,
  CONTACT_SENT,
  parseContact,
  type ContactField,
} from "~/schemas/contact";
import { EMAIL_MAX, formValues, type FieldErrors, type FormNotice } from "~/schemas/form";
import { submitContactMessage } from "~/server/contact.server";
import { servicesContext } from "~/server/context";
import { clientIp, retryAfterHeaders } from "~/server/rate-limit.server";

type ContactResult = {
  notice: FormNotice;
  values: Record<ContactField, string>;
  errors: FieldErrors<ContactField>;
  /** Set on success; a new value clears the form. */
  sentId?: number;
};

const EMPTY_VALUES = formValues(new FormData(), CONTACT_FIELDS);

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const parsed = parseContact(form);
  if (!parsed.success) {
    return data<ContactResult>({ notice: parsed.notice, values: parsed.values, errors: parsed.errors }, { status: 400 });
  }
  const values = formValues(form, CONTACT_FIELDS);
  try {
    const outcome = await submitContactMessage(services, parsed.data, {
      now: services.now(),
      clientIp: clientIp(request, services.env.TRUST_PROXY),
    });
    if (outcome.status === "rate-limited") {
      return data<ContactResult>(
        { notice: CONTACT_RATE_LIMITED, values, errors: {} },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    return data<ContactResult>({ notice: CONTACT_SENT, values: EMPTY_VALUES, errors: {}, sentId: outcome.id });
  } catch (error) {
    services.logger.error({ err: error }, "contact submission failed");
    return data<ContactResult>({ notice: CONTACT_FAILED, values, errors: {} }, { status: 500 });
  }
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Contact us",
    `Send Paddock a message about a competition, your entry or your account. We are available ${SUPPORT_HOURS} and reply within ${REPLY_WITHIN_HOURS} hours.`,
  );

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { result, formRef, noticeRef, onSubmit } = useFormResult<ContactResult>(actionData, parseContact);

  const values = actionData?.values ?? EMPTY_VALUES;
  const errors = result?.errors ?? {};

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact us</h1>
      <p className="mt-4 max-w-prose leading-7 text-muted-foreground">
        Questions about a competition, your entry, a prize or your account? Send us a message and a member of our team will
        get back to you.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="contact-form-title" className="rounded-lg border border-border bg-card p-6 text-card-foreground">
          <h2 id="contact-form-title" className="text-xl font-semibold">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">All fields are required.</p>
          <div className="mt-4 empty:hidden">
            <FormNoticeBox notice={result?.notice} ref={noticeRef} />
          </div>
          <Form
            key={actionData?.sentId ?? "contact"}
            ref={formRef}
            method="post"
            noValidate
            onSubmit={onSubmit}
            className="mt-6 space-y-5"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Name" error={errors.name}>
                {(ids) => (
                  <input {...controlProps(ids)} required name="name" autoComplete="name" maxLength={CONTACT_MAX_LENGTH.name} defaultValue={values.name} className={inputClass} />
                )}
              </Field>
              <Field label="Email" error={errors.email}>
                {(ids) => (
                  <input {...controlProps(ids)} required name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX} defaultValue={values.email} className={inputClass} />
                )}
              </Field>
            </div>
            <Field label="Subject" error={errors.subject}>
              {(ids) => <input {...controlProps(ids)} required name="subject" maxLength={CONTACT_MAX_LENGTH.subject} defaultValue={values.subject} className={inputClass} />}
            </Field>
            <Field label="Message" error={errors.message}>
              {(ids) => (
                <textarea {...controlProps(ids)} required name="message" rows={6} maxLength={CONTACT_MAX_LENGTH.message} defaultValue={values.message} className={`${inputClass} min-h-36`} />
              )}
            </Field>
            <Button type="submit" disabled={sending} className="w-full sm:w-auto">
              {sending ? "Sending..." : "Send message"}
            </Button>
          </Form>
        </section>

        <div className="space-y-6">
          <section aria-labelledby="support-hours-title" className="rounded-lg bg-muted p-6">
            <h2 id="support-hours-title" className="flex items-center gap-2 text-lg font-semibold">
              <Clock aria-hidden="true" className="size-5 text-primary" />
              Support hours
            </h2>
            <p className="mt-2 font-medium">{SUPPORT_HOURS}</p>
            <p className="mt-1 leading-7">We reply within {REPLY_WITHIN_HOURS} hours.</p>
          </section>
          <section aria-labelledby="your-details-title" className="rounded-lg bg-muted p-6">
            <h2 id="your-details-title" className="flex items-center gap-2 text-lg font-semibold">
              <MailQuestion aria-hidden="true" className="size-5 text-primary" />
              Your details
            </h2>
            <p className="mt-2 leading-7">
              We use what you send only to answer your message, as our{" "}
              <Link to="/privacy" className={textLinkClass}>
                privacy policy
              </Link>{" "}
              explains. Entering our competitions is covered by our{" "}
              <Link to="/terms" className={textLinkClass}>
                terms and conditions
              </Link>
              .
            </p>
          </section>
        </div>
      </div>

      <section aria-labelledby="contact-faq-title" className="mt-12">
        <h2 id="contact-faq-title" className="text-2xl font-semibold tracking-tight">
          Common questions
        </h2>
        <p className="mt-2 text-muted-foreground">Your answer may already be here.</p>
        <FaqList items={siteFaq.slice(0, 4)} className="mt-6" />
        <p className="mt-4">
          <Link to="/faq" className={textLinkClass}>
            See all frequently asked questions
          </Link>
        </p>
      </section>
    </div>
  );
}
