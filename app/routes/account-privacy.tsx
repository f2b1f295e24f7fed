import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account-privacy";
import { AccountSection, AccountShell } from "~/components/account/account-shell";
import { formatDateTime } from "~/components/account/format";
import { FormAlert } from "~/components/auth/form-alert";
import { PasswordField } from "~/components/auth/password-field";
import { TextField } from "~/components/auth/text-field";
import { Button, buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { fieldErrors } from "~/schemas/form";
import { DELETE_CONFIRMATION } from "~/content/account";
import { DeleteAccountSchema } from "~/schemas/profile";
import { deleteAccount, getConsentHistory } from "~/server/account.server";
import { callAuth } from "~/server/auth.server";
import { servicesContext } from "~/server/context";
import { requireUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  return { consents: await getConsentHistory(services, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const parsed = DeleteAccountSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ errors: fieldErrors<string>(parsed.error) }, { status: 400 });
  const passwordOk = await services.auth.api
    .verifyPassword({ body: { password: parsed.data.password }, headers: request.headers })
    .then(() => true)
    .catch(() => false);
  if (!passwordOk) return data({ errors: { password: "That password is not right." } as Partial<Record<string, string>> }, { status: 400 });
  const deleted = await deleteAccount(services, user);
  if (!deleted.ok) return data({ errors: { form: deleted.message } as Partial<Record<string, string>> }, { status: 409 });
  const signOut = await callAuth(services.auth, services.env, request, "/sign-out");
  return redirectWithToast(
    services,
    "/",
    { type: "success", title: "Account deleted", description: "Your account and personal details have been erased. Thank you for riding with us." },
    { headers: signOut.cookies },
  );
}

export const meta: Route.MetaFunction = () => pageMeta("Privacy and data", "Download your Paddock data, see your marketing choices, or delete your account.");

export default function AccountPrivacyPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors = actionData?.errors ?? {};
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
          {loaderData.consents.length === 0 ? (
            <p className="text-muted-foreground">You have not given or withdrawn marketing consent. Change it in your profile.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Every marketing choice you have made, newest first</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">When</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Choice</th>
                  <th scope="col" className="py-1 pr-3 font-medium">Where</th>
                  <th scope="col" className="py-1 font-medium">Wording</th>
                </tr>
              </thead>
              <tbody>
                {loaderData.consents.map((c) => (
                  <tr key={c.id} className="border-t border-border align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(c.createdAt)}</td>
                    <td className="py-2 pr-3">{c.granted ? "Agreed" : "Withdrawn"}</td>
                    <td className="py-2 pr-3">{c.source.startsWith("sign-up") ? "Sign-up" : c.source === "account" ? "My account" : c.source}</td>
                    <td className="py-2">{c.wording}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </AccountSection>
        <AccountSection id="delete-title" title="Delete my account">
          <p>
            This erases your account, profile, sign-in details and marketing choices. Orders and tickets are kept, without your name
            or e-mail, because payment and draw records must be kept by law. It cannot be undone.
          </p>
          <Form method="post" noValidate className="mt-4 max-w-md space-y-4">
            <input type="hidden" name="intent" value="delete-account" />
            {actionData ? (
              <FormAlert notice={{ type: "error", title: "Account not deleted", description: errors.form ?? "Please check the fields below." }} />
            ) : null}
            <TextField label={`Type ${DELETE_CONFIRMATION} to confirm`} name="confirm" autoComplete="off" maxLength={20} error={errors.confirm} />
            <PasswordField label="Your password" name="password" autoComplete="current-password" error={errors.password} />
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Deleting…" : "Delete my account"}
            </Button>
          </Form>
        </AccountSection>
      </div>
    </AccountShell>
  );
}
