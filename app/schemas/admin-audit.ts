import { z } from "~/schemas/zod";
import { searchText } from "./search-text";

export const AUDIT_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The audit page's filters, from its query string; anything malformed is simply not applied. */
export const AuditQuerySchema = z.object({
  action: searchText(100),
  actor: searchText(254),
  subject: searchText(200),
  /** London calendar days, inclusive ("2026-11-21"). */
  from: z.string().regex(DAY).optional().catch(undefined),
  to: z.string().regex(DAY).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  return AuditQuerySchema.parse({
    action: params.get("action") ?? "",
    actor: params.get("actor") ?? "",
    subject: params.get("subject") ?? "",
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    page: params.get("page") ?? 1,
  });
}
