import type { Route } from "./+types/account-data-json";
import { exportUserData } from "~/server/account.server";
import { servicesContext } from "~/server/context";
import { requireUser } from "~/server/session.server";

/** The signed-in person's own data as a JSON download. There is no id in the URL: it is always their own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
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
