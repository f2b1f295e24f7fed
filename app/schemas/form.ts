import { z } from "zod";

/** The outcome line a form shows in its alert region (and as a toast once JavaScript runs). */
export type FormNotice = { type: "success" | "error"; title: string; description: string };

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const REQUIRED_MESSAGE = "This field is required.";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
export const EMAIL_MAX = 254;

export const tooLongMessage = (max: number) => `Please use ${max} characters or fewer.`;

/** A required one-line text field: runs of whitespace (including line breaks) become one space. */
export const singleLineField = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, REQUIRED_MESSAGE).max(max, tooLongMessage(max)));

/** An optional one-line text field: empty becomes undefined. */
export const optionalSingleLineField = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, tooLongMessage(max)))
    .transform((value) => value || undefined);

export const emailField = z.string().trim().min(1, REQUIRED_MESSAGE).max(EMAIL_MAX, tooLongMessage(EMAIL_MAX)).pipe(z.email(INVALID_EMAIL_MESSAGE));

/** The named fields of a submitted form as text; absent fields and files become "". */
export function formValues<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(
    keys.map((key) => {
      const value = form.get(key);
      return [key, typeof value === "string" ? value : ""];
    }),
  ) as Record<K, string>;
}

/** The first message for each field, for showing next to it. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as K | undefined;
    if (key !== undefined && errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

export type FormParse<K extends string, T> =
  | { success: true; data: T }
  | { success: false; values: Record<K, string>; errors: FieldErrors<K>; notice: FormNotice };

/**
 * Parses a submitted form with its schema. On failure it keeps what was typed, says what is wrong with each
 * field, and picks the notice: `missing` when a required field is empty (the spec's wording), else `invalid`.
 */
export function parseForm<K extends string, S extends z.ZodType>(
  schema: S,
  form: FormData,
  options: { fields: readonly K[]; isMissing: (values: Record<K, string>) => boolean; missing: FormNotice; invalid: FormNotice },
): FormParse<K, z.output<S>> {
  const values = formValues(form, options.fields);
  const parsed = schema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  const notice = options.isMissing(values) ? options.missing : options.invalid;
  return { success: false, values, errors: fieldErrors<K>(parsed.error), notice };
}
