import { type EmailContent, serviceEmail } from "~/server/platform/email/content";

/** A one-paragraph service message, for tests of the outbox itself rather than of any one e-mail. */
export const plainEmail = (text: string): EmailContent => serviceEmail(text, [{ type: "text", text }]);
