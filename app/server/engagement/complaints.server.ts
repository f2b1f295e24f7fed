import { complaints } from "~/db/schema";
import { complaintReference, ESCALATION_WEEKS, replyDueDate } from "~/domain/complaints";
import { formatUkDate } from "~/domain/london-format";
import { londonMidnight } from "~/domain/london-time";
import type { SiteSettings } from "~/domain/site-settings";
import type { ComplaintInput } from "~/schemas/complaint";
import { paragraphs, serviceEmail } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import { getSiteSettings } from "../platform/site-settings.server";
import { type PublicFormContext, type PublicFormServices, submitPublicForm } from "./public-form.server";

export type ComplaintReceipt = { status: "sent"; reference: string; replyBy: string; workingDays: number };

/**
 * Stores a complaint, and in the same transaction queues the complainant's acknowledgement (reference, reply
 * date, how to escalate) and a copy to the support inbox; rate-limited like every public form. `userId`: the account
 * that sent it, when signed in, which then lists it with our replies.
 */
export async function submitComplaint(
  services: PublicFormServices,
  input: ComplaintInput,
  options: PublicFormContext,
  userId: string | null = null,
) {
  const form = { name: "complaint", email: input.email, failure: "complaint submission failed" };
  return submitPublicForm(services, form, options, () =>
    services.db.transaction(async (tx): Promise<ComplaintReceipt> => {
      const settings = await getSiteSettings(tx);
      const workingDays = settings.complaintReplyWorkingDays;
      const [row] = await tx
        .insert(complaints)
        .values({
          name: input.name,
          email: input.email,
          userId,
          orderReference: input.orderReference ?? null,
          details: input.details,
          replyWorkingDays: workingDays,
          createdAt: options.now,
          updatedAt: options.now,
        })
        .returning({ id: complaints.id });
      if (!row) throw new Error("complaint insert returned no row");
      const reference = complaintReference(row.id);
      const replyBy = formatUkDate(londonMidnight(replyDueDate(options.now, workingDays)));
      await enqueueEmail(tx, {
        to: input.email,
        replyTo: services.env.SUPPORT_EMAIL,
        subject: `We have received your complaint (${reference})`,
        content: serviceEmail(
          `We have received your complaint (${reference})`,
          paragraphs(
            acknowledgementText(input, { reference, replyBy, workingDays }, settings, {
              baseUrl: services.env.BASE_URL,
              signedIn: userId !== null,
            }),
          ),
        ),
        kind: "complaint-acknowledgement",
      });
      await enqueueEmail(tx, {
        to: services.env.SUPPORT_EMAIL,
        replyTo: input.email,
        subject: `[Complaint ${reference}] from ${input.name}`,
        content: {
          preview: `Complaint ${reference} from ${input.name}`,
          blocks: [
            {
              type: "text",
              text: [
                `Complaint ${reference}, received ${options.now.toISOString()}; reply due by ${replyBy}.`,
                `Name: ${input.name}`,
                `Email: ${input.email}`,
                `Order or reference: ${input.orderReference ?? "none given"}`,
              ].join("\n"),
            },
            { type: "quote", text: input.details },
          ],
          footer: { kind: "staff" },
        },
        kind: "complaint",
      });
      return { status: "sent", reference, replyBy, workingDays };
    }),
  );
}

function acknowledgementText(
  input: ComplaintInput,
  receipt: Omit<ComplaintReceipt, "status">,
  settings: SiteSettings,
  { baseUrl, signedIn }: { baseUrl: string; signedIn: boolean },
) {
  const site = baseUrl.replace(/\/$/, "");
  return [
    `Dear ${input.name},`,
    "",
    `Thank you for telling us about your complaint. Your reference is ${receipt.reference}: please quote it ` +
      "whenever you contact us about it.",
    "",
    `We will reply within ${receipt.workingDays} working days, by ${receipt.replyBy} at the latest.`,
    "",
    ...(signedIn ? [`You can read it, and every reply we send, in your account: ${site}/account/complaints`, ""] : []),
    `If you are not satisfied with our final reply, or have none within ${ESCALATION_WEEKS} weeks, ` +
      `you can refer your complaint free of charge to ${settings.disputeBody.name}, ` +
      `an independent dispute resolution body: ${settings.disputeBody.url}`,
    "",
    `Our complaints process is set out at ${site}/fair-play#complaints`,
    "",
    "What you told us:",
    input.details,
  ].join("\n");
}
