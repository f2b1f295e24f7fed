// The zod-free half of app/schemas/form.ts: the notices, messages and reply readers a page needs in the browser.
// Pages import these from here so their first load carries neither zod nor conform; form.ts re-exports them.
import type { Submission, SubmissionResult } from "@conform-to/react";

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

// What goes back to a page: conform's SubmissionResult (field errors, what was typed less the secrets) and a notice.
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
