import { Form } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { useBusy } from "~/components/auth/reply-form";
import { controlProps, useFormReply } from "~/components/form-feedback";
import { SubmitButton } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { HiddenFields } from "~/components/ui/post-button";
import type { PromoKind } from "~/db/constants";
import { toLondonWallTime } from "~/domain/london-time";
import { PROMO_CODE_MAX_LENGTH } from "~/domain/promo-code";
import { promoCodeCheck } from "~/schemas/admin-promo-code";
import type { FormReply } from "~/schemas/form";

/** A saved code as the form shows it (create starts blank). */
export type PromoCodeDraft = {
  code: string;
  kind: PromoKind;
  value: number;
  minimumSpendPence: number;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  maxUses: number | null;
  maxUsesPerPerson: number | null;
  competitionIds: number[] | null;
};

const pounds = (pence: number) => (pence / 100).toFixed(2);
const wallTime = (value: Date | string | null | undefined) => (value ? toLondonWallTime(new Date(value)) : "");

function draftValues(draft?: PromoCodeDraft): Record<string, string> {
  if (!draft) return { promo: "", kind: "percent", value: "", minimumSpend: "", startsAt: "", endsAt: "" };
  return {
    promo: draft.code,
    kind: draft.kind,
    value: draft.kind === "percent" ? String(draft.value) : pounds(draft.value),
    minimumSpend: draft.minimumSpendPence > 0 ? pounds(draft.minimumSpendPence) : "",
    startsAt: wallTime(draft.startsAt),
    endsAt: wallTime(draft.endsAt),
    maxUses: draft.maxUses === null ? "" : String(draft.maxUses),
    maxUsesPerPerson: draft.maxUsesPerPerson === null ? "" : String(draft.maxUsesPerPerson),
  };
}

type TextFieldSpec = { name: string; label: string; hint?: string; type?: string; inputMode?: "numeric" | "decimal" };

const FIELDS: TextFieldSpec[][] = [
  [
    {
      name: "value",
      label: "Amount",
      hint: "A whole percentage (for example 10), or pounds and pence (2.50).",
      inputMode: "decimal",
    },
    {
      name: "minimumSpend",
      label: "Minimum spend (£)",
      hint: "Optional: on the competitions it covers, after multi-buy.",
      inputMode: "decimal",
    },
  ],
  [
    { name: "startsAt", label: "Starts (UK time)", hint: "Optional: usable from then.", type: "datetime-local" },
    { name: "endsAt", label: "Ends (UK time)", hint: "Optional: not usable from then.", type: "datetime-local" },
  ],
  [
    { name: "maxUses", label: "Total uses", hint: "Optional: blank for no limit.", inputMode: "numeric" },
    { name: "maxUsesPerPerson", label: "Uses per person", hint: "Optional: blank for no limit.", inputMode: "numeric" },
  ],
];

/** The staff form for a promo code; the browser checks it with the action's own schema. */
export function PromoCodeForm({
  reply,
  draft,
  competitions,
  intent,
  submitLabel,
}: {
  reply?: FormReply;
  draft?: PromoCodeDraft;
  competitions: { id: number; title: string }[];
  intent: string;
  submitLabel: string;
}) {
  const form = useFormReply(reply, promoCodeCheck);
  const busy = useBusy(intent);
  const saved = draftValues(draft);
  const value = (name: string) => form.value(name) ?? saved[name] ?? "";
  const sent = form.reply?.result?.initialValue?.competitionIds;
  const chosen = new Set(
    sent === undefined ? (draft?.competitionIds ?? []).map(String) : ([] as unknown[]).concat(sent).map(String),
  );
  const scopeError = form.error("competitionIds");
  return (
    <Form ref={form.formRef} method="post" noValidate onSubmit={form.onSubmit} className="grid gap-5">
      <HiddenFields values={{ intent }} />
      <FormAlert notice={form.reply?.notice} ref={form.noticeRef} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          name="promo"
          label="Code"
          hint="Letters, digits, - and _. Buyers may type it in any case."
          error={form.error("promo")}
        >
          {(ids) => (
            <input
              {...controlProps(ids)}
              name="promo"
              defaultValue={value("promo")}
              maxLength={PROMO_CODE_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              className={inputClass}
            />
          )}
        </Field>
        <Field name="kind" label="Kind" error={form.error("kind")}>
          {(ids) => (
            <select {...controlProps(ids)} name="kind" defaultValue={value("kind")} className={inputClass}>
              <option value="percent">Percentage off</option>
              <option value="fixed">Fixed amount off</option>
            </select>
          )}
        </Field>
      </div>
      {FIELDS.map((row) => (
        <div key={row[0]?.name} className="grid gap-5 sm:grid-cols-2">
          {row.map((spec) => (
            <Field name={spec.name} key={spec.name} label={spec.label} hint={spec.hint} error={form.error(spec.name)}>
              {(ids) => (
                <input
                  {...controlProps(ids)}
                  name={spec.name}
                  type={spec.type ?? "text"}
                  inputMode={spec.inputMode}
                  defaultValue={value(spec.name)}
                  autoComplete="off"
                  className={inputClass}
                />
              )}
            </Field>
          ))}
        </div>
      ))}
      <fieldset className="space-y-2" aria-describedby={scopeError ? "promo-scope-error" : undefined}>
        <legend className="text-sm font-medium">Competitions</legend>
        <p className="text-sm text-muted-foreground">
          Tick none for every competition. Never applies to postal entries.
        </p>
        <div className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-border p-3 sm:grid-cols-2">
          {competitions.map((c) => (
            <label key={c.id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="competitionIds"
                value={c.id}
                defaultChecked={chosen.has(String(c.id))}
                className="mt-1"
              />
              <span>{c.title}</span>
            </label>
          ))}
        </div>
        {scopeError ? (
          <p id="promo-scope-error" className="text-sm font-medium text-destructive">
            {scopeError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <SubmitButton busy={busy} label={submitLabel} busyLabel="Saving…" />
      </div>
    </Form>
  );
}
