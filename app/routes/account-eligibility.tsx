import { BadgeCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/account-eligibility";
import { AccountShell } from "~/components/account/account-shell";
import { EligibilityFields } from "~/components/checkout/eligibility-fields";
import { formatDate } from "~/components/account/format";
import { Notice } from "~/components/checkout/notice";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { fieldErrors } from "~/schemas/form";
import { ELIGIBLE_COUNTRY_OPTIONS, EligibilitySchema, type EligibilityErrors } from "~/schemas/protection";
import { servicesContext } from "~/server/context";
import { confirmEligibility, getProtectionStatus } from "~/server/player-protection.server";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const { eligibility } = await getProtectionStatus(services, user.id, services.now());
  return { eligibility };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const parsed = EligibilitySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<{ errors: EligibilityErrors }>({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const result = await confirmEligibility(services, user.id, parsed.data, services.now());
  if (!result.ok) {
    const field = (result.field ?? "dateOfBirth") as keyof EligibilityErrors;
    return data<{ errors: EligibilityErrors }>({ errors: { [field]: result.message } }, { status: 400 });
  }
  return redirectWithToast(services, "/account/eligibility", {
    type: "success",
    title: "Eligibility confirmed",
    description: "You can now enter our competitions.",
  });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Eligibility", "Confirm your date of birth and that you live in the United Kingdom or Ireland before your first entry.", [
    { name: "robots", content: "noindex" },
  ]);

const countryName = (code: string | null) => ELIGIBLE_COUNTRY_OPTIONS.find((c) => c.value === code)?.label ?? code ?? "Not given";

export default function AccountEligibilityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { eligibility } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <AccountShell
      title="Eligibility"
      intro="Paddock's competitions are open to people aged 18 or over who live in the United Kingdom or Ireland. We ask once, before your first paid entry, and record it with your account."
    >
      <div className="max-w-2xl">
        {eligibility.confirmed ? (
          <div className="space-y-4">
            <Notice tone="success" title="You have confirmed your eligibility">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-foreground">
                <dt className="text-muted-foreground">Date of birth</dt>
                <dd>{eligibility.dateOfBirth ? formatDate(`${eligibility.dateOfBirth}T12:00:00Z`) : "Not given"}</dd>
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
          <Form method="post" className="space-y-6">
            <EligibilityFields errors={actionData?.errors} defaults={eligibility} />
            <Button type="submit" disabled={sending}>
              {sending ? "Saving" : "Confirm eligibility"}
            </Button>
          </Form>
        )}
      </div>
    </AccountShell>
  );
}
