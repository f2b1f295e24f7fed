import { DOB_MESSAGES, readDateOfBirth } from "~/domain/date-of-birth";
import { londonDate } from "~/domain/london-time";
import { z } from "~/schemas/zod";

// Date of birth as three fields named dateOfBirth.day, .month and .year (conform reads them as one object), so
// every problem is one message under "dateOfBirth", which the fieldset shows and links to its inputs.

const part = z.string().optional();

/** The three fields as sent, unchecked: for a form that checks them only in some cases. */
export const DatePartsSchema = z.object({ day: part, month: part, year: part }, { error: DOB_MESSAGES.missing });

/** The three fields, read on London's calendar today, to a "YYYY-MM-DD" date of birth. */
export const DateOfBirthSchema = DatePartsSchema.optional().transform((parts, ctx) => {
  const reading = readDateOfBirth(parts ?? {}, londonDate(new Date()));
  if (reading.ok) return reading.iso;
  ctx.addIssue({ code: "custom", message: reading.message });
  return z.NEVER;
});

export { DOB_MESSAGES };

/** What was typed in the three fields when a form came back (conform sends them back as one object). */
export function sentDateParts(initialValue: Record<string, unknown> | null | undefined, name = "dateOfBirth") {
  const sent = initialValue?.[name];
  if (!sent || typeof sent !== "object") return undefined;
  const read = (part: string) => {
    const value = (sent as Record<string, unknown>)[part];
    return typeof value === "string" ? value : "";
  };
  return { day: read("day"), month: read("month"), year: read("year") };
}

/** The same three fields where leaving all of them empty is allowed (a postal card without one): "" then. */
export const OptionalDateOfBirthSchema = DatePartsSchema.optional().transform((parts, ctx) => {
  if (!parts || Object.values(parts).every((value) => (value ?? "").trim() === "")) return "";
  const reading = readDateOfBirth(parts, londonDate(new Date()));
  if (reading.ok) return reading.iso;
  ctx.addIssue({ code: "custom", message: reading.message });
  return z.NEVER;
});
