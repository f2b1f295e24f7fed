import { Clock, MailQuestion } from "lucide-react";
import { Link } from "react-router";
import { TextAreaField, TextField } from "~/components/auth/text-field";
import { FaqList } from "~/components/faq-list";
import { useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { Section, SideNote } from "~/components/page-section";
import { NameAndEmail, PublicFormPage } from "~/components/public-form";
import { siteFaq } from "~/content/faq";
import { PAGES } from "~/content/pages";
import { REPLY_WITHIN_HOURS, SUPPORT_HOURS } from "~/content/policy";
import { metaFor } from "~/lib/seo";
import {
  CONTACT_FAILED,
  CONTACT_MAX_LENGTH,
  CONTACT_RATE_LIMITED,
  CONTACT_SENT,
  contactCheck,
} from "~/schemas/contact";
import type { FormReply } from "~/schemas/form";
import { submitContactMessage } from "~/server/engagement/contact.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { retryAfterHeaders } from "~/server/platform/rate-limit.server";
import type { Route } from "./+types/contact";
import { publicFormContext, publicFormRefusal } from "./public-form-reply.server";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, contactCheck.schema);
  if (submission.status !== "success") return refused(submission, contactCheck);
  const outcome = await submitContactMessage(services, submission.value, publicFormContext(services, request));
  if (outcome.status !== "sent")
    return publicFormRefusal(submission, outcome, { rateLimited: CONTACT_RATE_LIMITED, failed: CONTACT_FAILED });
  // A new sentId clears the form.
  return formReply(submission, { notice: CONTACT_SENT, resetForm: true }, { sentId: outcome.id });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => metaFor(PAGES.contact);

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const sent: (FormReply & { sentId?: number }) | undefined = actionData;
  const reply = useFormReply(sent, contactCheck);

  return (
    <PublicFormPage
      heading="Contact us"
      intro={
        <>
          Questions about a competition, your entry, a prize or your account? Send us a message and a member of our team
          will get back to you.
        </>
      }
      form={{
        titleId: "contact-form-title",
        title: "Send us a message",
        requiredNote: "All fields are required.",
        reply,
      }}
      formKey={sent?.sentId ?? "contact"}
      submitLabel="Send message"
      aside={
        <div className="space-y-6">
          <SideNote
            titleId="support-hours-title"
            title="Support hours"
            icon={<Clock aria-hidden="true" className="size-5 text-primary" />}
          >
            <p className="mt-2 font-medium">{SUPPORT_HOURS}</p>
            <p className="mt-1 leading-7">We reply within {REPLY_WITHIN_HOURS} hours.</p>
          </SideNote>
          <SideNote
            titleId="your-details-title"
            title="Your details"
            icon={<MailQuestion aria-hidden="true" className="size-5 text-primary" />}
          >
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
          </SideNote>
        </div>
      }
      after={
        <Section titleId="contact-faq-title" title="Common questions">
          <p className="mt-2 text-muted-foreground">Your answer may already be here.</p>
          <FaqList items={siteFaq.slice(0, 4)} className="mt-6" />
          <p className="mt-4">
            <Link to="/faq" className={textLinkClass}>
              See all frequently asked questions
            </Link>
          </p>
        </Section>
      }
    >
      <NameAndEmail field={reply.field} nameMax={CONTACT_MAX_LENGTH.name} />
      <TextField label="Subject" {...reply.field("subject")} required maxLength={CONTACT_MAX_LENGTH.subject} />
      <TextAreaField label="Message" {...reply.field("message")} required maxLength={CONTACT_MAX_LENGTH.message} />
    </PublicFormPage>
  );
}
