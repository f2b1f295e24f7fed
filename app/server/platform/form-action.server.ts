import { data } from "react-router";
import type { z } from "zod";
import { CONFIRM_FIELD, CONFIRM_VALUE } from "~/schemas/confirm";
import {
  type AnySubmission,
  type FormCheck,
  type FormNotice,
  type FormReply,
  invalidReply,
  parseSubmission,
  submissionResult,
} from "~/schemas/form";
import { readFormBody } from "./form-body.server";
import { siteOrigins } from "./public-origin.server";
import type { Services } from "./services.server";

// Every action reads the same: readSubmission (the body, once, then the form's schema through conform); on
// failure `return refused(submission, check)`; then authorize; then a use-case that returns a plain outcome; then
// redirect with a toast, or answer with formReply for the page to show the outcome inline.

/** The body, read once (see readFormBody for what is refused); for a page whose forms have different schemas. */
export async function readForm(services: Services, request: Request) {
  return readFormBody(request, await siteOrigins(services), services.logger);
}

/** The body, read once, then parsed with the form's schema. */
export async function readSubmission<S extends z.ZodType>(services: Services, request: Request, schema: S) {
  return parseSubmission(await readForm(services, request), schema);
}

/** A form its schema refused: 400 with the errors and the form's notice. */
export function refused<E extends object = object>(
  submission: AnySubmission,
  check: Pick<FormCheck, "notice">,
  extra?: E,
  headers?: HeadersInit,
) {
  return data({ ...invalidReply(submission, check.notice), ...(extra as E) }, { status: 400, headers });
}

/**
 * A use-case's refusal fits as it is: its status, notice, field messages, messages for the whole form (for forms
 * that show them beside their button rather than as a notice) and the cookies to pass on.
 */
type ReplyOptions = {
  status?: number;
  notice?: FormNotice;
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  resetForm?: boolean;
  cookies?: Headers;
  headers?: HeadersInit;
};

/** What a form's page shows after a use-case answered: the submission (errors found, secrets left out), a notice. */
export function formReply<E extends object = object>(submission: AnySubmission, options: ReplyOptions = {}, extra?: E) {
  const { status = 200, notice, fieldErrors, formErrors, resetForm, cookies } = options;
  const headers = new Headers(options.headers);
  for (const cookie of cookies?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const reply: FormReply = { result: submissionResult(submission, { fieldErrors, formErrors, resetForm }), notice };
  return data({ ...reply, ...(extra as E) }, { status, headers });
}

/**
 * A consequential action (publish, refund, grant a role, mark a prize shipped) acts only when its form carries
 * confirm=yes, which only the confirmation step's button sends: a first submit, or a forged one, changes nothing.
 */
export function isConfirmed(submission: AnySubmission): boolean {
  return submission.payload[CONFIRM_FIELD] === CONFIRM_VALUE;
}

/** The answer to an unconfirmed consequential action: nothing done, and the page asks, naming the consequence. */
export function askToConfirm<E extends object>(submission: AnySubmission, extra: E) {
  return formReply<{ confirm: true } & E>(submission, {}, { confirm: true as const, ...extra });
}
