import { Link } from "react-router";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { controlProps } from "~/components/form-feedback";
import { DateOfBirthField } from "~/components/ui/date-of-birth-field";
import { Field, inputClass } from "~/components/ui/field";
import { type DateParts, datePartsOf } from "~/domain/date-of-birth";
import { ELIGIBLE_COUNTRY_OPTIONS, type EligibilityErrors } from "~/schemas/protection";

/** Date of birth, country and terms: asked once, before a first paid entry (18+, UK or Ireland). */
export function EligibilityFields({
  errors = {},
  defaults = {},
  sentDateOfBirth,
}: {
  errors?: EligibilityErrors;
  defaults?: { dateOfBirth?: string | null; country?: string | null };
  /** The three date fields as typed, when the form came back. */
  sentDateOfBirth?: DateParts;
}) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-border bg-card p-5 text-card-foreground">
      <legend className="px-1 text-lg font-semibold">Confirm you can enter</legend>
      <p className="text-sm text-muted-foreground">
        Our competitions are open to residents of the United Kingdom and Ireland aged 18 or over. You only need to
        confirm this once.
      </p>
      <DateOfBirthField error={errors.dateOfBirth} value={sentDateOfBirth ?? datePartsOf(defaults.dateOfBirth)} />
      <Field label="Country of residence" name="country" error={errors.country}>
        {(ids) => (
          <select
            {...controlProps(ids)}
            name="country"
            required
            defaultValue={defaults.country ?? ""}
            className={inputClass}
          >
            <option value="" disabled>
              Choose a country
            </option>
            {ELIGIBLE_COUNTRY_OPTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CheckboxField
        name="acceptTerms"
        error={errors.acceptTerms}
        label={
          <>
            I am 18 or over, I live in the United Kingdom or Ireland, and I accept the{" "}
            <Link to="/terms" className="font-medium text-primary underline">
              terms and conditions
            </Link>
            .
          </>
        }
      />
    </fieldset>
  );
}
