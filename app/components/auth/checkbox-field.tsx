import { FieldError, useFieldId } from "~/components/ui/field";

type CheckboxFieldProps = { name: string; label: React.ReactNode; defaultChecked?: boolean; error?: string };

/** A checkbox with its label beside it and its error wired to it. */
export function CheckboxField({ name, label, defaultChecked, error }: CheckboxFieldProps) {
  const id = useFieldId(name);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-describedby={errorId}
          aria-invalid={error ? true : undefined}
          className="mt-1 h-5 w-5 shrink-0 accent-[var(--primary)]"
        />
        <label htmlFor={id} className="text-sm leading-6">
          {label}
        </label>
      </div>
      <FieldError id={errorId} error={error} className="mt-1" />
    </div>
  );
}
