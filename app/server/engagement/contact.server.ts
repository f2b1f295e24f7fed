import { contactSubmissions } from "~/db/schema";
import type { ContactInput } from "~/schemas/contact";
import type { EmailContent } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import {
  PUBLIC_FORM_RATE_LIMITS,
  type PublicFormContext,
  type PublicFormServices,
  submitPublicForm,
} from "./public-form.server";

export const CONTACT_RATE_LIMITS = PUBLIC_FORM_RATE_LIMITS;

/**
 * Stores a contact message and queues it to the support inbox (reply-to the sender) in one transaction,
 * after checking the rate limits. A database error is logged and answered `failed` (the spec's message).
 */
export async function submitContactMessage(
  services: PublicFormServices,
  input: ContactInput,
  options: PublicFormContext,
) {
  const form = { name: "contact", email: input.email, failure: "contact submission failed" };
  return submitPublicForm(services, form, options, () =>
    services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactSubmissions)
        .values({
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          createdAt: options.now,
        })
        .returning({ id: contactSubmissions.id });
      if (!row) throw new Error("contact submission insert returned no row");
      await enqueueEmail(tx, {
        to: services.env.SUPPORT_EMAIL,
        replyTo: input.email,
        subject: `[Contact] ${input.subject}`,
        content: supportEmail(input, row.id, options.now),
        kind: "contact",
      });
      return { status: "sent", id: row.id } as const;
    }),
  );
}

function supportEmail(input: ContactInput, id: number, now: Date): EmailContent {
  return {
    preview: `New message from the contact form (#${id}).`,
    blocks: [
      { type: "text", text: `New message from the contact form (#${id}).` },
      {
        type: "details",
        lines: [
          `Name: ${input.name}`,
          `Email: ${input.email}`,
          `Subject: ${input.subject}`,
          `Received: ${now.toISOString()}`,
        ],
      },
      { type: "text", text: input.message },
      { type: "text", text: `Reply to this email to answer ${input.name} directly.` },
    ],
    footer: { kind: "staff" },
  };
}
