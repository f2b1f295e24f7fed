import { Scale } from "lucide-react";
import { Link } from "react-router";
import { TextAreaField, TextField } from "~/components/auth/text-field";
import { useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { SideNote } from "~/components/page-section";
import { NameAndEmail, PublicFormPage } from "~/components/public-form";
import { PAGES } from "~/content/pages";
import { ESCALATION_WEEKS } from "~/domain/complaints";
import { metaFor } from "~/lib/seo";
import { COMPLAINT_FAILED, COMPLAINT_MAX_LENGTH, COMPLAINT_RATE_LIMITED, complaintCheck } from "~/schemas/complaint";
import { type FormReply, successNotice } from "~/schemas/form";
import { getUser } from "~/server/accounts/session.server";
import { type ComplaintReceipt, submitComplaint } from "~/server/engagement/complaints.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { retryAfterHeaders } from "~/server/platform/rate-limit.server";
import { getSiteSettings } from "~/server/platform/site-settings.server";
import type { Route } from "./+types/complaints";
import { publicFormContext, publicFormRefusal } from "./public-form-reply.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [settings, user] = await Promise.all([getSiteSettings(services.db), getUser(services, request)]);
  return {
    workingDays: settings.complaintReplyWorkingDays,
    disputeBody: settings.disputeBody,
    // Signed in: the form starts with the account's name and address, and the complaint is listed in the account.
    you: user ? { name: user.name, email: user.email } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, complaintCheck.schema);
  if (submission.status !== "success") return refused(submission, complaintCheck);
  const user = await getUser(services, request);
  const outcome = await submitComplaint(
    services,
    submission.value,
    publicFormContext(services, request),
    user?.id ?? null,
  );
  if (outcome.status !== "sent")
    return publicFormRefusal(submission, outcome, { rateLimited: COMPLAINT_RATE_LIMITED, failed: COMPLAINT_FAILED });
  const notice = successNotice(
    `Complaint received: ${outcome.reference}`,
    `We have e-mailed you an acknowledgement. We will reply by ${outcome.replyBy}.`,
  );
  return formReply(submission, { notice, resetForm: true }, { receipt: outcome });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => metaFor(PAGES.complaints);

export default function ComplaintsPage({ loaderData, actionData }: Route.ComponentProps) {
  const sent: (FormReply & { receipt?: ComplaintReceipt }) | undefined = actionData;
  const reply = useFormReply(sent, complaintCheck);
  const { workingDays, disputeBody, you } = loaderData;

  return (
    <PublicFormPage
      heading="Make a complaint"
      intro={
        <>
          If something has gone wrong with a competition, an entry, a payment or a draw, tell us here. You will get a
          reference number straight away and a reply within {workingDays} working days.
          {you ? (
            <>
              {" "}
              Your complaints and our replies are also in{" "}
              <Link to="/account/complaints" className={textLinkClass}>
                your account
              </Link>
              .
            </>
          ) : null}
        </>
      }
      form={{
        titleId: "complaint-form-title",
        title: "Your complaint",
        requiredNote: "Name, e-mail and details are required.",
        reply,
      }}
      formKey={sent?.receipt?.reference ?? "complaint"}
      submitLabel="Send complaint"
      aside={
        <SideNote
          titleId="escalate-title"
          title="If we do not put it right"
          icon={<Scale aria-hidden="true" className="size-5 text-primary" />}
        >
          <p className="mt-2 leading-7">
            If you are not satisfied with our final reply, or have none within {ESCALATION_WEEKS} weeks, you can take
            your complaint free of charge to an independent dispute resolution body:{" "}
            <a href={disputeBody.url} className={textLinkClass} rel="noopener noreferrer">
              {disputeBody.name}
            </a>
            .
          </p>
          <p className="mt-2 leading-7">
            The whole process is on our{" "}
            <Link to="/fair-play#complaints" className={textLinkClass}>
              fair-play page
            </Link>
            .
          </p>
        </SideNote>
      }
    >
      <NameAndEmail field={reply.field} nameMax={COMPLAINT_MAX_LENGTH.name} defaults={you} />
      <TextField
        label="Order number or other reference (optional)"
        {...reply.field("orderReference")}
        maxLength={COMPLAINT_MAX_LENGTH.orderReference}
      />
      <TextAreaField
        label="What went wrong, and what would put it right?"
        {...reply.field("details")}
        required
        rows={8}
        maxLength={COMPLAINT_MAX_LENGTH.details}
        className="min-h-40"
      />
    </PublicFormPage>
  );
}
