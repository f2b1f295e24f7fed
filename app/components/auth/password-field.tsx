import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Field, inputClass } from "~/components/ui/field";

const toggleClass =
  "absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground " +
  "hover:text-foreground focus-visible:outline-3 focus-visible:outline-ring";

type PasswordFieldProps = {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  autoComplete: "current-password" | "new-password";
};

/** A password input with a Show/Hide button; the button is plain HTML, so it only acts once JavaScript runs. */
export function PasswordField({ label, name, error, hint, autoComplete }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const ToggleIcon = visible ? EyeOff : Eye;
  return (
    <Field label={label} name={name} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            id={id}
            name={name}
            type={visible ? "text" : "password"}
            autoComplete={autoComplete}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            maxLength={128}
            className={`${inputClass} pr-12`}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-controls={id}
            aria-pressed={visible}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            className={toggleClass}
          >
            <ToggleIcon aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      )}
    </Field>
  );
}
