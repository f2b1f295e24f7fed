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

/** The last resort for a blank required field: each form's schema names the field instead ("Enter your name"). */
export const REQUIRED_MESSAGE = "This field is required.";
export const ENTER_EMAIL_MESSAGE = "Enter your email address";
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

/**
 * The id of a form's control, from its name alone, so an error summary rendered by the server can link to it
 * (`#field-email`). `scope` tells apart forms on one page that share field names (the security page's passwords).
 * Characters an id fragment would need escaping for (`skillOptions[0]`, `dateOfBirth.day`) become dashes.
 */
export function fieldId(name: string, scope?: string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/-+$/, "");
  return scope ? `field-${safe(scope)}-${safe(name)}` : `field-${safe(name)}`;
}

/** One line of an error summary: the field's name (for its id) and its first message. */
export type SummaryItem = { name: string; message: string; id?: string };

/** Every field with a message, in the order the schema found them; form-wide messages (no field) are left out. */
export function summaryItems(result: FormResult | undefined | null): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    const message = messages?.[0];
    if (name && message) items.push({ name, message });
  }
  return items;
}

/** Whether a page's action answer (any route's) carries field errors, so its title should say so. */
export function answerHasFieldErrors(answer: unknown): boolean {
  if (!answer || typeof answer !== "object" || !("result" in answer)) return false;
  return summaryItems((answer as { result?: FormResult }).result).length > 0;
}

/** A page's title while its form shows errors: GOV.UK's "Error: " prefix, added once. */
export const errorTitle = (title: string) => (title.startsWith("Error: ") ? title : `Error: ${title}`);
