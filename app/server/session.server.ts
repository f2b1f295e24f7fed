import { redirect } from "react-router";
import { and, eq } from "drizzle-orm";
import { userRoles } from "~/db/schema";
import type { Role } from "~/db/constants";
import type { Services } from "./services.server";

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/** The signed-in user, or null. Never throws for a missing or bad session. */
export async function getUser(services: Services, request: Request): Promise<SessionUser | null> {
  const session = await services.auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session) return null;
  const { id, email, name, emailVerified } = session.user;
  return { id, email, name, emailVerified };
}

function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  return redirect(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
}

export async function requireUser(services: Services, request: Request): Promise<SessionUser> {
  const user = await getUser(services, request);
  if (!user) throw signInRedirect(request);
  return user;
}

export async function userHasRole(services: Services, userId: string, role: Role) {
  const rows = await services.db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

/** Not signed in: to /auth. Signed in without the role, or the check fails: to /. */
export async function requireRole(services: Services, request: Request, role: Role): Promise<SessionUser> {
  const user = await requireUser(services, request);
  const allowed = await userHasRole(services, user.id, role).catch((error) => {
    services.logger.error({ err: error }, "role check failed");
    return false;
  });
  if (!allowed) throw redirect("/");
  return user;
}
