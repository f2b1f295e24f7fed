import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { SubmitButton } from "~/components/ui/button";
import { COUNTRY_NAMES } from "~/domain/site-settings";
import { SettingsFormSchema, type settingsFormDefaults } from "~/schemas/admin-settings";
import { parseSubmission } from "~/schemas/form";
import { CheckboxControl, conformSummary, FormSection as Section, TextControl } from "./form-controls";

/** The site settings; the browser checks them with the server's schema. */
export function SettingsForm({
  defaultValue,
  lastResult,
}: {
  defaultValue: ReturnType<typeof settingsFormDefaults>;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "settings-form",
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, SettingsFormSchema),
  });
  const paidHint = "When off, residents see only the free postal route and checkout refuses paid entry.";
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <FormAlert errors={conformSummary(form)} />
      <Section title="Paid entry by country of residence">
        <CheckboxControl meta={fields.paidEntryGB} label={`Paid entry open to ${COUNTRY_NAMES.GB}`} hint={paidHint} />
        <CheckboxControl meta={fields.paidEntryIE} label={`Paid entry open to ${COUNTRY_NAMES.IE}`} hint={paidHint} />
      </Section>
      <Section title="Complaints">
        <TextControl
          meta={fields.complaintReplyWorkingDays}
          label="Reply promised within (working days)"
          inputMode="numeric"
        />
        <TextControl
          meta={fields.disputeBodyName}
          label="Independent dispute resolution body"
          hint="The approved ADR body the business has signed up with; shown to complainants and on /fair-play."
        />
        <TextControl meta={fields.disputeBodyUrl} label="Its web address" type="url" />
      </Section>
      <div>
        <SubmitButton busy={navigation.state === "submitting"} label="Save settings" busyLabel="Saving…" />
      </div>
    </Form>
  );
}
