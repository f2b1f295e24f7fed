import { POSTAL_MESSAGES } from "~/content/postal";
import { londonWallTimeToInstant } from "~/domain/london-time";
import { z } from "~/schemas/zod";
import { OptionalDateOfBirthSchema } from "./date-of-birth";
import { INVALID_EMAIL_MESSAGE, tooLongMessage } from "./form";

/** Whatever the card says, possibly nothing: a blank field makes the entry incomplete, it does not refuse the form. */
const cardLine = (max: number) =>
  z
    .string()
    .optional()
    .transform((value = "") => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, tooLongMessage(max)));

const cardText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value = "") => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, tooLongMessage(max)));

/** Staff record one free postal entry from its card (the terms' fields), the date received and the envelope. */
export const PostalEntrySchema = z.object({
  fullName: cardLine(200),
  dateOfBirth: OptionalDateOfBirthSchema,
  address: cardText(500),
  county: cardLine(80),
  contactNumber: cardLine(40),
  email: cardLine(254).refine((value) => value === "" || z.email().safeParse(value).success, INVALID_EMAIL_MESSAGE),
  termsAccepted: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  skillAnswer: cardLine(200),
  receivedAt: z.string({ error: POSTAL_MESSAGES.receivedRequired }).transform((text, ctx) => {
    const instant = londonWallTimeToInstant(text);
    if (!instant) ctx.addIssue({ code: "custom", message: POSTAL_MESSAGES.receivedRequired });
    return instant ?? new Date(Number.NaN);
  }),
  envelopeRef: z
    .string({ error: POSTAL_MESSAGES.envelopeRequired })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, POSTAL_MESSAGES.envelopeRequired).max(60, tooLongMessage(60))),
});
export type PostalEntryInput = z.infer<typeof PostalEntrySchema>;
