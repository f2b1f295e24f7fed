import type { ReactNode } from "react";
import { CurrentPasswordField, NewPasswordFields, TotpCodeField } from "~/components/auth/account-fields";
import { FormAlert } from "~/components/auth/form-alert";
import { ReplyForm, useBusy } from "~/components/auth/reply-form";
import { useFormReply } from "~/components/form-feedback";
import { SubmitButton } from "~/components/ui/button";
import { PostButton } from "~/components/ui/post-button";
import { formatUkShortDateTime } from "~/domain/london-format";
import type { FormReply } from "~/schemas/form";

/** The page's last reply; `intent` says which of its forms it answers. */
type SecurityState = FormReply & {
  intent: string;
  enrolment?: { totpURI: string; qrDataUrl: string; secret: string; backupCodes?: string[] };
  backupCodes?: string[];
};

/** One of the page's forms: it posts its intent and shows the page's reply only when the reply is to it. */
function SecurityForm({
  intent,
  state,
  className = "max-w-md space-y-4",
  children,
}: {
  intent: string;
  state?: SecurityState;
  className?: string;
  children: (error: (name: string) => string | undefined) => ReactNode;
}) {
  const form = useFormReply(state?.intent === intent ? state : undefined);
  return (
    <ReplyForm form={form} hidden={{ intent }} className={className} idScope={intent}>
      {children(form.error)}
    </ReplyForm>
  );
}

export function ChangePasswordForm({ state }: { state?: SecurityState }) {
  const busy = useBusy("change-password");
  return (
    <SecurityForm intent="change-password" state={state} className="max-w-md space-y-5">
      {(error) => (
        <>
          <CurrentPasswordField label="Current password" name="currentPassword" error={error("currentPassword")} />
          <NewPasswordFields
            hint="At least 8 characters, and not a common password. Your other devices will be signed out."
            error={error}
          />
          <SubmitButton busy={busy} label="Change password" busyLabel="Saving…" />
        </>
      )}
    </SecurityForm>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
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

function PasswordConfirmForm({
  intent,
  label,
  state,
  variant = "primary",
}: {
  intent: string;
  label: string;
  state?: SecurityState;
  variant?: "primary" | "outline";
}) {
  const busy = useBusy(intent);
  return (
    <SecurityForm intent={intent} state={state}>
      {(error) => (
        <>
          <CurrentPasswordField error={error("password")} />
          <SubmitButton busy={busy} label={label} busyLabel="Working…" variant={variant} />
        </>
      )}
    </SecurityForm>
  );
}

export function TwoFactorSettings({ status, state }: { status: "off" | "pending" | "on"; state?: SecurityState }) {
  const enrolment = state?.enrolment;
  if (enrolment) return <ConfirmTwoFactor enrolment={enrolment} state={state} />;
  if (status === "on") return <TwoFactorOn state={state} />;
  return (
    <div className="space-y-4">
      <p>
        {status === "pending"
          ? "You started setting up two-factor authentication but did not finish. Start again to get a new QR code."
          : "Add a second step to signing in: a code from an authenticator app on your phone. " +
            "The admin area requires it."}
      </p>
      <PasswordConfirmForm
        intent="enable-2fa"
        label={status === "pending" ? "Start again" : "Set up two-factor authentication"}
        state={state}
      />
    </div>
  );
}

function ConfirmTwoFactor({
  enrolment,
  state,
}: {
  enrolment: NonNullable<SecurityState["enrolment"]>;
  state?: SecurityState;
}) {
  const confirmBusy = useBusy("confirm-2fa");
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or
          1Password).
        </li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        <img
          src={enrolment.qrDataUrl}
          alt="QR code for setting up two-factor sign-in in an authenticator app"
          width={200}
          height={200}
          className="rounded-md bg-white p-2"
        />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-muted-foreground">Cannot scan it? Enter this key in the app instead:</p>
          <p className="mt-1 break-all font-mono text-lg" data-totp-secret>
            {enrolment.secret}
          </p>
        </div>
      </div>
      {enrolment.backupCodes ? <BackupCodes codes={enrolment.backupCodes} /> : null}
      <SecurityForm intent="confirm-2fa" state={state}>
        {(error) => (
          <>
            <input type="hidden" name="totpURI" value={enrolment.totpURI} />
            <TotpCodeField label="6-digit code from your app" error={error("code")} />
            <SubmitButton busy={confirmBusy} label="Turn on two-factor authentication" busyLabel="Checking…" />
          </>
        )}
      </SecurityForm>
    </div>
  );
}

function TwoFactorOn({ state }: { state?: SecurityState }) {
  const disableBusy = useBusy("disable-2fa");
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
        <SecurityForm intent="disable-2fa" state={state}>
          {(error) => (
            <>
              <CurrentPasswordField error={error("password")} />
              <TotpCodeField label="Current 6-digit code" error={error("code")} />
              <SubmitButton
                busy={disableBusy}
                label="Turn off two-factor authentication"
                busyLabel="Working…"
                variant="destructive"
              />
            </>
          )}
        </SecurityForm>
      </div>
    </div>
  );
}

type SessionView = {
  id: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
};

/** A short, readable name for a browser from its user-agent string. */
function describeAgent(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
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
            <div className="min-w-0">
              <p className="font-medium">
                {describeAgent(s.userAgent)}{" "}
                {s.current ? <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-sm">This device</span> : null}
              </p>
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                Signed in {formatUkShortDateTime(s.createdAt)} · last active {formatUkShortDateTime(s.updatedAt)}
                {s.ipAddress ? ` · ${s.ipAddress}` : ""}
              </p>
            </div>
            <PostButton
              values={{ intent: "revoke-session", sessionId: s.id }}
              variant="outline"
              size="sm"
              aria-label={
                s.current
                  ? "Sign out of this device"
                  : `Sign out of ${describeAgent(s.userAgent)}, signed in ${formatUkShortDateTime(s.createdAt)}`
              }
            >
              Sign out
            </PostButton>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {others > 0 ? (
          <PostButton values={{ intent: "revoke-other-sessions" }} variant="outline">
            Sign out of all other devices
          </PostButton>
        ) : null}
        <PostButton values={{ scope: "everywhere" }} action="/signout" variant="outline">
          Sign out everywhere
        </PostButton>
      </div>
    </div>
  );
}
