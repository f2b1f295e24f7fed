/** What a refused body is told, as text/plain. */
export const FORM_BODY_REFUSALS = {
  crossSite: "Forms may only be sent from this site.",
  unsupported: "Send this form as application/x-www-form-urlencoded or multipart/form-data.",
  unreadable: "This form could not be read. Please send it again.",
  fieldName: "This form has a field name this site does not accept.",
  nul: "Form fields must not contain NUL characters.",
} as const;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Names starting with "__" are conform's own, and never ours. */
// A plain name, a list item with a small index (`skillOptions[2]`) or a date's part (`dateOfBirth.day`): conform
// reads dots and brackets as paths, so anything else could build deep objects or huge sparse arrays
// (`email[4294967294]`), and it throws on a segment named `constructor`.
const FIELD_NAME = /^(?!constructor\b)[A-Za-z][\w-]{0,63}(\[\d{1,2}\]|\.(day|month|year))?$/;

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 403: "Forbidden", 415: "Unsupported Media Type" };

const refuse = (status: number, message: string) =>
  new Response(message, {
    status,
    statusText: STATUS_TEXT[status],
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * Every action's body, read once, here. Refused with a thrown text/plain Response, before any use-case runs: a
 * post from another site (403, the Origin rule of /api/checkout; the site is BASE_URL's origin and the verified
 * custom domain's), any encoding but the two a form sends (415), a body that cannot be read (400) and a field name
 * or text holding a NUL byte, which PostgreSQL refuses (400).
 */
export async function readFormBody(request: Request, siteOrigins: readonly string[]): Promise<FormData> {
  const origin = request.headers.get("origin");
  if (origin && !siteOrigins.includes(origin)) throw refuse(403, FORM_BODY_REFUSALS.crossSite);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) throw refuse(415, FORM_BODY_REFUSALS.unsupported);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refuse(400, FORM_BODY_REFUSALS.unreadable);
  }
  for (const [name, value] of form) {
    if (!FIELD_NAME.test(name)) throw refuse(400, FORM_BODY_REFUSALS.fieldName);
    if (typeof value === "string" && value.includes("\u0000")) throw refuse(400, FORM_BODY_REFUSALS.nul);
  }
  return form;
}
