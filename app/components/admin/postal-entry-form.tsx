import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { DateOfBirthField } from "~/components/ui/date-of-birth-field";
import { inputClass } from "~/components/ui/field";
import type { FormNotice } from "~/schemas/form";
import { parseSubmission } from "~/schemas/form";
import { PostalEntrySchema } from "~/schemas/postal";
import { CheckboxControl, conformSummary, TextareaControl, TextControl } from "./form-controls";

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * One postal entry copied from its card. Card fields may be left blank as the card left them: the server records
 * the entry as incomplete, naming what is missing. Only the date received and the envelope are required here.
 */
export function PostalEntryForm({
  skillQuestion,
  skillOptions,
  lastResult,
  notice,
}: {
  skillQuestion: string;
  skillOptions: string[];
  lastResult?: SubmissionResult<string[]> | null;
  notice?: FormNotice;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "postal-entry",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, PostalEntrySchema),
  });
  const answer = fields.skillAnswer;
  const dob = fields.dateOfBirth.initialValue;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-8">
      <FormAlert notice={notice} errors={conformSummary(form)} />
      <Group title="The envelope">
        <TextControl
          meta={fields.receivedAt}
          label="Date and time received"
          type="datetime-local"
          hint="UK time, from the post-room stamp."
        />
        <TextControl
          meta={fields.envelopeRef}
          label="Envelope reference"
          hint="Write it on the envelope. Every card in one envelope gets the same reference."
        />
      </Group>
      <Group title="The card">
        <TextControl meta={fields.fullName} label="Full name" />
        <div className="sm:col-span-2">
          <DateOfBirthField
            name={fields.dateOfBirth.name}
            hint="As written on the card; leave all three empty if it has none."
            error={fields.dateOfBirth.errors?.[0]}
            value={typeof dob === "object" ? dob : undefined}
          />
        </div>
        <div className="sm:col-span-2">
          <TextareaControl meta={fields.address} label="Address" rows={3} />
        </div>
        <TextControl meta={fields.county} label="County" hint="Published with the surname if this entry wins." />
        <TextControl meta={fields.contactNumber} label="Contact number" type="tel" />
        <TextControl meta={fields.email} label="E-mail address" type="email" />
        <div className="space-y-1.5">
          <label htmlFor={answer.id} className="block text-sm font-medium">
            Answer: {skillQuestion}
          </label>
          <select
            {...getSelectProps(answer, { ariaDescribedBy: answer.errors?.length ? answer.errorId : undefined })}
            className={inputClass}
          >
            <option value="">No answer given</option>
            {skillOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {answer.errors?.length ? (
            <p id={answer.errorId} className="text-sm font-medium text-destructive">
              {answer.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <CheckboxControl meta={fields.termsAccepted} label="The card includes the statement accepting the terms" />
        </div>
      </Group>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Recording…" : "Record entry"}
        </Button>
      </div>
    </Form>
  );
}
