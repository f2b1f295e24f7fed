// What an audit entry acted on, in words staff read ("Competition: Hand-Stitched Bridle") and the admin page that
// shows it. The log stores subjects as "kind:id"; the names are looked up when the log is read, so a renamed
// competition reads by its name today. Pure.
import { complaintReference } from "./complaints";
import type { Permission } from "./permissions";
import { AUTO_SEND_SETTING_KEY } from "./recovery";

export const SUBJECT_KINDS = ["competition", "order", "user", "campaign", "complaint", "setting", "domain"] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export const SUBJECT_KIND_LABELS: Record<SubjectKind, string> = {
  competition: "Competition",
  order: "Order",
  user: "User",
  campaign: "Campaign",
  complaint: "Complaint",
  setting: "Setting",
  domain: "Domain",
};

export type ParsedSubject = { kind: SubjectKind; id: string };

/** "competition:13" → { kind: "competition", id: "13" }; null for anything else (an unknown kind, no id). */
export function parseSubject(subject: string | null | undefined): ParsedSubject | null {
  const match = /^([a-z]+):(.+)$/.exec(subject ?? "");
  const kind = match?.[1] as SubjectKind | undefined;
  if (!match || !kind || !SUBJECT_KINDS.includes(kind)) return null;
  return { kind, id: match[2] as string };
}

const SETTING_NAMES: Record<string, string> = { [AUTO_SEND_SETTING_KEY]: "Automatic recovery e-mails" };

/** The name of a subject whose name is not looked up in the database: a complaint's reference, a setting's. */
function ownName({ kind, id }: ParsedSubject): string | null {
  if (kind === "complaint" && /^\d+$/.test(id)) return complaintReference(Number(id));
  if (kind === "setting") return SETTING_NAMES[id] ?? id;
  return null;
}

/** The admin page that shows this subject, for staff holding `can`'s permissions, or null when there is none. */
function subjectHref({ kind, id }: ParsedSubject, name: string, can: (p: Permission) => boolean): string | null {
  const search = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;
  switch (kind) {
    case "competition":
      if (can("competition:edit")) return `/admin/competitions/${id}`;
      return can("competition:read") ? search("/admin/competitions", { q: name }) : null;
    case "order":
      return can("order:read") ? `/admin/orders/${id}` : null;
    case "user":
      return can("role:manage") ? "/admin/roles" : null;
    case "campaign":
      return can("marketing:send") ? `/admin/marketing/${id}` : null;
    case "complaint":
      return can("complaint:read") ? search("/admin/complaints", { status: "all", q: name }) : null;
    case "setting":
      if (id === AUTO_SEND_SETTING_KEY) return can("recovery:send") ? "/admin/recovery" : null;
      return can("settings:manage") ? "/admin/settings" : null;
    case "domain":
      return can("domain:manage") ? "/admin/domain" : null;
  }
}

export type SubjectView = { text: string; href: string | null };

/**
 * How the audit page shows a subject: "Competition: Hand-Stitched Bridle" linking to its page. `names` holds what
 * the database knows now, by subject: one it no longer holds (a deleted draft, an erased account) is named by its
 * id, without a link. A subject of a kind this code does not know is shown as stored.
 */
export function subjectView(
  subject: string | null,
  names: ReadonlyMap<string, string>,
  can: (permission: Permission) => boolean,
): SubjectView {
  const parsed = parseSubject(subject);
  if (!parsed) return { text: subject ?? "—", href: null };
  const label = SUBJECT_KIND_LABELS[parsed.kind];
  const name = ownName(parsed) ?? names.get(subject as string);
  if (name === undefined) return { text: `${label}: #${parsed.id} (no longer exists)`, href: null };
  return { text: `${label}: ${name}`, href: subjectHref(parsed, name, can) };
}
