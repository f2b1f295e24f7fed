import type { ConsentPurpose, ConsentSource } from "~/db/constants";
import { z } from "~/schemas/zod";
import {
  emailField,
  errorNotice,
  formCheck,
  isBlank,
  missingOrInvalid,
  optionalSingleLineField,
  successNotice,
} from "./form";

export const NEWSLETTER_NAME_MAX = 100;
export const DEFAULT_SUBSCRIBER_NAME = "Newsletter Subscriber";

/** Shown next to the checkbox and stored verbatim as the consent given (PECR: specific, informed, opt-in). */
export const NEWSLETTER_CONSENT_TEXT =
  "Yes, I would like to receive marketing emails from Paddock about new competitions, offers and winners. " +
  "I can unsubscribe at any time using the link in every email.";
export const NEWSLETTER_CONSENT_SOURCE = "newsletter-form" satisfies ConsentSource;
/** The ledger's one purpose (db/constants CONSENT_PURPOSES): the newsletter and account choices are one consent. */
export const MARKETING_EMAIL_PURPOSE = "marketing" satisfies ConsentPurpose;

const CONSENT_REQUIRED_MESSAGE = "Please tick the box to agree to receive our marketing emails.";

/** The spec's wording (sections 5 and 8), plus our own for cases the spec does not cover. */
export const NEWSLETTER_MISSING = errorNotice(
  "Missing Information",
  "Please provide your email and consent to marketing communications.",
);
export const NEWSLETTER_FAILED = errorNotice(
  "Subscription Failed",
  "We could not complete your subscription. Please try again.",
);
export const NEWSLETTER_RATE_LIMITED = errorNotice(
  "Subscription Failed",
  "Too many sign-up attempts. Please try again later.",
);
/** A sign-up waits for its confirmation link (double opt-in): nothing is sent until it is opened. */
export const NEWSLETTER_SUBSCRIBED = successNotice(
  "Check your email",
  "We've emailed you a link to confirm your subscription. You are subscribed once you open it.",
);

export const NEWSLETTER_CONFIRMED = successNotice(
  "You're subscribed!",
  "Thank you for confirming. The Paddock newsletter will come to this address.",
);

/** The confirmation page's button: the link's token, sent back. */
export const ConfirmSubscriptionSchema = z.object({ token: z.string().max(200) });

export const NewsletterSchema = z.object({
  firstName: optionalSingleLineField(NEWSLETTER_NAME_MAX),
  lastName: optionalSingleLineField(NEWSLETTER_NAME_MAX),
  email: emailField.transform((email) => email.toLowerCase()),
  consent: z.literal("on", { error: CONSENT_REQUIRED_MESSAGE }),
});
export type NewsletterInput = z.infer<typeof NewsletterSchema>;

/** Used by the action (the truth) and by the page before it submits: the spec's notice when a field is missing. */
export const newsletterCheck = formCheck(
  NewsletterSchema,
  missingOrInvalid(NEWSLETTER_MISSING, (sent) => isBlank(sent.email) || sent.consent !== "on"),
);

/** The unsubscribe page's button, and RFC 8058 one-click: `List-Unsubscribe=One-Click` from a mail provider. */
export const UnsubscribeSchema = z.object({
  token: z.string().max(200).optional(),
  campaign: z.string().max(200).optional(),
  "List-Unsubscribe": z.string().max(50).optional(),
});

/** The name we store: the names given, or the spec's default when none is. */
export function subscriberName(input: Pick<NewsletterInput, "firstName" | "lastName">) {
  return [input.firstName, input.lastName].filter(Boolean).join(" ") || DEFAULT_SUBSCRIBER_NAME;
}
