import { CAMPAIGN_AUDIENCES } from "~/db/constants";
import { londonWallTimeToInstant } from "~/domain/london-time";
import { z } from "~/schemas/zod";
import { errorNotice, formCheck, isBlank, missingOrInvalid, singleLineField, textField } from "./form";
import { DbIdSchema } from "./ids";

/** The spec's message when a campaign's name, subject or content is left out. */
export const MISSING_FIELDS_NOTICE = errorNotice("Missing Fields", "Name, subject and content are all required.");

export const CAMPAIGN_LIMITS = { name: 120, subject: 150, content: 20_000 } as const;

const COMPETITION_REQUIRED = "Choose the competition whose entrants should get it.";

/** A campaign's words and audience: the new-campaign form and the draft's edit form. */
export const CampaignFormSchema = z
  .object({
    name: singleLineField(CAMPAIGN_LIMITS.name, "Enter a name for the campaign"),
    subject: singleLineField(CAMPAIGN_LIMITS.subject, "Enter the e-mail's subject"),
    /** Plain text: paragraphs between blank lines. Never HTML: it is escaped when rendered. */
    content: textField(CAMPAIGN_LIMITS.content, "Enter the e-mail's content").transform((text) =>
      text.replace(/\r\n?/g, "\n"),
    ),
    audience: z.enum(CAMPAIGN_AUDIENCES, { error: "Choose who it is for." }),
    competitionId: z.preprocess((v) => (v === "" ? undefined : v), DbIdSchema.optional()),
  })
  .superRefine((value, ctx) => {
    if (value.audience === "competition-entrants" && value.competitionId === undefined) {
      ctx.addIssue({ code: "custom", path: ["competitionId"], message: COMPETITION_REQUIRED });
    }
  });
export type CampaignFormValue = z.infer<typeof CampaignFormSchema>;

/** 'Missing Fields' when any of the three required fields is empty; otherwise the usual "correct the fields". */
export const campaignCheck = formCheck(
  CampaignFormSchema,
  missingOrInvalid(
    MISSING_FIELDS_NOTICE,
    (sent) => isBlank(sent.name) || isBlank(sent.subject) || isBlank(sent.content),
  ),
);

const SCHEDULE_MESSAGE = "Enter a date and time, UK time.";

/** When to send, as a datetime-local input sends it, read as a London wall-clock time. */
export const ScheduleFormSchema = z.object({
  scheduledAt: z
    .string({ error: SCHEDULE_MESSAGE })
    .trim()
    .min(1, SCHEDULE_MESSAGE)
    .transform((text, ctx) => {
      const instant = londonWallTimeToInstant(text);
      if (!instant) {
        ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGE });
        return z.NEVER;
      }
      return instant;
    }),
});

export const CAMPAIGN_INTENTS = ["save", "test", "schedule", "unschedule", "cancel"] as const;
export type CampaignIntent = (typeof CAMPAIGN_INTENTS)[number];

/** A competition chosen for an audience count before saving (`?audience=…&competitionId=…`). */
export function parseAudienceQuery(params: URLSearchParams) {
  const audience = CAMPAIGN_AUDIENCES.find((a) => a === params.get("audience"));
  if (!audience) return null;
  const id = DbIdSchema.safeParse(params.get("competitionId") ?? "");
  return { audience, competitionId: id.success ? id.data : null };
}
