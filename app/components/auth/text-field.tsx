import { Field, inputClass } from "~/components/ui/field";

type TextFieldProps = {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "text" | "numeric" | "email" | "tel";
};

/** A labelled one-line input whose error and hint are wired to it for screen readers. */
export function TextField({ label, name, error, hint, defaultValue, type = "text", autoComplete, maxLength = 254, inputMode }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type={type}
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
