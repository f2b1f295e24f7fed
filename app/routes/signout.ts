import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { signOutAction } from "~/server/auth-flows.server";
import { servicesContext } from "~/server/context";

/** Signing out changes state, so it is a POST; a GET (an old link, a prefetch) just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  return signOutAction(services, request, form.get("scope") === "everywhere");
}
