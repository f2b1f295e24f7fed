import { Link } from "react-router";
import { EmailField, MarketingConsentField, NameFields, PhoneField } from "~/components/auth/account-fields";
import { ReplyForm, useBusy } from "~/components/auth/reply-form";
import { useFormReply } from "~/components/form-feedback";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import type { FormReply } from "~/schemas/form";
import type { Profile } from "~/server/accounts/account.server";

export function ProfileDetails({ profile }: { profile: Profile }) {
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
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
      {profile.pendingEmail ? (
        <div className="contents">
          <dt className="font-medium text-muted-foreground">Waiting to confirm</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            {profile.pendingEmail}: open the link we sent there to switch to it.
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function ProfileForm({ profile, reply }: { profile: Profile; reply?: FormReply }) {
  const busy = useBusy("profile");
  const form = useFormReply(reply);
  const { error, value } = form;
  // Once it has come back, the form shows what was sent (an emptied field stays empty), not the saved profile.
  const sent = (name: "firstName" | "lastName" | "email" | "phone") => (reply ? (value(name) ?? "") : profile[name]);
  return (
    <ReplyForm form={form} action="/account?edit=1" hidden={{ intent: "profile" }}>
      <NameFields value={sent} error={error} />
      <EmailField
        defaultValue={sent("email")}
        error={error("email")}
        hint="If you change it, we send a link to the new address; the change happens when you open it."
      />
      <PhoneField defaultValue={sent("phone")} error={error("phone")} />
      <MarketingConsentField defaultChecked={reply ? value("marketingConsent") === "on" : profile.marketingConsent} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} label="Save changes" busyLabel="Saving…" />
        <Link to="/account" className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </ReplyForm>
  );
}
