import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { REASON_MAX } from "~/schemas/admin-orders";
import { parseSubmission } from "~/schemas/form";
import type { z } from "~/schemas/zod";
import { conformSummary } from "./form-controls";

type ReasonFields = { intent: string; reason: string; confirm?: string };

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {errors.join(" ")}
    </p>
  );
}

/**
 * A staff action that needs a reason (refund an order, cancel a competition): the browser checks it with the same
 * zod schema as the server, and the server's refusal shows above the button.
 */
export function ReasonForm({
  id,
  intent,
  schema,
  lastResult,
  hint,
  confirmLabel,
  submitLabel,
  busyLabel,
}: {
  id: string;
  intent: string;
  schema: z.ZodType<ReasonFields>;
  lastResult?: SubmissionResult<string[]>;
  hint: string;
  /** A box to tick first, for what cannot be undone. */
  confirmLabel?: string;
  submitLabel: string;
  busyLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<ReasonFields>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
  const hintId = `${id}-hint`;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <FormAlert errors={conformSummary(form)} />
      <div className="space-y-1.5">
        <label htmlFor={fields.reason.id} className="block text-sm font-medium">
          Reason
        </label>
        <textarea
          {...getTextareaProps(fields.reason, { ariaDescribedBy: hintId })}
          maxLength={REASON_MAX}
          rows={3}
          className={inputClass}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
        <Errors id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      {confirmLabel ? (
        <div className="space-y-1.5">
          <div className="flex items-start gap-3">
            <input {...getInputProps(fields.confirm, { type: "checkbox" })} className="mt-1 size-5 shrink-0" />
            <label htmlFor={fields.confirm.id}>{confirmLabel}</label>
          </div>
          <Errors id={fields.confirm.errorId} errors={fields.confirm.errors} />
        </div>
      ) : null}
      <div role="alert" id={form.errorId}>
        <Errors id={`${form.errorId}-text`} errors={form.errors} />
      </div>
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}

/** A one-button staff action (retry a refund, carry on with a cancellation), with the server's refusal beside it. */
export function IntentButton({
  intent,
  label,
  busyLabel,
  lastResult,
}: {
  intent: string;
  label: string;
  busyLabel: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const refused = lastResult?.initialValue?.intent === intent ? lastResult.error?.[""] : undefined;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <div role="alert">
        <Errors id={`${intent}-errors`} errors={refused ?? undefined} />
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </Form>
  );
}
