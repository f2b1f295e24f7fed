import type { Permission } from "~/domain/permissions";

/**
 * The staff area's sidebar, in order: each shown only to staff whose roles grant its permission. A tab is listed here
 * once its page exists.
 */
const ADMIN_TABS = [
  { label: "Dashboard", path: "/admin", permission: "dashboard:read" },
  { label: "Competitions", path: "/admin/competitions", permission: "competition:read" },
  { label: "Orders", path: "/admin/orders", permission: "order:read" },
  { label: "Winners", path: "/admin/winners", permission: "prize:fulfil" },
  { label: "Complaints", path: "/admin/complaints", permission: "complaint:read" },
  { label: "Roles", path: "/admin/roles", permission: "role:manage" },
  { label: "Settings", path: "/admin/settings", permission: "settings:manage" },
  { label: "Domain", path: "/admin/domain", permission: "domain:manage" },
  { label: "Audit", path: "/admin/audit", permission: "audit:read" },
  { label: "Marketing", path: "/admin/marketing", permission: "marketing:send" },
  { label: "Consent", path: "/admin/consent", permission: "marketing:send" },
  { label: "Recovery", path: "/admin/recovery", permission: "recovery:send" },
  { label: "Promo codes", path: "/admin/promo-codes", permission: "promo:manage" },
] as const satisfies readonly { label: string; path: string; permission: Permission }[];

type AdminTab = (typeof ADMIN_TABS)[number];

/** The tabs these permissions open. */
export function visibleTabs(permissions: ReadonlySet<Permission>): AdminTab[] {
  return ADMIN_TABS.filter((tab) => permissions.has(tab.permission));
}
