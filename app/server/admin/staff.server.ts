import { eq } from "drizzle-orm";
import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import type { Role } from "~/db/constants";
import { userRoles } from "~/db/schema";
import { isStaff, type Permission, permissionsOf } from "~/domain/permissions";
import { ADMIN_TWO_FACTOR_TOAST, requireUser, type SessionUser } from "../accounts/session.server";
import { servicesContext } from "../platform/context";
import type { Services } from "../platform/services.server";
import { redirectWithToast } from "../platform/toast.server";

type Staff = { user: SessionUser; roles: Role[]; permissions: ReadonlySet<Permission> };

/** The staff member the /admin layout's guard let in, with what their roles allow. */
const staffContext = createContext<Staff | null>(null);

const FORBIDDEN_MESSAGE = "You do not have permission to do that.";

export async function rolesOf(services: Services, userId: string): Promise<Role[]> {
  const rows = await services.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

/**
 * Layout middleware for /admin: anonymous visitors sign in; people with no staff role, or whose roles cannot be
 * read, go home; staff without two-factor sign-in set it up first (unless ADMIN_REQUIRE_2FA=false).
 */
export const staffGuard: MiddlewareFunction<Response> = async ({ request, context }) => {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const roles = await rolesOf(services, user.id).catch((error) => {
    services.logger.error({ err: error }, "role check failed");
    return [] as Role[];
  });
  if (!isStaff(roles)) throw redirect("/");
  if (services.env.ADMIN_REQUIRE_2FA !== false && !user.twoFactorEnabled) {
    throw await redirectWithToast(services, "/account/security", ADMIN_TWO_FACTOR_TOAST);
  }
  context.set(staffContext, { user, roles, permissions: permissionsOf(roles) });
};

/** The staff member, who must hold `permission`: otherwise a 403 with a plain message, whatever the browser sent. */
export function requirePermission(context: Readonly<RouterContextProvider>, permission: Permission): Staff {
  const staff = guardedStaff(context);
  if (!staff.permissions.has(permission)) throw data({ message: FORBIDDEN_MESSAGE, permission }, { status: 403 });
  return staff;
}

/** The staff member the /admin layout's guard let in, whatever their permissions (for the layout itself). */
export function guardedStaff(context: Readonly<RouterContextProvider>): Staff {
  const staff = context.get(staffContext);
  if (!staff) throw new Error("guardedStaff() outside the /admin layout");
  return staff;
}

/** For an action with several intents: the staff member must hold the permission the submitted intent needs. */
export function requireIntentPermission<I extends string>(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  permissions: Readonly<Record<I, Permission>>,
): { staff: Staff; intent: I } {
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(permissions, intent)) {
    guardedStaff(context);
    throw data({ message: "Unknown action.", intent: typeof intent === "string" ? intent : null }, { status: 400 });
  }
  return { staff: requirePermission(context, permissions[intent as I]), intent: intent as I };
}

/**
 * Whether this signed-in user may see unpublished competitions' public pages (the editor's Preview): staff who may
 * edit competitions, signed in as the /admin guard requires (two-factor unless turned off). Never throws.
 */
export async function mayPreviewCompetitions(services: Services, user: SessionUser | null): Promise<boolean> {
  if (!user) return false;
  if (services.env.ADMIN_REQUIRE_2FA !== false && !user.twoFactorEnabled) return false;
  const roles = await rolesOf(services, user.id).catch(() => [] as Role[]);
  return permissionsOf(roles).has("competition:edit");
}
