import { contactSubmissions } from "~/db/schema";
import type { ContactInput } from "~/schemas/contact";
import { enqueueEmail } from "./mail.server";
import { limitFormSubmission, type FormRateLimits } from "./rate-limit.server";
import type { Services } from "./services.server";

const HOUR_MS = 3_600_000;

/** Per sender address, and per client address when a trusted proxy tells us (shared networks get more room). */
export const CONTACT_RATE_LIMITS = {
  perEmail: { limit: 5, windowMs: HOUR_MS },
  perIp: { limit: 20, windowMs: HOUR_MS },
} as const satisfies FormRateLimits;

export type ContactOutcome = { status: "sent"; id: number } | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Stores a contact message and queues it to the support inbox (reply-to the sender) in one transaction,
 * after checking the rate limits. Database errors propagate: the caller shows the spec's failure message.
 */
export async function submitContactMessage(
  services: Pick<Services, "db" | "env" | "mail">,
  input: ContactInput,
  options: { now: Date; clientIp?: string },
): Promise<ContactOutcome> {
  const { db, env } = services;
  const limit = await limitFormSubmission(db, "contact", CONTACT_RATE_LIMITS, { email: input.email, clientIp: options.clientIp, now: options.now });
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, createdAt: options.now })
      .returning({ id: contactSubmissions.id });
    if (!row) throw new Error("contact submission insert returned no row");
    await enqueueEmail(tx, {
      to: env.SUPPORT_EMAIL,
      replyTo: input.email,
      subject: `[Contact] ${input.subject}`,
      text: supportEmailText(input, row.id, options.now),
      kind: "contact",
    });
    return row.id;
  });
  services.mail.kick();
  return { status: "sent", id };
}

function supportEmailText(input: ContactInput, id: number, now: Date) {
  return [
    `New message from the contact form (#${id}).`,
    "",
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    `Subject: ${input.subject}`,
    `Received: ${now.toISOString()}`,
    "",
    input.message,
    "",
    "--",
    `Reply to this email to answer ${input.name} directly.`,
  ].join("\n");
}
