import { MAX_REPLY_WORKING_DAYS, MIN_REPLY_WORKING_DAYS, type SiteSettings } from "~/domain/site-settings";
import { z } from "~/schemas/zod";
import { checkboxField, singleLineField } from "./form";

const DAYS_RANGE = `${MIN_REPLY_WORKING_DAYS} to ${MAX_REPLY_WORKING_DAYS}`;
const replyDaysMessage = `Enter a whole number of working days from ${DAYS_RANGE}.`;

/** The admin Settings form: ticked boxes arrive as "on", unticked ones not at all. */
export const SettingsFormSchema = z.object({
  paidEntryGB: checkboxField,
  paidEntryIE: checkboxField,
  complaintReplyWorkingDays: z
    .string({ error: replyDaysMessage })
    .trim()
    .regex(/^\d{1,2}$/, replyDaysMessage)
    .transform(Number)
    .pipe(z.number().int().min(MIN_REPLY_WORKING_DAYS, replyDaysMessage).max(MAX_REPLY_WORKING_DAYS, replyDaysMessage)),
  disputeBodyName: singleLineField(200, "Enter the name of the dispute resolution body"),
  disputeBodyUrl: singleLineField(500, "Enter the body's web address, starting https://").pipe(
    z.url({ protocol: /^https$/, error: "Enter the body's web address, starting https://" }),
  ),
});
type SettingsFormValue = z.infer<typeof SettingsFormSchema>;

export function settingsFromForm(v: SettingsFormValue): SiteSettings {
  return {
    paidEntry: { GB: v.paidEntryGB, IE: v.paidEntryIE },
    complaintReplyWorkingDays: v.complaintReplyWorkingDays,
    disputeBody: { name: v.disputeBodyName, url: v.disputeBodyUrl },
  };
}

/** What the form shows: the live settings, as text fields hold them. */
export function settingsFormDefaults(s: SiteSettings) {
  return {
    paidEntryGB: s.paidEntry.GB ? "on" : "",
    paidEntryIE: s.paidEntry.IE ? "on" : "",
    complaintReplyWorkingDays: String(s.complaintReplyWorkingDays),
    disputeBodyName: s.disputeBody.name,
    disputeBodyUrl: s.disputeBody.url,
  };
}
