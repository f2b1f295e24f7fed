import { z } from "~/schemas/zod";
import {
  emailField,
  errorNotice,
  formCheck,
  INVALID_FIELDS_NOTICE,
  isBlank,
  missingOrInvalid,
  singleLineField,
  successNotice,
  textField,
} from "./form";

const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;

export const CONTACT_MAX_LENGTH = { name: 100, subject: 150, message: 5000 } as const;

/** The spec's wording (sections 5 and 8), plus our own for cases the spec does not cover. */
export const CONTACT_MISSING = errorNotice("Missing Information", "Please fill in all required fields.");
export const CONTACT_INVALID = INVALID_FIELDS_NOTICE;
export const CONTACT_SENT = successNotice("Message Sent!", "Thank you for your message. We'll get back to you soon.");
export const CONTACT_FAILED = errorNotice("Error", "There was a problem sending your message. Please try again.");
export const CONTACT_RATE_LIMITED = errorNotice("Please wait", "Too many messages. Please try again later.");

export const ContactSchema = z.object({
  name: singleLineField(CONTACT_MAX_LENGTH.name, "Enter your name"),
  email: emailField,
  subject: singleLineField(CONTACT_MAX_LENGTH.subject, "Enter a subject"),
  message: textField(CONTACT_MAX_LENGTH.message, "Enter your message"),
});
export type ContactInput = z.infer<typeof ContactSchema>;

/** Used by the action (the truth) and by the page before it submits: the spec's notice when a field is empty. */
export const contactCheck = formCheck(
  ContactSchema,
  missingOrInvalid(CONTACT_MISSING, (sent) => CONTACT_FIELDS.some((field) => isBlank(sent[field]))),
);
