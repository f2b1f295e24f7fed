import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import type { CompetitionField } from "~/domain/competition-lifecycle";
import { type CompetitionFormInput, CompetitionFormSchema } from "~/schemas/admin-competition";
import { parseSubmission } from "~/schemas/form";
import type { FormNotice } from "~/schemas/form-result";
import { type DrawChainTiming, DrawTimeNote } from "./draw-time-note";
import { CheckboxControl, conformSummary, FormSection as Section, TextareaControl, TextControl } from "./form-controls";
import { SaveBar, useChangedSinceLoad, useUnsavedChangesGuard } from "./unsaved-changes";

type Props = {
  defaultValue: CompetitionFormInput;
  lastResult?: SubmissionResult<string[]> | null;
  /** Fields the competition's state no longer lets change: shown read-only (the server refuses them anyway). */
  locked?: readonly CompetitionField[];
  submitLabel: string;
  /** Sent as `intent`, for pages whose action does more than save. */
  intent?: string;
  /** Sent as `copiedFrom` when the form was filled from another competition. */
  copiedFrom?: number;
  /** The draw's beacon, so the form can say when the draw will be as the closing time changes. */
  drawChain?: DrawChainTiming;
  /** Show the save bar and ask before leaving with unsaved changes (the editor of a saved competition). */
  guardChanges?: boolean;
  /** Said above the fields when they show what was typed but not saved (a picture sent without JavaScript). */
  notice?: FormNotice | null;
};

/** The form's id: the editor's picture upload joins it without JavaScript (ADR 041). */
export const COMPETITION_FORM_ID = "competition-form";

/** Create and edit a competition; the browser checks it with the same schema the server uses. */
export function CompetitionForm(props: Props) {
  const { defaultValue, lastResult, locked = [], submitLabel, intent, copiedFrom, drawChain } = props;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === (intent ?? null);
  const [form, fields] = useForm({
    id: COMPETITION_FORM_ID,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, CompetitionFormSchema),
  });
  // Only the editor keeps watch: a new competition's form has nothing saved to lose, and its one button is enough.
  // Hidden fields say what the form is for; only what staff type makes it "changed".
  const dirty = useChangedSinceLoad(form.id, Boolean(props.guardChanges), ["copiedFrom"]);
  const guard = useUnsavedChangesGuard(dirty);
  const formProps = getFormProps(form);
  // Conform's own handler first: it stops a form that fails its check (and Discard), which then is not being sent.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!event.defaultPrevented) guard.markSending();
  };
  const isLocked = (field: CompetitionField) => locked.includes(field);
  const options = fields.skillOptions.getFieldList();
  const tiers = fields.multiBuyTiers.getFieldList();
  const formError = form.errors?.[0];
  // The intent travels with the button pressed, not in a hidden field, so a button outside the form that sends it
  // with another intent (the picture upload without JavaScript, ADR 041) is not read as a save.
  const intentButton = intent ? { name: "intent", value: intent } : {};

  return (
    <Form method="post" {...formProps} onSubmit={onSubmit} className="grid gap-6">
      {copiedFrom ? <input type="hidden" name="copiedFrom" value={copiedFrom} /> : null}
      <FormAlert
        notice={formError ? { type: "error", title: "Not saved", description: formError } : (props.notice ?? null)}
        errors={conformSummary(form)}
      />
      <Section title="The competition">
        <TextControl meta={fields.title} label="Title" locked={isLocked("title")} />
        <TextareaControl meta={fields.description} label="Description" rows={6} />
        <CheckboxControl meta={fields.featured} label="Featured on the home page" />
      </Section>
      <Section title="The prize">
        <TextControl meta={fields.prizeTitle} label="Prize title" locked={isLocked("prizeTitle")} />
        <TextareaControl
          meta={fields.prizeDescription}
          label="Prize description"
          locked={isLocked("prizeDescription")}
        />
        <TextControl
          meta={fields.prizeValue}
          label="Prize value"
          hint="As shown to entrants, for example £2,450."
          locked={isLocked("prizeValue")}
        />
        <TextControl
          meta={fields.cashAlternative}
          label="Cash alternative (£, optional)"
          hint="The cash the winner may take instead of the prize. Leave empty for none."
          inputMode="decimal"
          locked={isLocked("cashAlternativePence")}
        />
      </Section>
      <Section title="Tickets">
        <div className="grid gap-5 sm:grid-cols-3">
          <TextControl
            meta={fields.entryPrice}
            label="Entry price (£)"
            hint="Per ticket, for example 2.50."
            inputMode="decimal"
            locked={isLocked("entryPricePence")}
          />
          <TextControl
            meta={fields.totalTickets}
            label="Total tickets"
            inputMode="numeric"
            locked={isLocked("totalTickets")}
          />
          <TextControl
            meta={fields.maxTicketsPerUser}
            label="Per-person cap (optional)"
            hint="Leave empty for no cap."
            inputMode="numeric"
            locked={isLocked("maxTicketsPerUser")}
          />
        </div>
        <CheckboxControl
          meta={fields.closesAtSellOut}
          label="Close entries early when every ticket is sold"
          hint="Shown to entrants before they buy."
          locked={isLocked("closesAtSellOut")}
        />
        <fieldset className="space-y-3" aria-describedby="tiers-hint">
          <legend className="text-sm font-medium">Multi-buy discounts</legend>
          <p id="tiers-hint" className="text-sm text-muted-foreground">
            Each row: from how many tickets (2 to 10) and the discount (1 to 90%), fewest tickets first, each a bigger
            discount. Leave rows empty for fewer tiers; clear them all for none.
          </p>
          {tiers.map((tier, i) => {
            const row = tier.getFieldset();
            return (
              <div key={tier.key} className="grid grid-cols-2 gap-3">
                <TextControl
                  meta={row.minQuantity}
                  label={`Tier ${i + 1}: from tickets`}
                  inputMode="numeric"
                  locked={isLocked("multiBuyTiers")}
                />
                <TextControl
                  meta={row.percent}
                  label={`Tier ${i + 1}: % off`}
                  inputMode="numeric"
                  locked={isLocked("multiBuyTiers")}
                />
              </div>
            );
          })}
        </fieldset>
      </Section>
      <Section title="Dates (UK time)">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextControl
            meta={fields.goLiveAt}
            label="Go-live time"
            type="datetime-local"
            hint="Needed to schedule it. Europe/London time."
            locked={isLocked("goLiveAt")}
          />
          <TextControl
            meta={fields.endDate}
            label="Closing time"
            type="datetime-local"
            hint="Europe/London time."
            locked={isLocked("endDate")}
          />
        </div>
        {drawChain ? <DrawTimeNote chain={drawChain} closes={fields.endDate.value} /> : null}
      </Section>
      <Section title="Skill question">
        <TextareaControl meta={fields.skillQuestion} label="Question" rows={2} locked={isLocked("skillQuestion")} />
        <div className="grid gap-5 sm:grid-cols-2">
          {options.map((option, i) => (
            <TextControl key={option.key} meta={option} label={`Option ${i + 1}`} locked={isLocked("skillOptions")} />
          ))}
        </div>
        <TextControl
          meta={fields.correctAnswer}
          label="Correct answer"
          hint="Exactly as one of the four options. Never shown to entrants."
          locked={isLocked("correctAnswer")}
        />
      </Section>
      <div>
        <Button type="submit" disabled={busy} {...intentButton}>
          {busy ? "Saving…" : submitLabel}
        </Button>
      </div>
      {props.guardChanges ? (
        <SaveBar
          dirty={dirty}
          busy={busy}
          blocker={guard.blocker}
          saveLabel="Save"
          saveButton={intentButton}
          discard={form.reset.getButtonProps()}
        />
      ) : null}
    </Form>
  );
}
