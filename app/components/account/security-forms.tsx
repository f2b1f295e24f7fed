import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { PasswordField } from "~/components/auth/password-field";
import { TextField } from "~/components/auth/text-field";
import { Button } from "~/components/ui/button";
import type { FormNotice } from "~/schemas/form";
import { formatDateTime } from "./format";

export type SecurityState = {
  intent: string;
  notice?: FormNotice;
  errors: Partial<Record<string, string>>;
  enrolment?: { totpURI: string; qrDataUrl: string; secret: string; backupCodes?: string[] };
  backupCodes?: string[];
};

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** Errors from the last post, only for the form that made it. */
const errorsFor = (state: SecurityState | undefined, intent: string) => (state?.intent === intent ? state.errors : {});

export function ChangePasswordForm({ state }: { state?: SecurityState }) {
  const busy = useBusy("change-password");
  const errors = errorsFor(state, "change-password");
  return (
    <Form method="post" noValidate className="max-w-md space-y-5">
      <input type="hidden" name="intent" value="change-password" />
      {state?.intent === "change-password" ? <FormAlert notice={state.notice} /> : null}
      <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" error={errors.currentPassword} />
      <PasswordField label="New password" name="password" autoComplete="new-password" hint="At least 8 characters, and not a common password. Your other devices will be signed out." error={errors.password} />
      <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : "Change password"}
      </Button>
    </Form>
  );
}

export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-md border border-border bg-muted p-4">
      <p className="font-semibold">Your backup codes</p>
      <p className="mt-1 text-sm">
        Each works once, instead of a code from your app. Save them somewhere safe now: we will not show them again.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-base" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function PasswordConfirmForm({ intent, label, state, variant = "primary" }: { intent: string; label: string; state?: SecurityState; variant?: "primary" | "outline" }) {
  const busy = useBusy(intent);
  const errors = errorsFor(state, intent);
  return (
    <Form method="post" noValidate className="max-w-md space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {state?.intent === intent ? <FormAlert notice={state.notice} /> : null}
      <PasswordField label="Your password" name="password" autoComplete="current-password" error={errors.password} />
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? "Working…" : label}
      </Button>
    </Form>
  );
}

export function TwoFactorSettings({ status, state }: { status: "off" | "pending" | "on"; state?: SecurityState }) {
  const confirmBusy = useBusy("confirm-2fa");
  const disableBusy = useBusy("disable-2fa");
  const enrolment = state?.enrolment;
  if (enrolment) {
    const errors = errorsFor(state, "confirm-2fa");
    return (
      <div className="space-y-5">
        <ol className="list-decimal space-y-2 pl-5">
          <li>Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
          <li>Enter the 6-digit code the app shows to finish.</li>
        </ol>
        <div className="flex flex-wrap items-start gap-6">
          <img src={enrolment.qrDataUrl} alt="QR code for setting up two-factor sign-in in an authenticator app" width={200} height={200} className="rounded-md bg-white p-2" />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-muted-foreground">Cannot scan it? Enter this key in the app instead:</p>
            <p className="mt-1 break-all font-mono text-lg" data-totp-secret>
              {enrolment.secret}
            </p>
          </div>
        </div>
        {enrolment.backupCodes ? <BackupCodes codes={enrolment.backupCodes} /> : null}
        <Form method="post" noValidate className="max-w-md space-y-4">
          <input type="hidden" name="intent" value="confirm-2fa" />
          <input type="hidden" name="totpURI" value={enrolment.totpURI} />
          <TextField label="6-digit code from your app" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.code} />
          <Button type="submit" disabled={confirmBusy}>
            {confirmBusy ? "Checking…" : "Turn on two-factor authentication"}
          </Button>
        </Form>
      </div>
    );
  }
  if (status === "on") {
    const errors = errorsFor(state, "disable-2fa");
    return (
      <div className="space-y-6">
        <p>
          <strong>Two-factor authentication is on.</strong> Signing in asks for a code from your authenticator app.
        </p>
        {state?.backupCodes ? <BackupCodes codes={state.backupCodes} /> : null}
        <div>
          <h3 className="font-semibold">New backup codes</h3>
          <p className="mb-3 text-sm text-muted-foreground">Makes a fresh set of ten; the old ones stop working.</p>
          <PasswordConfirmForm intent="backup-codes" label="Make new backup codes" state={state} variant="outline" />
        </div>
        <div>
          <h3 className="font-semibold">Turn off two-factor authentication</h3>
          <p className="mb-3 text-sm text-muted-foreground">Needs your password and a current code from your app.</p>
          <Form method="post" noValidate className="max-w-md space-y-4">
            <input type="hidden" name="intent" value="disable-2fa" />
            {state?.intent === "disable-2fa" ? <FormAlert notice={state.notice} /> : null}
            <PasswordField label="Your password" name="password" autoComplete="current-password" error={errors.password} />
            <TextField label="Current 6-digit code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.code} />
            <Button type="submit" variant="destructive" disabled={disableBusy}>
              {disableBusy ? "Working…" : "Turn off two-factor authentication"}
            </Button>
          </Form>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p>
        {status === "pending"
          ? "You started setting up two-factor authentication but did not finish. Start again to get a new QR code."
          : "Add a second step to signing in: a code from an authenticator app on your phone. The admin area requires it."}
      </p>
      <PasswordConfirmForm intent="enable-2fa" label={status === "pending" ? "Start again" : "Set up two-factor authentication"} state={state} />
    </div>
  );
}

export type SessionView = { id: string; createdAt: string | Date; updatedAt: string | Date; ipAddress: string | null; userAgent: string | null; current: boolean };

/** A short, readable name for a browser from its user-agent string. */
function describeAgent(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrome\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : "Browser";
  const os = /Windows/.test(userAgent) ? "Windows" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Android/.test(userAgent) ? "Android" : /Mac OS X/.test(userAgent) ? "macOS" : /Linux/.test(userAgent) ? "Linux" : "";
  return os ? `${browser} on ${os}` : browser;
}

export function SessionsList({ sessions, state }: { sessions: SessionView[]; state?: SecurityState }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="space-y-4">
      {state?.intent === "revoke-session" ? <FormAlert notice={state.notice} /> : null}
      <ul className="divide-y divide-border rounded-md border border-border" aria-label="Signed-in devices">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-session-id={s.id}>
            <div>
              <p className="font-medium">
                {describeAgent(s.userAgent)} {s.current ? <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-sm">This device</span> : null}
              </p>
              <p className="text-sm text-muted-foreground">
                Signed in {formatDateTime(s.createdAt)} · last active {formatDateTime(s.updatedAt)}
                {s.ipAddress ? ` · ${s.ipAddress}` : ""}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-session" />
              <input type="hidden" name="sessionId" value={s.id} />
              <Button type="submit" variant="outline" size="sm" aria-label={s.current ? "Sign out of this device" : `Sign out of ${describeAgent(s.userAgent)}, signed in ${formatDateTime(s.createdAt)}`}>
                Sign out
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {others > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-other-sessions" />
            <Button type="submit" variant="outline">
              Sign out of all other devices
            </Button>
          </Form>
        ) : null}
        <Form method="post" action="/signout">
          <input type="hidden" name="scope" value="everywhere" />
          <Button type="submit" variant="outline">
            Sign out everywhere
          </Button>
        </Form>
      </div>
    </div>
  );
}
