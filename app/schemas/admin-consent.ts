import { z } from "~/schemas/zod";
import { emailField } from "./form";

/** The staff consent lookup: one address, from the query string (a GET form, so a lookup is a link). */
const ConsentLookupSchema = z.object({ email: emailField.transform((email) => email.toLowerCase()) });

type ConsentLookup = { email: string; error?: string };

/** What was asked: nothing yet, a valid address, or the address with why it cannot be looked up. */
export function parseConsentLookup(params: URLSearchParams): ConsentLookup | null {
  const sent = params.get("email");
  if (sent === null) return null;
  const parsed = ConsentLookupSchema.safeParse({ email: sent });
  if (parsed.success) return { email: parsed.data.email };
  return { email: sent.slice(0, 254), error: parsed.error.issues[0]?.message ?? "Please enter a valid email address." };
}
