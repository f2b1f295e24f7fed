import { BadgeCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { FormAlert } from "~/components/auth/form-alert";
import { EligibilityFields } from "~/components/checkout/eligibility-fields";
import { Notice } from "~/components/checkout/notice";
import { useFormReply } from "~/components/form-feedback";
import { SupportServices } from "~/components/support-services";
import { SubmitButton } from "~/components/ui/button";
import { formatUkDate } from "~/domain/london-format";
import { privatePageMeta } from "~/lib/seo";
import { sentDateParts } from "~/schemas/date-of-birth";
import { fieldErrorsOf, successNotice } from "~/schemas/form";
import { ELIGIBLE_COUNTRY_OPTIONS, eligibilityCheck } from "~/schemas/protection";
import { guardedUser } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { confirmEligibility, getProtectionStatus } from "~/server/protection/player-protection.server";
import type { Route } from "./+types/account-eligibility";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = guardedUser(context);
  const { eligibility } = await getProtectionStatus(services, user.id, services.now());
  return { eligibility };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, eligibilityCheck.schema);
  if (submission.status !== "success") return refused(submission, eligibilityCheck);
  const user = guardedUser(context);
  const result = await confirmEligibility(services, user.id, submission.value, services.now());
  if (!result.ok)
    return formReply(submission, { status: 400, fieldErrors: { [result.field ?? "dateOfBirth"]: [result.message] } });
  return redirectWithToast(
    services,
    "/account/eligibility",
    successNotice("Eligibility confirmed", "You can now enter our competitions."),
  );
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta(
    "Eligibility",
    "Confirm your date of birth and that you live in the United Kingdom or Ireland before your first entry.",
  );

const countryName = (code: string | null) =>
  ELIGIBLE_COUNTRY_OPTIONS.find((c) => c.value === code)?.label ?? code ?? "Not given";

export default function AccountEligibilityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { eligibility } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const form = useFormReply(actionData, eligibilityCheck);
  return (
    <AccountShell
      title="Eligibility"
      intro={
        "Paddock's competitions are open to people aged 18 or over who live in the United Kingdom or Ireland. " +
        "We ask once, before your first paid entry, and record it with your account."
      }
    >
      <div className="max-w-2xl">
        {eligibility.confirmed ? (
          <div className="space-y-4">
            <Notice tone="success" title="You have confirmed your eligibility">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-foreground">
                <dt className="text-muted-foreground">Date of birth</dt>
                <dd>{eligibility.dateOfBirth ? formatUkDate(`${eligibility.dateOfBirth}T12:00:00Z`) : "Not given"}</dd>
                <dt className="text-muted-foreground">Country</dt>
                <dd>{countryName(eligibility.country)}</dd>
              </dl>
            </Notice>
            <p className="text-sm text-muted-foreground">
              <BadgeCheck aria-hidden="true" className="mr-1 inline size-4" />
              If these details are wrong,{" "}
              <Link to="/contact" className="font-medium text-primary underline">
                contact us
              </Link>{" "}
              and we will correct them.
            </p>
          </div>
        ) : (
          <Form ref={form.formRef} method="post" onSubmit={form.onSubmit} className="space-y-6">
            <FormAlert errors={form.summary} ref={form.noticeRef} />
            <EligibilityFields
              errors={fieldErrorsOf(form.reply?.result)}
              defaults={eligibility}
              sentDateOfBirth={sentDateParts(form.reply?.result?.initialValue)}
            />
            <SubmitButton busy={sending} label="Confirm eligibility" busyLabel="Saving" />
          </Form>
        )}
      </div>
      <SupportServices />
    </AccountShell>
  );
}
