import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { FormAlert } from "~/components/auth/form-alert";
import { Notice } from "~/components/checkout/notice";
import { controlProps, useFormReply } from "~/components/form-feedback";
import { Section } from "~/components/page-section";
import { SupportServices } from "~/components/support-services";
import { Button, SubmitButton } from "~/components/ui/button";
import { Field, FieldError, inputClass, useFieldId } from "~/components/ui/field";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import type { PauseDays } from "~/domain/player-protection";
import { remainingAllowance } from "~/domain/spend-limit";
import { privatePageMeta } from "~/lib/seo";
import { type FormReply, successNotice } from "~/schemas/form";
import { limitsCheck, PAUSE_OPTIONS, SELF_EXCLUSION_OPTIONS } from "~/schemas/protection";
import { guardedUser } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import {
  getProtectionStatus,
  pauseAccount,
  selfExclude,
  setMonthlyLimit,
} from "~/server/protection/player-protection.server";
import type { Route } from "./+types/account-limits";

/** The page's last reply; `intent` says which of its forms it answers. */
type LimitsReply = FormReply & { intent?: string };

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = guardedUser(context);
  const now = services.now();
  return { status: await getProtectionStatus(services, user.id, now), now };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, limitsCheck.schema);
  const intent = typeof submission.payload.intent === "string" ? submission.payload.intent : "";
  if (submission.status !== "success") return refused(submission, limitsCheck, { intent });
  const user = guardedUser(context);
  const failed = (field: string, message: string) =>
    formReply(submission, { status: 400, fieldErrors: { [field]: [message] } }, { intent });
  const now = services.now();
  const input = submission.value;
  switch (input.intent) {
    case "limit":
    case "remove-limit": {
      const limit = input.intent === "limit" ? input.limit : null;
      const result = await setMonthlyLimit(services, user.id, limit, now);
      if (!result.ok) return failed("limit", result.message);
      const what = limit === null ? "Your limit will be removed" : `Your monthly limit is ${formatPence(limit)}`;
      const when =
        result.effectiveAt.getTime() <= now.getTime()
          ? "from now."
          : `from ${formatUkShortDateTime(result.effectiveAt)}.`;
      return redirectWithToast(services, "/account/limits", successNotice("Spend limit saved", `${what} ${when}`));
    }
    case "pause":
      await pauseAccount(services, user.id, input.days as PauseDays, now);
      return redirectWithToast(
        services,
        "/account/limits",
        successNotice("Account paused", "You cannot enter competitions until your break ends."),
      );
    case "exclude": {
      const result = await selfExclude(services, user.id, input.months, now);
      if (!result.ok) return failed("months", result.message);
      return redirectWithToast(
        services,
        "/account/limits",
        successNotice("Self-exclusion in place", "Entry is closed and marketing has stopped."),
      );
    }
  }
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta(
    "Limits and breaks",
    "Set a monthly spend limit, take a break or self-exclude from Paddock's competitions.",
  );

const EXCLUDE_CONFIRM =
  "I understand I will not be able to enter competitions or receive marketing until the period ends.";

const PAUSE_CHOICES = PAUSE_OPTIONS.map((o) => ({ value: o.days, label: o.label }));
const EXCLUSION_CHOICES = SELF_EXCLUSION_OPTIONS.map((o) => ({ value: o.months, label: o.label }));

const sectionClass = "rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-6";

function Choices({
  legend,
  name,
  options,
  error,
}: {
  legend: string;
  name: string;
  options: { value: number; label: string }[];
  error?: string;
}) {
  const id = useFieldId(name);
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option, index) => (
          <label
            key={option.value}
            className={
              "flex items-center gap-3 rounded-md border border-border bg-background px-3 py-2 " +
              "has-[:checked]:border-primary"
            }
          >
            <input
              id={index === 0 ? id : undefined}
              type="radio"
              name={name}
              value={option.value}
              required
              aria-invalid={error ? true : undefined}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} className="mt-1" />
    </fieldset>
  );
}

/** What is in force now (a waiting limit change, a break), above the form that would change it. */
function StatusNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4">
      <Notice title={title}>{children}</Notice>
    </div>
  );
}

/** One of the page's forms: the reply to it alone, checked in the browser first; a refusal shows at its field. */
function LimitsForm({
  intent,
  reply,
  className,
  children,
}: {
  intent: string;
  reply: LimitsReply | undefined;
  className: string;
  children: (error: (name: string) => string | undefined) => ReactNode;
}) {
  const form = useFormReply(reply?.intent === intent ? reply : undefined, limitsCheck);
  return (
    <Form ref={form.formRef} method="post" onSubmit={form.onSubmit} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <FormAlert errors={form.summary} ref={form.noticeRef} />
      {children(form.error)}
    </Form>
  );
}

export default function AccountLimitsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  const now = new Date(loaderData.now);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const reply: LimitsReply | undefined = actionData;
  const paused = status.pausedUntil && new Date(status.pausedUntil) > now;
  const excluded = status.excludedUntil && new Date(status.excludedUntil) > now;
  const left = remainingAllowance(status.monthlyLimitPence, status.spentThisMonthPence);

  return (
    <AccountShell
      title="Limits and breaks"
      intro="Stay in control of what you spend. These settings apply to every paid entry on your account."
    >
      <div className="max-w-3xl">
        <Section titleId="limit-title" title="Monthly spend limit" size="xl" className={sectionClass}>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            <dt className="text-muted-foreground">Your limit</dt>
            <dd className="font-semibold">
              {status.monthlyLimitPence === null ? "No limit" : formatPence(status.monthlyLimitPence)}
            </dd>
            <dt className="text-muted-foreground">Spent this month</dt>
            <dd className="font-semibold">{formatPence(status.spentThisMonthPence)}</dd>
            {left !== null ? (
              <>
                <dt className="text-muted-foreground">Left to spend</dt>
                <dd className="font-semibold">{formatPence(left)}</dd>
              </>
            ) : null}
          </dl>
          {status.pendingLimitEffectiveAt ? (
            <StatusNote title="A change is waiting">
              Your limit changes to{" "}
              {status.pendingLimitPence === null ? "no limit" : formatPence(status.pendingLimitPence)} on{" "}
              {formatUkShortDateTime(status.pendingLimitEffectiveAt)}. Until then your current limit stays in force.
            </StatusNote>
          ) : null}
          <LimitsForm intent="limit" reply={reply} className="mt-5 space-y-3">
            {(error) => (
              <>
                <Field
                  label="New monthly limit in pounds"
                  name="limit"
                  hint="Any amount down to £0. Lowering takes effect at once; raising it takes effect after 24 hours."
                  error={error("limit")}
                >
                  {(ids) => (
                    <input
                      {...controlProps(ids)}
                      name="limit"
                      inputMode="decimal"
                      required
                      className={`${inputClass} max-w-48`}
                    />
                  )}
                </Field>
                <SubmitButton busy={busy("limit")} label="Set limit" busyLabel="Saving" />
              </>
            )}
          </LimitsForm>
          {status.monthlyLimitPence !== null ? (
            <LimitsForm intent="remove-limit" reply={reply} className="mt-3">
              {() => (
                <Button type="submit" variant="outline" size="sm" disabled={busy("remove-limit")}>
                  Remove my limit (after 24 hours)
                </Button>
              )}
            </LimitsForm>
          ) : null}
        </Section>

        <Section titleId="pause-title" title="Take a break" size="xl" className={`mt-6 ${sectionClass}`}>
          <p className="mt-2 text-muted-foreground">
            Pause your account and you cannot enter any competition until the break ends. A break cannot be shortened.
          </p>
          {paused ? (
            <StatusNote title="Your account is paused">
              Paused until {formatUkShortDateTime(status.pausedUntil as Date)}.
            </StatusNote>
          ) : null}
          <LimitsForm intent="pause" reply={reply} className="mt-4 space-y-3">
            {(error) => (
              <>
                <Choices legend="Pause for" name="days" options={PAUSE_CHOICES} error={error("days")} />
                <SubmitButton busy={busy("pause")} label="Pause my account" busyLabel="Pausing" variant="secondary" />
              </>
            )}
          </LimitsForm>
        </Section>

        <Section titleId="exclude-title" title="Self-exclusion" size="xl" className={`mt-6 ${sectionClass}`}>
          <p className="mt-2 text-muted-foreground">
            Self-exclusion closes entry to every competition on your account and stops all marketing e-mails for the
            whole period. It cannot be cancelled or shortened once set.
          </p>
          {excluded ? (
            <StatusNote title="You are self-excluded">
              Until {formatUkShortDateTime(status.excludedUntil as Date)}.
            </StatusNote>
          ) : null}
          <LimitsForm intent="exclude" reply={reply} className="mt-4 space-y-3">
            {(error) => (
              <>
                <Choices legend="Exclude me for" name="months" options={EXCLUSION_CHOICES} error={error("months")} />
                <CheckboxField name="confirm" error={error("confirm")} label={EXCLUDE_CONFIRM} />
                <SubmitButton busy={busy("exclude")} label="Self-exclude" busyLabel="Saving" variant="destructive" />
              </>
            )}
          </LimitsForm>
        </Section>
      </div>
      <SupportServices />
    </AccountShell>
  );
}
