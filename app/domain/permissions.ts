import type { Role } from "~/db/constants";

/** What staff may do, one name per power; every admin loader and action checks one of these on the server. */
export const PERMISSIONS = [
  "dashboard:read",
  "competition:read",
  "competition:edit",
  "competition:cancel",
  "order:read",
  "order:refund",
  "draw:run",
  "postal:record",
  "participants:export",
  "prize:fulfil",
  "audit:read",
  "role:manage",
  "marketing:send",
  "recovery:send",
  "domain:manage",
  "settings:manage",
  "complaint:read",
  "complaint:answer",
  "promo:manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Moderators read everything, record postal entries and answer complaints; nothing that moves money, changes roles,
 * runs a draw, edits a competition or changes site settings. Admins may do everything.
 */
const MODERATOR: readonly Permission[] = [
  "dashboard:read",
  "competition:read",
  "order:read",
  "audit:read",
  "postal:record",
  "complaint:read",
  "complaint:answer",
];

const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: PERMISSIONS,
  moderator: MODERATOR,
  user: [],
};

/** Every permission any of these roles grants. */
export function permissionsOf(roles: readonly Role[]): ReadonlySet<Permission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role] ?? []));
}

/** Staff are those with any permission at all: they see the Admin link and may enter /admin. */
export const isStaff = (roles: readonly Role[]) => permissionsOf(roles).size > 0;

/**
 * What an admin route module needs, exported by each as `permission`: one for its loader, and for its action one
 * permission or one per intent. The authorization test reads these and checks every role against them.
 */
export type RoutePermission = {
  loader?: Permission;
  action?: Permission | Readonly<Record<string, Permission>>;
};
