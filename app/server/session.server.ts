import { redirect } from "react-router";
import { and, eq } from "drizzle-orm";
import { userRoles } from "~/db/schema";
import type { Role } from "~/db/constants";
import { safeRedirectPath } from "~/schemas/auth";
import type { Services } from "./services.server";
import { redirectWithToast } from "./toast.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
  sessionId: string;
};

/** The signed-in user, or null. Never throws for a missing or bad session. */
export async function getUser(services: Services, request: Request): Promise<SessionUser | null> {
  const session = await services.auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session) return null;
  const { id, email, name, emailVerified, twoFactorEnabled, createdAt } = session.user;
  return { id, email, name, emailVerified, twoFactorEnabled: Boolean(twoFactorEnabled), createdAt: new Date(createdAt), sessionId: session.session.id };
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

/** For /signin, /join, /auth and the like: someone already signed in goes where they were heading, or home. */
export async function requireAnonymous(services: Services, request: Request) {
  const user = await getUser(services, request);
  if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
}

export async function userHasRole(services: Services, userId: string, role: Role) {
  const rows = await services.db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

export const ADMIN_TWO_FACTOR_TOAST = {
  type: "info",
  title: "Two-factor authentication required",
  description: "Turn on two-factor authentication to use the admin area.",
} as const;

/**
 * Not signed in: to /auth. Signed in without the role, or the check fails: to /. The admin role also needs
 * two-factor sign-in unless ADMIN_REQUIRE_2FA=false (local demos only): without it, to /account/security.
 */
export async function requireRole(services: Services, request: Request, role: Role): Promise<SessionUser> {
  const user = await requireUser(services, request);
  const allowed = await userHasRole(services, user.id, role).catch((error) => {
    services.logger.error({ err: error }, "role check failed");
    return false;
  });
  if (!allowed) throw redirect("/");
  if (role === "admin" && services.env.ADMIN_REQUIRE_2FA !== false && !user.twoFactorEnabled) {
    throw await redirectWithToast(services, "/account/security", ADMIN_TWO_FACTOR_TOAST);
  }
  return user;
}
