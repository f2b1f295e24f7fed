import type { Logger } from "./logger.server";

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
// A plain name, a list item with a small index (`skillOptions[2]`), one field of a list item
// (`multiBuyTiers[0].percent`) or a date's part (`dateOfBirth.day`): conform
// reads dots and brackets as paths, so anything else could build deep objects or huge sparse arrays
// (`email[4294967294]`), and it throws on a segment named `constructor`.
const LIST_ITEM = String.raw`\[\d{1,2}\](\.(?!constructor\b|prototype\b)[A-Za-z]\w{0,31})?`;
const FIELD_NAME = new RegExp(String.raw`^(?!constructor\b)[A-Za-z][\w-]{0,63}(${LIST_ITEM}|\.(day|month|year))?$`);

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 403: "Forbidden", 415: "Unsupported Media Type" };

/**
 * The posts made without an Origin header that are still accepted: RFC 8058 one-click unsubscribe, which a mail
 * provider's server sends with no Origin and no Fetch Metadata (the token in the link is its check).
 */
const NO_ORIGIN_PATHS = new Set(["/newsletter/unsubscribe"]);

/** Why a post was refused as not from this site, in words for the page and fields for the log. */
export type FormOriginRefusal = {
  reason: "foreign-origin" | "no-origin";
  origin: string | null;
  fetchSite: string | null;
  expected: readonly string[];
  message: string;
};

/**
 * Null when a state-changing post may be read: its Origin is one of the site's, or, sent without one (older
 * browsers, some privacy tools), Fetch Metadata says the site's own page sent it. Anything else is refused,
 * naming what came and what the site expects.
 */
export function formOriginRefusal(
  header: (name: string) => string | null | undefined,
  pathname: string,
  siteOrigins: readonly string[],
): FormOriginRefusal | null {
  const origin = header("origin") ?? null;
  const fetchSite = header("sec-fetch-site") ?? null;
  const expected = siteOrigins;
  const accepted = `this site accepts forms from ${expected.join(" and ")} (BASE_URL, and a verified custom domain)`;
  if (origin !== null) {
    if (siteOrigins.includes(origin)) return null;
    const message =
      `${FORM_BODY_REFUSALS.crossSite} This one was sent from ${origin}, and ${accepted}. ` +
      `Open the site at ${expected[0]} and send it again.`;
    return { reason: "foreign-origin", origin, fetchSite, expected, message };
  }
  if (fetchSite === "same-origin" || NO_ORIGIN_PATHS.has(pathname)) return null;
  const message =
    `${FORM_BODY_REFUSALS.crossSite} This one was sent without an Origin header and not from this site's own ` +
    `pages (Sec-Fetch-Site: ${fetchSite ?? "not sent"}), and ${accepted}.`;
  return { reason: "no-origin", origin, fetchSite, expected, message };
}

/** One warning per refused post: anyone can send them, so they must not fill the error log. */
export function logOriginRefusal(logger: Pick<Logger, "warn">, refusal: FormOriginRefusal) {
  const { reason, origin, fetchSite, expected } = refusal;
  logger.warn({ reason, origin, fetchSite, expected }, "form refused: not sent from this site");
}

export function originRefusalResponse(refusal: FormOriginRefusal) {
  return refuse(403, refusal.message);
}

const refuse = (status: number, message: string) =>
  new Response(message, {
    status,
    statusText: STATUS_TEXT[status],
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * Every action's body, read once, here. Refused with a thrown text/plain Response, before any use-case runs: a
 * post not from this site (403, formOriginRefusal; server/form-origin.ts refuses the same before React Router),
 * any encoding but the two a form sends (415), a body that cannot be read (400) and a field name or text holding a
 * NUL byte, which PostgreSQL refuses (400).
 */
export async function readFormBody(
  request: Request,
  siteOrigins: readonly string[],
  logger: Pick<Logger, "warn">,
): Promise<FormData> {
  const refusal = formOriginRefusal((name) => request.headers.get(name), new URL(request.url).pathname, siteOrigins);
  if (refusal) {
    logOriginRefusal(logger, refusal);
    throw originRefusalResponse(refusal);
  }
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
