import { z } from "zod";
import { emailField, optionalSingleLineField, parseForm, type FormNotice, type FormParse } from "./form";

export const NEWSLETTER_FIELDS = ["firstName", "lastName", "email", "consent"] as const;
export type NewsletterField = (typeof NEWSLETTER_FIELDS)[number];

export const NEWSLETTER_NAME_MAX = 100;
export const DEFAULT_SUBSCRIBER_NAME = "Newsletter Subscriber";

/** Shown next to the checkbox and stored verbatim as the consent given (PECR: specific, informed, opt-in). */
export const NEWSLETTER_CONSENT_TEXT =
  "Yes, I would like to receive marketing emails from Paddock about new competitions, offers and winners. I can unsubscribe at any time using the link in every email.";
export const NEWSLETTER_CONSENT_SOURCE = "newsletter-form";
export const MARKETING_EMAIL_PURPOSE = "marketing-email";

export const CONSENT_REQUIRED_MESSAGE = "Please tick the box to agree to receive our marketing emails.";

/** The spec's wording (sections 5 and 8), plus our own for cases the spec does not cover. */
export const NEWSLETTER_MISSING: FormNotice = {
  type: "error",
  title: "Missing Information",
  description: "Please provide your email and consent to marketing communications.",
};
export const NEWSLETTER_INVALID: FormNotice = { type: "error", title: "Check your details", description: "Please correct the highlighted fields." };
export const NEWSLETTER_FAILED: FormNotice = {
  type: "error",
  title: "Subscription Failed",
  description: "We could not complete your subscription. Please try again.",
};
export const NEWSLETTER_RATE_LIMITED: FormNotice = {
  type: "error",
  title: "Subscription Failed",
  description: "Too many sign-up attempts. Please try again later.",
};
export const NEWSLETTER_SUBSCRIBED: FormNotice = {
  type: "success",
  title: "You're subscribed!",
  description: "Thank you for joining the Paddock newsletter. We've emailed you a confirmation.",
};

export const NewsletterSchema = z.object({
  firstName: optionalSingleLineField(NEWSLETTER_NAME_MAX),
  lastName: optionalSingleLineField(NEWSLETTER_NAME_MAX),
  email: emailField.transform((email) => email.toLowerCase()),
  consent: z.literal("on", { error: CONSENT_REQUIRED_MESSAGE }),
});
export type NewsletterInput = z.infer<typeof NewsletterSchema>;

/** Used by the action (the truth) and by the page before it submits (instant feedback). */
export function parseNewsletter(form: FormData): FormParse<NewsletterField, NewsletterInput> {
  return parseForm(NewsletterSchema, form, {
    fields: NEWSLETTER_FIELDS,
    isMissing: (values) => values.email.trim() === "" || values.consent !== "on",
    missing: NEWSLETTER_MISSING,
    invalid: NEWSLETTER_INVALID,
  });
}

/** The name we store: the names given, or the spec's default when none is. */
export function subscriberName(input: Pick<NewsletterInput, "firstName" | "lastName">) {
  return [input.firstName, input.lastName].filter(Boolean).join(" ") || DEFAULT_SUBSCRIBER_NAME;
}
