import { exportUserData } from "~/server/accounts/account.server";
import { guardedUser } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/account-data-json";

/** The signed-in person's own data as a JSON download. There is no id in the URL: it is always their own. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = guardedUser(context);
  const body = JSON.stringify(await exportUserData(services, user), null, 2);
  const date = services.now().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="paddock-data-${date}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
