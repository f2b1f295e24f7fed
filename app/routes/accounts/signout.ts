import { redirect } from "react-router";
import { SIGNED_OUT_TOASTS } from "~/content/account";
import { SignOutSchema } from "~/schemas/auth";
import { signOut } from "~/server/accounts/auth-flows.server";
import { servicesContext } from "~/server/platform/context";
import { readSubmission } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/signout";

/** Signing out changes state, so it is a POST; a GET (an old link, a prefetch) just goes home. */
export function loader() {
  return redirect("/");
}

/** Anything but scope=everywhere signs out this browser only, so the form cannot be refused: nobody stays stuck. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, SignOutSchema);
  const everywhere = submission.status === "success" && submission.value.scope === "everywhere";
  const outcome = await signOut(services, request, everywhere);
  return redirectWithToast(services, "/", SIGNED_OUT_TOASTS[outcome.ended], { headers: outcome.cookies });
}
