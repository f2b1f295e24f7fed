import { Form, Link, useNavigation } from "react-router";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { FormAlert } from "~/components/auth/form-alert";
import { TextField } from "~/components/auth/text-field";
import { Button, buttonClass } from "~/components/ui/button";
import type { FormNotice } from "~/schemas/form";
import { MARKETING_CONSENT_WORDING } from "~/content/account";

export type ProfileView = { email: string; firstName: string; lastName: string; phone: string; marketingConsent: boolean; pendingEmail: string | null };

export function ProfileDetails({ profile }: { profile: ProfileView }) {
  const rows: Array<[string, string]> = [
    ["Name", `${profile.firstName} ${profile.lastName}`.trim() || "Not given"],
    ["Email", profile.email],
    ["Phone", profile.phone || "Not given"],
    ["Marketing e-mails", profile.marketingConsent ? "Yes, send me news and offers" : "No"],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted-foreground">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {profile.pendingEmail ? (
        <div className="contents">
          <dt className="font-medium text-muted-foreground">Waiting to confirm</dt>
          <dd>{profile.pendingEmail}: open the link we sent there to switch to it.</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function ProfileForm({ profile, state }: { profile: ProfileView; state?: { notice?: FormNotice; errors: Partial<Record<string, string>>; values: Record<string, string> } }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const values = state?.values;
  const errors = state?.errors ?? {};
  return (
    <Form method="post" action="/account?edit=1" noValidate className="space-y-5">
      <input type="hidden" name="intent" value="profile" />
      <FormAlert notice={state?.notice} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" name="firstName" autoComplete="given-name" maxLength={100} defaultValue={values?.firstName ?? profile.firstName} error={errors.firstName} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" maxLength={100} defaultValue={values?.lastName ?? profile.lastName} error={errors.lastName} />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={values?.email ?? profile.email}
        error={errors.email}
        hint="If you change it, we send a link to the new address; the change happens when you open it."
      />
      <TextField label="Phone (optional)" name="phone" type="tel" autoComplete="tel" maxLength={30} defaultValue={values?.phone ?? profile.phone} error={errors.phone} />
      <CheckboxField name="marketingConsent" defaultChecked={values ? values.marketingConsent === "on" : profile.marketingConsent} label={MARKETING_CONSENT_WORDING} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save changes"}
        </Button>
        <Link to="/account" className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
