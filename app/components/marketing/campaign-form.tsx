import { Form } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { useBusy } from "~/components/auth/reply-form";
import { controlProps, useFormReply } from "~/components/form-feedback";
import { SubmitButton } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { HiddenFields } from "~/components/ui/post-button";
import { CAMPAIGN_AUDIENCES, type CampaignAudience } from "~/db/constants";
import { AUDIENCE_LABELS } from "~/domain/campaign";
import { CAMPAIGN_LIMITS, campaignCheck } from "~/schemas/campaign";
import type { FormReply } from "~/schemas/form";

export type CampaignDraft = {
  name: string;
  subject: string;
  content: string;
  audience: CampaignAudience;
  competitionId: number | null;
};

export type CompetitionChoice = { id: number; title: string };

/** A campaign's name, subject, audience and words; the browser checks it with the action's own schema. */
export function CampaignForm({
  reply,
  draft,
  competitions,
  submitLabel,
  intent,
}: {
  reply?: FormReply;
  draft?: CampaignDraft;
  competitions: CompetitionChoice[];
  submitLabel: string;
  intent?: string;
}) {
  const form = useFormReply(reply, campaignCheck);
  const busy = useBusy(intent);
  const name = form.field("name");
  const subject = form.field("subject");
  const content = form.field("content");
  const audience = form.field("audience");
  const competition = form.field("competitionId");
  return (
    <Form ref={form.formRef} method="post" noValidate onSubmit={form.onSubmit} className="grid gap-5">
      {intent ? <HiddenFields values={{ intent }} /> : null}
      <FormAlert notice={form.reply?.notice} errors={form.summary} ref={form.noticeRef} />
      <Field label="Name" name="name" hint="For staff only: recipients never see it." error={name.error}>
        {(ids) => (
          <input
            {...controlProps(ids)}
            name="name"
            defaultValue={name.defaultValue ?? draft?.name}
            maxLength={CAMPAIGN_LIMITS.name}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Subject" name="subject" error={subject.error}>
        {(ids) => (
          <input
            {...controlProps(ids)}
            name="subject"
            defaultValue={subject.defaultValue ?? draft?.subject}
            maxLength={CAMPAIGN_LIMITS.subject}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Audience"
          name="audience"
          hint="Only people who agreed to marketing and are not paused or self-excluded."
          error={audience.error}
        >
          {(ids) => (
            <select
              {...controlProps(ids)}
              name="audience"
              defaultValue={audience.defaultValue ?? draft?.audience ?? "everyone"}
              className={inputClass}
            >
              {CAMPAIGN_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {AUDIENCE_LABELS[a]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Competition"
          name="competitionId"
          hint="For the entrants audience only."
          error={competition.error}
        >
          {(ids) => (
            <select
              {...controlProps(ids)}
              name="competitionId"
              defaultValue={competition.defaultValue ?? (draft?.competitionId ? String(draft.competitionId) : "")}
              className={inputClass}
            >
              <option value="">No competition</option>
              {competitions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label="Content"
        name="content"
        hint="Plain text. Leave a blank line between paragraphs. Anything that looks like HTML is shown as typed."
        error={content.error}
      >
        {(ids) => (
          <textarea
            {...controlProps(ids)}
            name="content"
            rows={12}
            defaultValue={content.defaultValue ?? draft?.content}
            maxLength={CAMPAIGN_LIMITS.content}
            className={inputClass}
          />
        )}
      </Field>
      <div>
        <SubmitButton busy={busy} label={submitLabel} busyLabel="Saving…" />
      </div>
    </Form>
  );
}
