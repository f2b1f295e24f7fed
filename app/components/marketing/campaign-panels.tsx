import { Form } from "react-router";
import { AdminSection } from "~/components/admin/admin-page";
import { FormAlert } from "~/components/auth/form-alert";
import { useBusy } from "~/components/auth/reply-form";
import { controlProps, useFormReply } from "~/components/form-feedback";
import { textLinkClass } from "~/components/legal-page";
import { SubmitButton } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { HiddenFields, PostButton } from "~/components/ui/post-button";
import type { CampaignState } from "~/db/constants";
import type { FormReply } from "~/schemas/form";

/** When to send it: a date and time on the UK clock. */
export function ScheduleForm({ reply }: { reply?: FormReply }) {
  const form = useFormReply(reply);
  const busy = useBusy("schedule");
  const when = form.field("scheduledAt");
  return (
    <AdminSection id="campaign-schedule" title="Schedule">
      <Form ref={form.formRef} method="post" noValidate className="flex flex-wrap items-end gap-4">
        <HiddenFields values={{ intent: "schedule" }} />
        <div className="min-w-64">
          <Field label="Send at (UK time)" name="scheduledAt" error={when.error}>
            {(ids) => (
              <input
                {...controlProps(ids)}
                name="scheduledAt"
                type="datetime-local"
                defaultValue={when.defaultValue}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <SubmitButton busy={busy} label="Schedule" busyLabel="Scheduling…" />
      </Form>
      <div className="mt-4">
        <FormAlert notice={form.reply?.notice} errors={form.summary} ref={form.noticeRef} />
      </div>
    </AdminSection>
  );
}

/** Test, return to draft, cancel: what the campaign's state allows. */
export function StateActions({ state, reply }: { state: CampaignState; reply?: FormReply }) {
  const form = useFormReply(reply);
  const open = state === "draft" || state === "scheduled";
  return (
    <AdminSection id="campaign-actions" title="Actions">
      <FormAlert notice={form.reply?.notice} errors={form.summary} ref={form.noticeRef} />
      <div className="flex flex-wrap gap-3">
        <PostButton values={{ intent: "test" }} variant="outline">
          Send a test to me
        </PostButton>
        {state === "scheduled" ? (
          <PostButton values={{ intent: "unschedule" }} variant="outline">
            Return to draft
          </PostButton>
        ) : null}
        {open ? (
          <PostButton values={{ intent: "cancel" }} variant="destructive">
            Cancel campaign
          </PostButton>
        ) : null}
      </div>
      {open ? null : (
        <p className="mt-3 text-sm text-muted-foreground">
          {state === "cancelled" ? "This campaign was cancelled." : "Sending has started: it can no longer be changed."}
        </p>
      )}
    </AdminSection>
  );
}

/** The e-mail as recipients will see it: the real template's HTML on its own page, and its plain-text part here. */
export function CampaignPreview({ previewUrl, text }: { previewUrl: string; text: string }) {
  return (
    <AdminSection id="campaign-preview" title="Preview">
      <p className="mb-3 text-sm text-muted-foreground">
        Each recipient's copy carries their own one-click unsubscribe link.{" "}
        <a href={previewUrl} target="_blank" rel="noopener" className={textLinkClass}>
          Open the e-mail as recipients see it (new tab)
        </a>
      </p>
      <h3 className="font-medium">Plain-text part</h3>
      <pre className="mt-2 rounded-md border border-border p-4 text-sm whitespace-pre-wrap wrap-anywhere">{text}</pre>
    </AdminSection>
  );
}
