import { MARKETING_CONSENT_WORDING } from "~/content/account";
import { CheckboxField } from "./checkbox-field";
import { PasswordField } from "./password-field";
import { TextField } from "./text-field";

// The fields the sign-up, sign-in, profile, security and privacy forms share, named and limited alike everywhere.

type ByName = (name: string) => string | undefined;

export function EmailField({
  label = "Email",
  defaultValue,
  error,
  hint,
}: {
  label?: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      autoComplete="email"
      defaultValue={defaultValue}
      error={error}
      hint={hint}
    />
  );
}

const NAMES = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
] as const;

/** First and last name side by side; `value` gives each one's starting text. */
export function NameFields({
  value,
  error,
}: {
  value: (name: (typeof NAMES)[number]["name"]) => string | undefined;
  error: ByName;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {NAMES.map(({ name, label, autoComplete }) => (
        <TextField
          key={name}
          label={label}
          name={name}
          autoComplete={autoComplete}
          maxLength={100}
          defaultValue={value(name)}
          error={error(name)}
        />
      ))}
    </div>
  );
}

export function PhoneField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      label="Phone (optional)"
      name="phone"
      type="tel"
      autoComplete="tel"
      maxLength={30}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

export function MarketingConsentField({ defaultChecked }: { defaultChecked: boolean }) {
  return <CheckboxField name="marketingConsent" defaultChecked={defaultChecked} label={MARKETING_CONSENT_WORDING} />;
}

/** The password already set, asked for again before a change that needs it. */
export function CurrentPasswordField({
  label = "Your password",
  name = "password",
  error,
}: {
  label?: string;
  name?: string;
  error?: string;
}) {
  return <PasswordField label={label} name={name} autoComplete="current-password" error={error} />;
}

/** A new password and the same typed again; the confirmation's label follows the first one's. */
export function NewPasswordFields({
  label = "New password",
  hint,
  error,
}: {
  label?: string;
  hint: string;
  error: ByName;
}) {
  return (
    <>
      <PasswordField label={label} name="password" autoComplete="new-password" hint={hint} error={error("password")} />
      <PasswordField
        label={`Confirm ${label.toLowerCase()}`}
        name="confirmPassword"
        autoComplete="new-password"
        error={error("confirmPassword")}
      />
    </>
  );
}

/** The 6-digit code an authenticator app shows. */
export function TotpCodeField({ label, error }: { label: string; error?: string }) {
  return (
    <TextField label={label} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={error} />
  );
}
