/** Client-safe enumerations. Each tuple feeds both a database check constraint and zod. */
export const COMPETITION_STATUSES = ["draft", "active", "completed", "cancelled"] as const;
export type CompetitionStatus = (typeof COMPETITION_STATUSES)[number];

export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ORDER_STATUSES = ["pending", "paid", "cancelled", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export function sqlList(values: readonly string[]) {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
}
