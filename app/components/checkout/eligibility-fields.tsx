import { Link } from "react-router";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { Field, inputClass } from "~/components/ui/field";
import { ELIGIBLE_COUNTRY_OPTIONS, type EligibilityErrors } from "~/schemas/protection";

/** Date of birth, country and terms: asked once, before a first paid entry (18+, UK or Ireland). */
export function EligibilityFields({
  errors = {},
  defaults = {},
}: {
  errors?: EligibilityErrors;
  defaults?: { dateOfBirth?: string | null; country?: string | null };
}) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-border bg-card p-5 text-card-foreground">
      <legend className="px-1 text-lg font-semibold">Confirm you can enter</legend>
      <p className="text-sm text-muted-foreground">
        Our competitions are open to residents of the United Kingdom and Ireland aged 18 or over. You only need to confirm this once.
      </p>
      <Field label="Date of birth" error={errors.dateOfBirth}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="dateOfBirth"
            type="date"
            required
            autoComplete="bday"
            defaultValue={defaults.dateOfBirth ?? undefined}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Country of residence" error={errors.country}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            name="country"
            required
            defaultValue={defaults.country ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid}
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
