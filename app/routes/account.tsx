import { data, Link } from "react-router";
import type { Route } from "./+types/account";
import { AccountSection, AccountShell } from "~/components/account/account-shell";
import { formatDate } from "~/components/account/format";
import { OrderHistory } from "~/components/account/order-history";
import { ProfileDetails, ProfileForm } from "~/components/account/profile-form";
import { textLinkClass } from "~/components/legal-page";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { fieldErrors } from "~/schemas/form";
import { PROFILE_MESSAGES, ProfileSchema } from "~/schemas/profile";
import { getAccountSummary, getOrderHistory, getProfile, updateProfile } from "~/server/account.server";
import { keptValues } from "~/server/auth-flows.server";
import { servicesContext } from "~/server/context";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const url = new URL(request.url);
  // A confirmed change of address lands here from the link in the e-mail.
  if (url.searchParams.get("email") === "confirmed") {
    throw await redirectWithToast(
      services,
      "/account",
      url.searchParams.has("error")
        ? { type: "error", title: "Link not valid", description: "That confirmation link is invalid or has expired. Change your e-mail address again to get a new one." }
        : { type: "success", title: "E-mail address changed", description: `We will now write to ${user.email}.` },
    );
  }
  const [profile, orders, summary] = await Promise.all([getProfile(services, user), getOrderHistory(services, user.id), getAccountSummary(services, user)]);
  return { profile, orders, summary, editing: url.searchParams.has("edit"), supportEmail: services.env.SUPPORT_EMAIL };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const form = await request.formData();
  const values = keptValues(form);
  const parsed = ProfileSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors<string>(parsed.error);
    return data({ notice: { type: "error" as const, title: "Please check your details", description: Object.values(errors)[0] ?? PROFILE_MESSAGES.failed }, errors, values }, { status: 400 });
  }
  try {
    const outcome = await updateProfile(services, request, user, parsed.data);
    return redirectWithToast(
      services,
      "/account",
      { type: "success", title: PROFILE_MESSAGES.updatedTitle, description: outcome.emailChangeSentTo ? PROFILE_MESSAGES.emailPending(outcome.emailChangeSentTo) : undefined },
      { headers: outcome.cookies },
    );
  } catch (error) {
    services.logger.error({ err: error }, "profile update failed");
    return data({ notice: { type: "error" as const, title: "Error", description: PROFILE_MESSAGES.failed }, errors: {}, values }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = () => pageMeta("My account", "Your Paddock profile, orders and tickets.");

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, orders, summary, editing, supportEmail } = loaderData;
  return (
    <AccountShell title="My account" intro={`Signed in as ${summary.email}`}>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <AccountSection
            id="profile-title"
            title="Profile"
            actions={
              editing || actionData ? null : (
                <Link to="/account?edit=1" className={buttonClass("outline", "sm")}>
                  Edit profile
                </Link>
              )
            }
          >
            {editing || actionData ? <ProfileForm profile={profile} state={actionData} /> : <ProfileDetails profile={profile} />}
          </AccountSection>
          <AccountSection id="orders-title" title="Order history">
            <OrderHistory orders={orders} />
          </AccountSection>
        </div>
        <div className="space-y-6">
          <AccountSection id="summary-title" title="Account summary">
            <dl className="space-y-3">
              <div>
                <dt className="text-sm text-muted-foreground">Email</dt>
                <dd className="break-all font-medium">{summary.email}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Member since</dt>
                <dd className="font-medium">{formatDate(summary.memberSince)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Total orders</dt>
                <dd className="font-medium">{summary.totalOrders}</dd>
              </div>
            </dl>
          </AccountSection>
          <AccountSection id="help-title" title="Need help?">
            <p>
              <Link to="/contact" className={textLinkClass}>
                Contact support
              </Link>{" "}
              or e-mail{" "}
              <a href={`mailto:${supportEmail}`} className={textLinkClass}>
                {supportEmail}
              </a>
              .
            </p>
          </AccountSection>
        </div>
      </div>
    </AccountShell>
  );
}
