import { Link } from "react-router";
import { AccountSection, AccountShell } from "~/components/account/account-shell";
import { textLinkClass } from "~/components/legal-page";
import { formatUkDate, formatUkShortDateTime } from "~/domain/london-format";
import { privatePageMeta } from "~/lib/seo";
import { guardedUser } from "~/server/accounts/session.server";
import { listOwnComplaints } from "~/server/admin/complaint-replies.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/account-complaints";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = guardedUser(context);
  const complaints = await listOwnComplaints(services, {
    id: user.id,
    email: user.email,
    verified: user.emailVerified,
  });
  return { complaints };
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta("Your complaints", "Complaints you have sent us, and our replies.");

const STATUS_TEXT = {
  open: "Waiting for our reply",
  answered: "Answered",
  resolved: "Resolved: our final reply is below",
} as const;

type Complaint = Route.ComponentProps["loaderData"]["complaints"][number];

function ComplaintThread({ complaint }: { complaint: Complaint }) {
  const titleId = `complaint-${complaint.id}`;
  return (
    <AccountSection id={titleId} title={complaint.reference}>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Sent</dt>
        <dd>{formatUkShortDateTime(complaint.createdAt)}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd data-testid="complaint-status">{STATUS_TEXT[complaint.status]}</dd>
        {complaint.status === "open" ? (
          <>
            <dt className="text-muted-foreground">Reply due by</dt>
            <dd>{formatUkDate(complaint.replyDue)}</dd>
          </>
        ) : null}
        {complaint.orderReference ? (
          <>
            <dt className="text-muted-foreground">Order or reference</dt>
            <dd className="wrap-anywhere">{complaint.orderReference}</dd>
          </>
        ) : null}
      </dl>
      <h3 className="mt-4 font-semibold">What you told us</h3>
      <p className="mt-1 whitespace-pre-line wrap-anywhere">{complaint.details}</p>
      <h3 className="mt-4 font-semibold">Our replies</h3>
      {complaint.replies.length === 0 ? (
        <p className="mt-1 text-muted-foreground">No reply yet. We will also e-mail it to you.</p>
      ) : (
        <ol className="mt-2 space-y-3">
          {complaint.replies.map((reply) => (
            <li key={reply.id} className="rounded-md border border-border p-4" data-testid="complaint-reply">
              <p className="text-sm text-muted-foreground">
                {formatUkShortDateTime(reply.createdAt)}
                {reply.final ? ", our final reply" : ""}
              </p>
              <p className="mt-2 whitespace-pre-line wrap-anywhere">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
    </AccountSection>
  );
}

export default function AccountComplaintsPage({ loaderData }: Route.ComponentProps) {
  const { complaints } = loaderData;
  return (
    <AccountShell
      title="Your complaints"
      intro="Complaints sent from your account or to your confirmed e-mail address, newest first, with our replies."
    >
      <div className="space-y-6">
        {complaints.length === 0 ? (
          <AccountSection id="no-complaints" title="No complaints">
            <p>You have not sent us a complaint.</p>
          </AccountSection>
        ) : (
          complaints.map((complaint) => <ComplaintThread key={complaint.id} complaint={complaint} />)
        )}
        <p>
          Something else gone wrong?{" "}
          <Link to="/complaints" className={textLinkClass}>
            Make a complaint
          </Link>
          . How we handle complaints, and how to escalate one, is on our{" "}
          <Link to="/fair-play#complaints" className={textLinkClass}>
            fair-play page
          </Link>
          .
        </p>
      </div>
    </AccountShell>
  );
}
