import { z } from "~/schemas/zod";
import {
  checkboxField,
  emailField,
  errorNotice,
  formCheck,
  isBlank,
  missingOrInvalid,
  optionalSingleLineField,
  singleLineField,
  textField,
} from "./form";
import { DbIdSchema } from "./ids";

export const COMPLAINT_MAX_LENGTH = { name: 100, orderReference: 100, details: 5000 } as const;
/** A staff reply: long enough for a full answer, short enough to read in one e-mail. */
export const COMPLAINT_REPLY_MAX = 5000;

export const COMPLAINT_MISSING = errorNotice("Missing Information", "Please fill in all required fields.");
export const COMPLAINT_FAILED = errorNotice(
  "Error",
  "There was a problem sending your complaint. Please try again, or e-mail us.",
);
export const COMPLAINT_RATE_LIMITED = errorNotice("Please wait", "Too many complaints sent. Please try again later.");

export const ComplaintSchema = z.object({
  name: singleLineField(COMPLAINT_MAX_LENGTH.name, "Enter your name"),
  email: emailField,
  orderReference: optionalSingleLineField(COMPLAINT_MAX_LENGTH.orderReference),
  details: textField(COMPLAINT_MAX_LENGTH.details, "Enter the details of your complaint"),
});
export type ComplaintInput = z.infer<typeof ComplaintSchema>;

const REQUIRED = ["name", "email", "details"] as const;

export const complaintCheck = formCheck(
  ComplaintSchema,
  missingOrInvalid(COMPLAINT_MISSING, (sent) => REQUIRED.some((field) => isBlank(sent[field]))),
);

/** Staff moving a complaint on: answered (we replied) or resolved (closed). */
const ComplaintProgressSchema = z.object({
  intent: z.enum(["answered", "resolved"]),
  complaintId: DbIdSchema,
});
export const complaintProgressCheck = formCheck(ComplaintProgressSchema);

/** Staff replying to a complaint from the console: the text e-mailed to the complainant, and whether it is final. */
const ComplaintReplySchema = z.object({
  intent: z.literal("reply"),
  complaintId: DbIdSchema,
  body: textField(COMPLAINT_REPLY_MAX, "Write your reply"),
  final: checkboxField,
});
export type ComplaintReplyInput = z.infer<typeof ComplaintReplySchema>;
export const complaintReplyCheck = formCheck(ComplaintReplySchema);
