import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/** The outcome line a form shows in its alert region (and as a toast once JavaScript runs). */
export type FormNotice = { type: "success" | "error"; title: string; description: string };

export const errorNotice = (title: string, description: string): FormNotice => ({ type: "error", title, description });
export const successNotice = (title: string, description: string): FormNotice => ({
  type: "success",
  title,
  description,
});

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const REQUIRED_MESSAGE = "This field is required.";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
export const EMAIL_MAX = 254;

export const tooLongMessage = (max: number) => `Please use ${max} characters or fewer.`;

/** A required one-line text field: runs of whitespace (including line breaks) become one space. */
export const singleLineField = (max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, REQUIRED_MESSAGE).max(max, tooLongMessage(max)));

/** An optional one-line text field: empty or left out becomes undefined. */
export const optionalSingleLineField = (max: number) =>
  z
    .string()
    .optional()
    .transform((value = "") => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, tooLongMessage(max)))
    .transform((value) => value || undefined);

/** A required text field, kept as typed (line breaks too) less the whitespace around it. */
export const textField = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, tooLongMessage(max));

export const emailField = textField(EMAIL_MAX).pipe(z.email(INVALID_EMAIL_MESSAGE));

// One way to check a form, in the browser before it submits and in the action: conform's parseWithZod with the
// form's zod schema. Auto-coercion stays off so the schema sees the text as sent (an empty field stays "", and
// gets the schema's own message). What goes back to the page is a FormReply: conform's SubmissionResult (field
// errors, and what was typed less the secrets) and, where the page shows one, a notice.

export type FormResult = SubmissionResult<string[]>;
export type FormReply = { result: FormResult; notice?: FormNotice };
export type AnySubmission = Submission<unknown, string[], unknown>;

/** What the notice of a refused form says, from its first message per field and what was sent. */
export type InvalidNotice = (errors: FieldErrors<string>, sent: Record<string, unknown>) => FormNotice | undefined;

/** The notice of a form whose fields were filled in but not all accepted. */
export const INVALID_FIELDS_NOTICE = errorNotice("Check your details", "Please correct the highlighted fields.");

/** Nothing, or only whitespace, was sent for a field. */
export const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** The spec's `missing` notice when something required was left out, otherwise INVALID_FIELDS_NOTICE. */
export const missingOrInvalid =
  (missing: FormNotice, isMissing: (sent: Record<string, unknown>) => boolean): InvalidNotice =>
  (_errors, sent) =>
    isMissing(sent) ? missing : INVALID_FIELDS_NOTICE;

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
  options: { fieldErrors?: Record<string, string[]>; resetForm?: boolean } = {},
): FormResult {
  if (options.resetForm) return submission.reply({ resetForm: true });
  const hideFields = Object.keys(submission.payload).filter((name) => SECRET_FIELD.test(name));
  return submission.reply(options.fieldErrors ? { hideFields, fieldErrors: options.fieldErrors } : { hideFields });
}

/** The reply to a submission its schema refused: the errors, and the notice the form's check gives for them. */
export function invalidReply(submission: AnySubmission, notice?: InvalidNotice): FormReply {
  const result = submissionResult(submission);
  const errors: FieldErrors<string> = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) if (messages?.[0]) errors[name] = messages[0];
  return { result, notice: notice?.(errors, submission.payload) };
}

/** The first message for a field, for showing next to it. */
export function fieldError(result: FormResult | undefined, name: string): string | undefined {
  return result?.error?.[name]?.[0] ?? undefined;
}

/** The first message of every field with one, by field name. */
export function fieldErrorsOf<K extends string = string>(result: FormResult | undefined): FieldErrors<K> {
  const errors: FieldErrors<string> = {};
  for (const name of Object.keys(result?.error ?? {})) errors[name] = fieldError(result, name);
  return errors as FieldErrors<K>;
}

/** What was typed in a field when the form came back (never a secret: those are not sent back). */
export function sentValue(result: FormResult | undefined, name: string): string | undefined {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}
