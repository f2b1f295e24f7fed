import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "~/schemas/zod";
import {
  type AnySubmission,
  EMAIL_MAX,
  ENTER_EMAIL_MESSAGE,
  type FieldErrors,
  type FormReply,
  type FormResult,
  INVALID_EMAIL_MESSAGE,
  type InvalidNotice,
  REQUIRED_MESSAGE,
  tooLongMessage,
} from "./form-result";

export type { AnySubmission, FieldErrors, FormNotice, FormReply, FormResult, InvalidNotice } from "./form-result";
export {
  EMAIL_MAX,
  ENTER_EMAIL_MESSAGE,
  errorNotice,
  fieldError,
  fieldErrorsOf,
  INVALID_EMAIL_MESSAGE,
  INVALID_FIELDS_NOTICE,
  isBlank,
  missingOrInvalid,
  REQUIRED_MESSAGE,
  sentValue,
  successNotice,
  tooLongMessage,
} from "./form-result";

/**
 * A required one-line text field: runs of whitespace (including line breaks) become one space. `required` is
 * what a blank field is told, in GOV.UK's words ("Enter your name"); the generic message is the last resort.
 */
export const singleLineField = (max: number, required: string = REQUIRED_MESSAGE) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, required).max(max, tooLongMessage(max)));

/** An optional one-line text field: empty or left out becomes undefined. */
export const optionalSingleLineField = (max: number) =>
  z
    .string()
    .optional()
    .transform((value = "") => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, tooLongMessage(max)))
    .transform((value) => value || undefined);

/** A required text field, kept as typed (line breaks too) less the whitespace around it. */
export const textField = (max: number, required: string = REQUIRED_MESSAGE) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLongMessage(max));

/** A checkbox: ticked, it sends "on"; unticked, nothing at all. */
export const checkboxField = z.preprocess(
  (value: string | boolean | undefined) => value === "on" || value === "true" || value === true,
  z.boolean(),
);

/** An e-mail address; blank, it asks for one ("Enter your email address", or the form's own words). */
export const emailFieldFor = (required: string) => textField(EMAIL_MAX, required).pipe(z.email(INVALID_EMAIL_MESSAGE));

export const emailField = emailFieldFor(ENTER_EMAIL_MESSAGE);

// One way to check a form, in the browser before it submits and in the action: conform's parseWithZod with the
// form's zod schema. Auto-coercion stays off so the schema sees the text as sent (an empty field stays "", and
// gets the schema's own message). What goes back to the page is a FormReply: conform's SubmissionResult (field
// errors, and what was typed less the secrets) and, where the page shows one, a notice.

/** A form's schema and the notice its page shows when the schema refuses what was sent. */
export type FormCheck<S extends z.ZodType = z.ZodType> = { schema: S; notice?: InvalidNotice };

export const formCheck = <S extends z.ZodType>(schema: S, notice?: InvalidNotice): FormCheck<S> => ({ schema, notice });

export function parseSubmission<S extends z.ZodType>(form: FormData, schema: S) {
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}

/** Passwords, codes, tokens and the two-factor key are never sent back to refill a form. */
const SECRET_FIELD = /password|code|token|totp/i;

/** The submission as the page gets it: secrets left out, plus any errors found after the schema passed. */
export function submissionResult(
  submission: AnySubmission,
  options: { fieldErrors?: Record<string, string[]>; formErrors?: string[]; resetForm?: boolean } = {},
): FormResult {
  const { fieldErrors, formErrors, resetForm } = options;
  if (resetForm) return submission.reply({ resetForm: true });
  const hideFields = Object.keys(submission.payload).filter((name) => SECRET_FIELD.test(name));
  const errors = fieldErrors || formErrors ? { fieldErrors, formErrors } : {};
  return submission.reply({ hideFields, ...errors });
}

/** The reply to a submission its schema refused: the errors, and the notice the form's check gives for them. */
export function invalidReply(submission: AnySubmission, notice?: InvalidNotice): FormReply {
  const result = submissionResult(submission);
  const errors: FieldErrors<string> = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) if (messages?.[0]) errors[name] = messages[0];
  return { result, notice: notice?.(errors, submission.payload) };
}
