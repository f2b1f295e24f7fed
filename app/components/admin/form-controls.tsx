import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { inputClass } from "~/components/ui/field";
import { fieldId, type SummaryItem } from "~/schemas/form-result";

// Labelled controls for conform forms: each control's error and hint are wired to it by id for screen readers.

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/**
 * A conform form's fields in error, for its error summary: each links to the control conform named
 * `<form id>-<field name>`, or, for controls placed in a Field (`ids: "field"`), to the Field's own id.
 */
export function conformSummary(
  form: { id: string; allErrors: Record<string, string[] | undefined> },
  ids: "conform" | "field" = "conform",
): SummaryItem[] {
  const items: SummaryItem[] = [];
  for (const [name, messages] of Object.entries(form.allErrors)) {
    const message = messages?.[0];
    if (!name || name === form.id || !message) continue;
    items.push({ name, message, id: ids === "field" ? fieldId(name) : `${form.id}-${name}` });
  }
  return items;
}

const LOCKED_HINT = "Locked: entrants relied on this once the competition went live.";

function Described({ meta, hint, children }: { meta: Meta; hint?: string; children: React.ReactNode }) {
  return (
    <>
      {children}
      {hint ? (
        <p id={meta.descriptionId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="text-sm font-medium text-destructive">
          {meta.errors[0]}
        </p>
      ) : null}
    </>
  );
}

type ControlProps = {
  meta: Meta;
  label: string;
  hint?: string;
  locked?: boolean;
};

function hintFor(hint: string | undefined, locked: boolean | undefined) {
  return locked ? [hint, LOCKED_HINT].filter(Boolean).join(" ") : hint;
}

/** The label above a control, and its hint and error below it. */
function Labelled({
  meta,
  label,
  hint,
  children,
}: {
  meta: Meta;
  label: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={meta.id} className="block text-sm font-medium">
        {label}
      </label>
      <Described meta={meta} hint={hint}>
        {children}
      </Described>
    </div>
  );
}

export function TextControl({
  meta,
  label,
  hint,
  locked,
  type = "text",
  inputMode,
}: ControlProps & {
  type?: "text" | "date" | "datetime-local" | "email" | "tel" | "url";
  inputMode?: "decimal" | "numeric" | "text";
}) {
  const described = hintFor(hint, locked);
  return (
    <Labelled meta={meta} label={label} hint={described}>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: described ? meta.descriptionId : undefined })}
        inputMode={inputMode}
        readOnly={locked}
        className={`${inputClass} read-only:bg-muted`}
      />
    </Labelled>
  );
}

export function TextareaControl({ meta, label, hint, locked, rows = 4 }: ControlProps & { rows?: number }) {
  const described = hintFor(hint, locked);
  return (
    <Labelled meta={meta} label={label} hint={described}>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: described ? meta.descriptionId : undefined })}
        rows={rows}
        readOnly={locked}
        className={`${inputClass} read-only:bg-muted`}
      />
    </Labelled>
  );
}

/** A checkbox; when locked it is shown disabled and its value travels in a hidden input, unchanged. */
export function CheckboxControl({ meta, label, hint, locked }: ControlProps) {
  const described = hintFor(hint, locked);
  const props = getInputProps(meta, {
    type: "checkbox",
    ariaDescribedBy: described ? meta.descriptionId : undefined,
  });
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          {...props}
          name={locked ? undefined : props.name}
          disabled={locked}
          className="mt-1 h-5 w-5 shrink-0 accent-primary"
        />
        {locked && props.defaultChecked ? <input type="hidden" name={meta.name} value="on" /> : null}
        <label htmlFor={meta.id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      <Described meta={meta} hint={described}>
        {null}
      </Described>
    </div>
  );
}

/** A titled group of fields on a staff form. */
export function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-5 rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-6">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
