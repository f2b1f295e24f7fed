import { data, Form, Link } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection, Facts } from "~/components/admin/admin-page";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { FormAlert } from "~/components/auth/form-alert";
import { useBusy } from "~/components/auth/reply-form";
import { TextAreaField } from "~/components/auth/text-field";
import { useFormReply } from "~/components/form-feedback";
import { SubmitButton } from "~/components/ui/button";
import { HiddenFields } from "~/components/ui/post-button";
import { formatUkDate, formatUkShortDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { COMPLAINT_REPLY_MAX, complaintReplyCheck } from "~/schemas/complaint";
import { errorNotice } from "~/schemas/form";
import { DbIdSchema } from "~/schemas/ids";
import {
  COMPLAINT_REPLY_MESSAGES,
  getComplaintThread,
  replyToComplaint,
} from "~/server/admin/complaint-replies.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/complaint";

export const permission = { loader: "complaint:read", action: { reply: "complaint:answer" } } as const;

function complaintId(params: { id?: string }) {
  const id = DbIdSchema.safeParse(params.id);
  if (!id.success) throw data({ message: COMPLAINT_REPLY_MESSAGES.notFound }, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const complaint = await getComplaintThread(context.get(servicesContext), complaintId(params));
  if (!complaint) throw data({ message: COMPLAINT_REPLY_MESSAGES.notFound }, { status: 404 });
  return { complaint, canAnswer: staff.permissions.has("complaint:answer") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requirePermission(context, permission.action.reply);
  const services = context.get(servicesContext);
  const id = complaintId(params);
  const submission = await readSubmission(services, request, complaintReplyCheck.schema);
  if (submission.status !== "success") return refused(submission, complaintReplyCheck);
  // The page's address names the complaint; a form naming another is refused rather than answered.
  if (submission.value.complaintId !== id)
    return formReply(submission, { status: 400, notice: errorNotice("Not sent", COMPLAINT_REPLY_MESSAGES.notFound) });
  const outcome = await replyToComplaint(services, staff.user.id, submission.value);
  if (!outcome.ok)
    return formReply(submission, { status: outcome.status, notice: errorNotice("Not sent", outcome.message) });
  return redirectWithToast(services, `/admin/complaints/${id}`, { type: "success", title: outcome.message });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data ? `Complaint ${data.complaint.reference}` : "Complaint", "A complaint and its replies.", [
    { name: "robots", content: "noindex" },
  ]);

const STATUS_LABELS = { open: "Open", answered: "Answered", resolved: "Resolved" } as const;

type Thread = Route.ComponentProps["loaderData"]["complaint"];

function ReplyForm({ complaint, reply }: { complaint: Thread; reply: Route.ComponentProps["actionData"] }) {
  const form = useFormReply(reply, complaintReplyCheck);
  const busy = useBusy("reply");
  return (
    <Form ref={form.formRef} method="post" noValidate onSubmit={form.onSubmit} className="grid gap-5">
      <HiddenFields values={{ intent: "reply", complaintId: complaint.id }} />
      <FormAlert notice={form.reply?.notice} errors={form.summary} ref={form.noticeRef} />
      <TextAreaField
        label={`Your reply to ${complaint.name}`}
        {...form.field("body")}
        required
        rows={10}
        maxLength={COMPLAINT_REPLY_MAX}
        className="min-h-48"
      />
      <p className="-mt-3 text-sm text-muted-foreground">
        Sent by e-mail to {complaint.email} as you write it, up to {COMPLAINT_REPLY_MAX.toLocaleString("en-GB")}{" "}
        characters, and kept with the complaint{complaint.signedIn ? ", where they see it in their account" : ""}.
      </p>
      <CheckboxField
        name="final"
        label="This is our final reply: resolve the complaint (the e-mail tells them how to escalate)"
        defaultChecked={form.value("final") === "on"}
        error={form.error("final")}
      />
      <SubmitButton busy={busy} label="Send reply" busyLabel="Sending..." className="w-full sm:w-auto" />
    </Form>
  );
}

export default function ComplaintPage({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint, canAnswer } = loaderData;
  return (
    <AdminPage title={`Complaint ${complaint.reference}`} intro={`From ${complaint.name}. Every reply is logged.`}>
      <p>
        <Link to="/admin/complaints" className="font-medium text-primary underline">
          All complaints
        </Link>
      </p>
      <AdminSection id="complaint-facts" title="The complaint">
        <Facts
          items={[
            ["Status", STATUS_LABELS[complaint.status]],
            ["Received", formatUkShortDateTime(complaint.createdAt)],
            ["Reply due", `${formatUkDate(complaint.replyDue)}${complaint.overdue ? " (overdue)" : ""}`],
            ["From", `${complaint.name}, ${complaint.email}`],
            ["Order or reference", complaint.orderReference ?? "None"],
          ]}
        />
        <p className="mt-4 whitespace-pre-line wrap-anywhere">{complaint.details}</p>
      </AdminSection>
      <AdminSection id="complaint-replies" title={`Replies (${complaint.replies.length})`}>
        {complaint.replies.length === 0 ? (
          <p>No reply yet.</p>
        ) : (
          <ol className="space-y-4">
            {complaint.replies.map((r) => (
              <li key={r.id} className="rounded-md border border-border p-4" data-testid="complaint-reply">
                <p className="text-sm text-muted-foreground">
                  {formatUkShortDateTime(r.createdAt)}, {r.authorName ?? "a former member of staff"}
                  {r.final ? ", final reply" : ""}
                </p>
                <p className="mt-2 whitespace-pre-line wrap-anywhere">{r.body}</p>
              </li>
            ))}
          </ol>
        )}
      </AdminSection>
      {canAnswer && complaint.status !== "resolved" ? (
        <AdminSection id="complaint-reply" title="Reply">
          <ReplyForm complaint={complaint} reply={actionData} />
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
