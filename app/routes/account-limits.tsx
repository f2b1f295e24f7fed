import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/account-limits";
import { AccountShell } from "~/components/account/account-shell";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { formatDateTime } from "~/components/account/format";
import { Notice } from "~/components/checkout/notice";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import type { PauseDays } from "~/domain/player-protection";
import { formatPence } from "~/domain/money";
import { remainingAllowance } from "~/domain/spend-limit";
import { pageMeta } from "~/lib/seo";
import { fieldErrors } from "~/schemas/form";
import { LimitsActionSchema, PAUSE_OPTIONS, SELF_EXCLUSION_OPTIONS } from "~/schemas/protection";
import { servicesContext } from "~/server/context";
import { getProtectionStatus, pauseAccount, selfExclude, setMonthlyLimit } from "~/server/player-protection.server";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

type LimitsActionData = { intent: string; errors: Partial<Record<"limit" | "days" | "months" | "confirm", string>> };

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const now = services.now();
  return { status: await getProtectionStatus(services, user.id, now), now };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const form = Object.fromEntries(await request.formData());
  const parsed = LimitsActionSchema.safeParse(form);
  const failed = (errors: LimitsActionData["errors"], status = 400) => data<LimitsActionData>({ intent: String(form.intent ?? ""), errors }, { status });
  if (!parsed.success) return failed(fieldErrors(parsed.error));
  const now = services.now();
  const input = parsed.data;
  switch (input.intent) {
    case "limit":
    case "remove-limit": {
      const limit = input.intent === "limit" ? input.limit : null;
      const result = await setMonthlyLimit(services, user.id, limit, now);
      if (!result.ok) return failed({ limit: result.message });
      const what = limit === null ? "Your limit will be removed" : `Your monthly limit is ${formatPence(limit)}`;
      const when = result.effectiveAt.getTime() <= now.getTime() ? "from now." : `from ${formatDateTime(result.effectiveAt)}.`;
      return redirectWithToast(services, "/account/limits", { type: "success", title: "Spend limit saved", description: `${what} ${when}` });
    }
    case "pause":
      await pauseAccount(services, user.id, input.days as PauseDays, now);
      return redirectWithToast(services, "/account/limits", {
        type: "success",
        title: "Account paused",
        description: "You cannot enter competitions until your break ends.",
      });
    case "exclude": {
      const result = await selfExclude(services, user.id, input.months, now);
      if (!result.ok) return failed({ months: result.message });
      return redirectWithToast(services, "/account/limits", {
        type: "success",
        title: "Self-exclusion in place",
        description: "Entry is closed and marketing has stopped.",
      });
    }
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Limits and breaks", "Set a monthly spend limit, take a break or self-exclude from Paddock's competitions.", [
    { name: "robots", content: "noindex" },
  ]);

const sectionClass = "rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-6";

function Choices({ legend, name, options, error }: { legend: string; name: string; options: { value: number; label: string }[]; error?: string }) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-3 rounded-md border border-border bg-background px-3 py-2 has-[:checked]:border-primary">
            <input type="radio" name={name} value={option.value} required className="size-4 accent-primary" />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function AccountLimitsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  const now = new Date(loaderData.now);
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors = actionData?.errors ?? {};
  const paused = status.pausedUntil && new Date(status.pausedUntil) > now;
  const excluded = status.excludedUntil && new Date(status.excludedUntil) > now;
  const left = remainingAllowance(status.monthlyLimitPence, status.spentThisMonthPence);
  useEffect(() => {
    const first = Object.values(actionData?.errors ?? {})[0];
    if (first) toast.error("Not saved", { description: first });
  }, [actionData]);

  return (
    <AccountShell title="Limits and breaks" intro="Stay in control of what you spend. These settings apply to every paid entry on your account.">
      <div className="max-w-3xl">
        <section aria-labelledby="limit-title" className={sectionClass}>
          <h2 id="limit-title" className="text-xl font-semibold">
            Monthly spend limit
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            <dt className="text-muted-foreground">Your limit</dt>
            <dd className="font-semibold">{status.monthlyLimitPence === null ? "No limit" : formatPence(status.monthlyLimitPence)}</dd>
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
            <div className="mt-4">
              <Notice title="A change is waiting">
                Your limit changes to {status.pendingLimitPence === null ? "no limit" : formatPence(status.pendingLimitPence)} on{" "}
                {formatDateTime(status.pendingLimitEffectiveAt)}. Until then your current limit stays in force.
              </Notice>
            </div>
          ) : null}
          <Form method="post" className="mt-5 space-y-3">
            <input type="hidden" name="intent" value="limit" />
            <Field
              label="New monthly limit in pounds"
              hint="Any amount down to £0. Lowering takes effect at once; raising it takes effect after 24 hours."
              error={errors.limit}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  name="limit"
                  inputMode="decimal"
                  required
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  className={`${inputClass} max-w-48`}
                />
              )}
            </Field>
            <Button type="submit" disabled={busy("limit")}>
              {busy("limit") ? "Saving" : "Set limit"}
            </Button>
          </Form>
          {status.monthlyLimitPence !== null ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="remove-limit" />
              <Button type="submit" variant="outline" size="sm" disabled={busy("remove-limit")}>
                Remove my limit (after 24 hours)
              </Button>
            </Form>
          ) : null}
        </section>

        <section aria-labelledby="pause-title" className={`mt-6 ${sectionClass}`}>
          <h2 id="pause-title" className="text-xl font-semibold">
            Take a break
          </h2>
          <p className="mt-2 text-muted-foreground">
            Pause your account and you cannot enter any competition until the break ends. A break cannot be shortened.
          </p>
          {paused ? (
            <div className="mt-4">
              <Notice title="Your account is paused">Paused until {formatDateTime(status.pausedUntil!)}.</Notice>
            </div>
          ) : null}
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="pause" />
            <Choices legend="Pause for" name="days" options={PAUSE_OPTIONS.map((o) => ({ value: o.days, label: o.label }))} error={errors.days} />
            <Button type="submit" variant="secondary" disabled={busy("pause")}>
              {busy("pause") ? "Pausing" : "Pause my account"}
            </Button>
          </Form>
        </section>

        <section aria-labelledby="exclude-title" className={`mt-6 ${sectionClass}`}>
          <h2 id="exclude-title" className="text-xl font-semibold">
            Self-exclusion
          </h2>
          <p className="mt-2 text-muted-foreground">
            Self-exclusion closes entry to every competition on your account and stops all marketing e-mails for the whole period. It cannot be cancelled or
            shortened once set.
          </p>
          {excluded ? (
            <div className="mt-4">
              <Notice title="You are self-excluded">Until {formatDateTime(status.excludedUntil!)}.</Notice>
            </div>
          ) : null}
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="exclude" />
            <Choices
              legend="Exclude me for"
              name="months"
              options={SELF_EXCLUSION_OPTIONS.map((o) => ({ value: o.months, label: o.label }))}
              error={errors.months}
            />
            <CheckboxField
              name="confirm"
              error={errors.confirm}
              label="I understand I will not be able to enter competitions or receive marketing until the period ends."
            />
            <Button type="submit" variant="destructive" disabled={busy("exclude")}>
              {busy("exclude") ? "Saving" : "Self-exclude"}
            </Button>
          </Form>
        </section>
      </div>
    </AccountShell>
  );
}
