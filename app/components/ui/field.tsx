import { createContext, useContext } from "react";
import { fieldId } from "~/schemas/form-result";

/** The scope of the form around a control, for pages whose forms share field names (see fieldId). */
export const FieldScope = createContext<string | undefined>(undefined);

/** A control's id from its name and the scope of its form: what the form's error summary links to. */
export function useFieldId(name: string) {
  return fieldId(name, useContext(FieldScope));
}

type FieldProps = {
  label: string;
  /** The control's name: its id is derived from it, so links to it work before JavaScript runs. */
  name: string;
  error?: string;
  hint?: string;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => React.ReactNode;
};

/** A label, the control, and its hint or error wired by id so screen readers announce them. */
export function Field({ label, name, error, hint, children }: FieldProps) {
  const id = useFieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

const errorClass = "text-sm font-medium text-destructive";

/** A control's error message (nothing when there is none), found by the control through its id. */
export function FieldError({ id, error, className }: { id?: string; error?: string; className?: string }) {
  if (!error) return null;
  return (
    <p id={id} className={className ? `${className} ${errorClass}` : errorClass}>
      {error}
    </p>
  );
}

/** A text control's look without its width, for controls sized to what they hold (a date's day, month, year). */
export const inputBoxClass =
  "rounded-md border border-input bg-card px-3 py-2.5 text-card-foreground " +
  "placeholder:text-muted-foreground focus-visible:outline-3 focus-visible:outline-offset-1 " +
  "focus-visible:outline-ring aria-[invalid=true]:border-destructive";

export const inputClass = `block w-full ${inputBoxClass}`;
