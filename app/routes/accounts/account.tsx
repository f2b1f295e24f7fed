import { Link } from "react-router";
import { AccountSection, AccountShell } from "~/components/account/account-shell";
import { MyEntries } from "~/components/account/my-entries";
import { OrderHistory } from "~/components/account/order-history";
import { PrizeClaimPanel } from "~/components/account/prize-claim-panel";
import { ProfileDetails, ProfileForm } from "~/components/account/profile-form";
import { WalletPanel } from "~/components/account/wallet-panel";
import { textLinkClass } from "~/components/legal-page";
import { buttonClass } from "~/components/ui/button";
import { formatUkDate } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { errorNotice, formCheck, parseSubmission } from "~/schemas/form";
import { ClaimAddressSchema } from "~/schemas/prize-claim";
import { PROFILE_MESSAGES, profileCheck } from "~/schemas/profile";
import { getAccountSummary, getOrderHistory, getProfile, updateProfile } from "~/server/accounts/account.server";
import { getMyEntries } from "~/server/accounts/my-entries.server";
import { guardedUser } from "~/server/accounts/session.server";
import { CLAIM_MESSAGES, claimDefaults, confirmClaimAddress, myPrizes } from "~/server/draws/prize-claims.server";
import { confirmInstantPrizeClaim, myInstantPrizes } from "~/server/instant-wins/instant-prize-claims.server";
import { walletBalance, walletLedgerOf } from "~/server/instant-wins/wallet.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readForm, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/account";

const claimCheck = formCheck(ClaimAddressSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = guardedUser(context);
  const url = new URL(request.url);
  // A confirmed change of address lands here from the link in the e-mail.
  if (url.searchParams.get("email") === "confirmed") {
    throw await redirectWithToast(
      services,
      "/account",
      url.searchParams.has("error")
        ? {
            type: "error",
            title: "Link not valid",
            description:
              "That confirmation link is invalid or has expired. Change your e-mail address again to get a new one.",
          }
        : { type: "success", title: "E-mail address changed", description: `We will now write to ${user.email}.` },
    );
  }
  const [profile, orders, summary, entries, prizes, instantPrizes, claimDefaultValues, balance, ledger] =
    await Promise.all([
      getProfile(services, user),
      getOrderHistory(services, user.id),
      getAccountSummary(services, user),
      getMyEntries(services, user.id),
      myPrizes(services, user.id),
      myInstantPrizes(services, user.id),
      claimDefaults(services, user.id),
      walletBalance(services.db, user.id),
      walletLedgerOf(services.db, user.id),
    ]);
  return {
    prizes: [...prizes, ...instantPrizes],
    wallet: { balance, ledger },
    claimDefaults: claimDefaultValues,
    profile,
    orders,
    summary,
    entries,
    editing: url.searchParams.has("edit"),
    supportEmail: services.env.SUPPORT_EMAIL,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const body = await readForm(services, request);
  const user = guardedUser(context);
  if (body.get("intent") === "claim-prize") {
    const claim = parseSubmission(body, ClaimAddressSchema);
    if (claim.status !== "success") return refused(claim, claimCheck);
    const { instantWinId } = claim.value;
    const outcome = instantWinId
      ? await confirmInstantPrizeClaim(services, user.id, { ...claim.value, instantWinId })
      : await confirmClaimAddress(services, user.id, claim.value);
    if (!outcome.ok)
      return formReply(claim, { status: outcome.status, notice: errorNotice("Not saved", outcome.message) });
    return redirectWithToast(services, "/account", { type: "success", title: CLAIM_MESSAGES.confirmed });
  }
  const submission = parseSubmission(body, profileCheck.schema);
  if (submission.status !== "success") return refused(submission, profileCheck);
  const outcome = await updateProfile(services, request, user, submission.value);
  if (!outcome.ok)
    return formReply(submission, { status: outcome.status, notice: errorNotice("Error", outcome.message) });
  const pending = outcome.emailChangeSentTo;
  return redirectWithToast(
    services,
    "/account",
    {
      type: "success",
      title: PROFILE_MESSAGES.updatedTitle,
      description: pending ? PROFILE_MESSAGES.emailPending(pending) : undefined,
    },
    { headers: outcome.cookies },
  );
}

export const meta: Route.MetaFunction = () => pageMeta("My account", "Your Paddock profile, orders and tickets.");

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, orders, summary, entries, prizes, editing, supportEmail } = loaderData;
  const claimReply = actionData?.result?.initialValue?.intent === "claim-prize" ? actionData : undefined;
  const profileReply = claimReply ? undefined : actionData;
  return (
    <AccountShell title="My account" intro={`Signed in as ${summary.email}`}>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-6">
          {prizes.length > 0 ? (
            <PrizeClaimPanel prizes={prizes} defaults={loaderData.claimDefaults} notice={claimReply?.notice} />
          ) : null}
          <AccountSection
            id="profile-title"
            title="Profile"
            actions={
              editing || profileReply ? null : (
                <Link to="/account?edit=1" className={buttonClass("outline", "sm")}>
                  Edit profile
                </Link>
              )
            }
          >
            {editing || profileReply ? (
              <ProfileForm profile={profile} reply={profileReply} />
            ) : (
              <ProfileDetails profile={profile} />
            )}
          </AccountSection>
          <AccountSection id="entries-title" title="Your tickets">
            <MyEntries entries={entries} />
          </AccountSection>
          <AccountSection id="orders-title" title="Order history">
            <OrderHistory orders={orders} />
          </AccountSection>
        </div>
        <div className="min-w-0 space-y-6">
          <AccountSection id="summary-title" title="Account summary">
            <dl className="space-y-3">
              <div>
                <dt className="text-sm text-muted-foreground">Email</dt>
                <dd className="break-all font-medium">{summary.email}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Member since</dt>
                <dd className="font-medium">{formatUkDate(summary.memberSince)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Total orders</dt>
                <dd className="font-medium">{summary.totalOrders}</dd>
              </div>
            </dl>
          </AccountSection>
          <WalletPanel balancePence={loaderData.wallet.balance} ledger={loaderData.wallet.ledger} />
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
