import type { DateParts } from "~/domain/date-of-birth";
import { FieldError, inputBoxClass, useFieldId } from "./field";

const PARTS = [
  { part: "day", label: "Day", width: "w-16" },
  { part: "month", label: "Month", width: "w-16" },
  { part: "year", label: "Year", width: "w-20" },
] as const;

/**
 * Date of birth as three numeric fields in a fieldset, like GOV.UK's date input: en-GB order, each field with its
 * own label and bday-* autocomplete, the hint and error linked to every field. A message about missing parts marks
 * only the empty ones; any other marks all three. Named <name>.day, .month and .year (see schemas/date-of-birth).
 */
export function DateOfBirthField({
  name = "dateOfBirth",
  legend = "Date of birth",
  hint = "For example, 27 3 1990",
  error,
  value = {},
}: {
  name?: string;
  legend?: string;
  hint?: string;
  error?: string;
  value?: DateParts;
}) {
  const id = useFieldId(name);
  const hintId = `${id}-hint`;
  // The day field carries the group's id: the error summary's link lands on the first of the three.
  const partId = (part: keyof DateParts) => (part === "day" ? id : `${id}-${part}`);
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ");
  const onlyMissing = Boolean(error?.startsWith("Date of birth must include"));
  const invalid = (part: keyof DateParts) =>
    error && (!onlyMissing || (value[part] ?? "").trim() === "") ? true : undefined;
  return (
    <fieldset aria-describedby={describedBy} className="space-y-1.5">
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <FieldError id={errorId} error={error} />
      <div className="flex flex-wrap gap-3">
        {PARTS.map(({ part, label, width }) => (
          <div key={part} className="space-y-1">
            <label htmlFor={partId(part)} className="block text-sm">
              {label}
            </label>
            <input
              id={partId(part)}
              name={`${name}.${part}`}
              inputMode="numeric"
              autoComplete={`bday-${part}`}
              spellCheck={false}
              maxLength={part === "year" ? 4 : 2}
              defaultValue={value[part]}
              aria-invalid={invalid(part)}
              aria-describedby={errorId}
              className={`block ${inputBoxClass} ${width}`}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
