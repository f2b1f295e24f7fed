import { AccountSection, AccountShell } from "~/components/account/account-shell";
import { CurrentPasswordField } from "~/components/auth/account-fields";
import { CheckboxField } from "~/components/auth/checkbox-field";
import { ReplyForm, useBusy } from "~/components/auth/reply-form";
import { TextField } from "~/components/auth/text-field";
import { ConsentHistoryTable, ConsentSummary } from "~/components/consent-history";
import { useFormReply } from "~/components/form-feedback";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import { DELETE_CONFIRMATION } from "~/content/account";
import { pageMeta } from "~/lib/seo";
import { errorNotice, parseSubmission, successNotice } from "~/schemas/form";
import { ACCOUNT_NOT_DELETED, DELETE_FIELDS_NOTICE, deleteAccountCheck, winnerPublicityCheck } from "~/schemas/profile";
import { closeAccount, getConsentHistory } from "~/server/accounts/account.server";
import { guardedUser } from "~/server/accounts/session.server";
import { getWinnerPublicity, updateWinnerPublicity } from "~/server/accounts/winner-publicity.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readForm, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/account-privacy";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = guardedUser(context);
  const [consents, publicity] = await Promise.all([
    getConsentHistory(services, user),
    getWinnerPublicity(services, user.id),
  ]);
  return { consents, publicity };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const body = await readForm(services, request);
  const user = guardedUser(context);
  if (body.get("intent") === "winner-publicity") {
    const submission = parseSubmission(body, winnerPublicityCheck.schema);
    if (submission.status !== "success") return refused(submission, winnerPublicityCheck);
    await updateWinnerPublicity(services, user.id, submission.value);
    return redirectWithToast(services, "/account/privacy", successNotice("Saved", PUBLICITY_SAVED));
  }
  const submission = parseSubmission(body, deleteAccountCheck.schema);
  if (submission.status !== "success") return refused(submission, deleteAccountCheck);
  const outcome = await closeAccount(services, request, user, submission.value.password);
  if (!outcome.ok) {
    const { status, field, message } = outcome;
    return field
      ? formReply(submission, { status, notice: DELETE_FIELDS_NOTICE, fieldErrors: { [field]: [message] } })
      : formReply(submission, { status, notice: errorNotice(ACCOUNT_NOT_DELETED, message) });
  }
  return redirectWithToast(
    services,
    "/",
    successNotice(
      "Account deleted",
      "Your account and personal details have been erased. Thank you for riding with us.",
    ),
    { headers: outcome.cookies },
  );
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Privacy and data", "Download your Paddock data, see your marketing choices, or delete your account.");

const PUBLICITY_SAVED = "How we would publish you as a winner has been updated.";

/** Which of the page's two forms a reply belongs to. */
const replyTo = (reply: Route.ComponentProps["actionData"], intent: string) =>
  reply?.result?.initialValue?.intent === intent ? reply : undefined;

export default function AccountPrivacyPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useBusy("delete-account");
  const form = useFormReply(replyTo(actionData, "delete-account"));
  const publicity = useFormReply(replyTo(actionData, "winner-publicity"));
  const savingPublicity = useBusy("winner-publicity");
  return (
    <AccountShell title="Privacy and data" intro="What we hold about you, and your right to have it back or erased.">
      <div className="space-y-6">
        <AccountSection id="download-title" title="Download your data">
          <p className="mb-4">One JSON file with your account, profile, marketing choices, orders and tickets.</p>
          <a href="/account/data.json" download className={buttonClass("outline")}>
            Download my data
          </a>
        </AccountSection>
        <AccountSection id="consent-title" title="Marketing consent history">
          <ConsentSummary entries={loaderData.consents} who="You" />
          {loaderData.consents.length === 0 ? (
            <p className="text-muted-foreground">
              You have not given or withdrawn marketing consent. Change it in your profile.
            </p>
          ) : (
            <ConsentHistoryTable
              entries={loaderData.consents}
              caption="Every marketing choice made for you or your e-mail address, newest first"
            />
          )}
        </AccountSection>
        <AccountSection id="publicity-title" title="If you win">
          <p>
            We publish each winner on our winners page as the initial of their first name, their surname and their
            county, for example "H. Vane, Herefordshire". You can object: we then publish only "Winner" and your county.
          </p>
          <ReplyForm form={publicity} hidden={{ intent: "winner-publicity" }} className="mt-4 max-w-md space-y-4">
            <TextField
              label="County"
              name="county"
              autoComplete="address-level2"
              maxLength={80}
              defaultValue={loaderData.publicity.county}
              error={publicity.error("county")}
            />
            <CheckboxField
              name="withheld"
              label="Do not publish my name if I win"
              defaultChecked={loaderData.publicity.withheld}
            />
            <SubmitButton busy={savingPublicity} label="Save" busyLabel="Saving…" />
          </ReplyForm>
        </AccountSection>
        <AccountSection id="delete-title" title="Delete my account">
          <p>
            This erases your account, profile, sign-in details and marketing choices. Orders and tickets are kept,
            without your name or e-mail, because payment and draw records must be kept by law. It cannot be undone.
          </p>
          <ReplyForm form={form} hidden={{ intent: "delete-account" }} className="mt-4 max-w-md space-y-4">
            <TextField
              label={`Type ${DELETE_CONFIRMATION} to confirm`}
              name="confirm"
              autoComplete="off"
              maxLength={20}
              error={form.error("confirm")}
            />
            <CurrentPasswordField error={form.error("password")} />
            <SubmitButton busy={busy} label="Delete my account" busyLabel="Deleting…" variant="destructive" />
          </ReplyForm>
        </AccountSection>
      </div>
    </AccountShell>
  );
}
