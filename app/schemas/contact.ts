import { z } from "zod";
import { emailField, parseForm, REQUIRED_MESSAGE, singleLineField, tooLongMessage, type FormNotice, type FormParse } from "./form";

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_MAX_LENGTH = { name: 100, subject: 150, message: 5000 } as const;

/** The spec's wording (sections 5 and 8), plus our own for cases the spec does not cover. */
export const CONTACT_MISSING: FormNotice = { type: "error", title: "Missing Information", description: "Please fill in all required fields." };
export const CONTACT_INVALID: FormNotice = { type: "error", title: "Check your details", description: "Please correct the highlighted fields." };
export const CONTACT_SENT: FormNotice = { type: "success", title: "Message Sent!", description: "Thank you for your message. We'll get back to you soon." };
export const CONTACT_FAILED: FormNotice = { type: "error", title: "Error", description: "There was a problem sending your message. Please try again." };
export const CONTACT_RATE_LIMITED: FormNotice = { type: "error", title: "Please wait", description: "Too many messages. Please try again later." };

export const ContactSchema = z.object({
  name: singleLineField(CONTACT_MAX_LENGTH.name),
  email: emailField,
  subject: singleLineField(CONTACT_MAX_LENGTH.subject),
  message: z
    .string()
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(CONTACT_MAX_LENGTH.message, tooLongMessage(CONTACT_MAX_LENGTH.message)),
});
export type ContactInput = z.infer<typeof ContactSchema>;

/** Used by the action (the truth) and by the page before it submits (instant feedback). */
export function parseContact(form: FormData): FormParse<ContactField, ContactInput> {
  return parseForm(ContactSchema, form, {
    fields: CONTACT_FIELDS,
    isMissing: (values) => CONTACT_FIELDS.some((field) => values[field].trim() === ""),
    missing: CONTACT_MISSING,
    invalid: CONTACT_INVALID,
  });
}
