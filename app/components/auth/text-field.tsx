import { Field, inputClass } from "~/components/ui/field";

type TextFieldProps = {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  required?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "text" | "numeric" | "email" | "tel";
};

/** A labelled one-line input whose error and hint are wired to it for screen readers. */
export function TextField({
  label,
  name,
  error,
  hint,
  defaultValue,
  required,
  type = "text",
  autoComplete,
  maxLength = 254,
  inputMode,
}: TextFieldProps) {
  return (
    <Field label={label} name={name} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type={type}
          required={required}
          defaultValue={defaultValue}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** A labelled multi-line input, wired like TextField. */
export function TextAreaField({
  label,
  name,
  error,
  defaultValue,
  required,
  rows = 6,
  maxLength,
  className = "min-h-36",
}: Omit<TextFieldProps, "type" | "autoComplete" | "inputMode" | "hint"> & { rows?: number; className?: string }) {
  return (
    <Field label={label} name={name} error={error}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          name={name}
          required={required}
          rows={rows}
          maxLength={maxLength}
          defaultValue={defaultValue}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={`${inputClass} ${className}`}
        />
      )}
    </Field>
  );
}
