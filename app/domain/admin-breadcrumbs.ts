import { complaintReference } from "./complaints";

/** One step of the staff area's trail: a link, except the last (the page itself). */
export type Crumb = { label: string; to: string };

/** What a page below a record is called in the trail. */
const COMPETITION_PAGES: Record<string, string> = {
  cancel: "Cancel",
  pictures: "Pictures",
  draw: "Draw",
  postal: "Postal entries",
  "instant-wins": "Instant wins",
};

/** The staff area's sections, by their path below /admin. */
const SECTIONS: Record<string, string> = {
  competitions: "Competitions",
  orders: "Orders",
  winners: "Winners",
  complaints: "Complaints",
  roles: "Roles",
  settings: "Settings",
  domain: "Domain",
  audit: "Audit log",
  marketing: "Marketing",
  consent: "Consent",
  recovery: "Recovery",
  "promo-codes": "Promo codes",
};

/** The records a trail names, looked up by the caller (null when there is none or it is unknown). */
export type CrumbNames = { competition?: string | null; campaign?: string | null };

/** The record ids a staff path names, so the caller can look their names up. */
export function crumbSubjects(pathname: string): { competitionId?: number; campaignId?: number } {
  const [, , section, id] = pathname.split("/");
  // Digits within the integer column only: anything else names no record (and must not reach a query).
  const n = /^[1-9]\d{0,9}$/.test(id ?? "") ? Number(id) : 0;
  if (n <= 0 || n > 2_147_483_647) return {};
  if (section === "competitions") return { competitionId: n };
  if (section === "marketing") return { campaignId: n };
  return {};
}

/**
 * Where a staff page sits: Dashboard, its section, the record, the page below the record. The last crumb is the
 * page itself. An unknown path ends the trail at the last step it understood.
 */
export function adminBreadcrumbs(pathname: string, names: CrumbNames = {}): Crumb[] {
  const parts = pathname.replace(/\/+$/, "").split("/").slice(2);
  const trail: Crumb[] = [{ label: "Dashboard", to: "/admin" }];
  const [section, id, page] = parts;
  if (!section) return trail;
  if (section === "create-competition") {
    return [...trail, { label: "Competitions", to: "/admin/competitions" }, { label: "New competition", to: pathname }];
  }
  const sectionLabel = SECTIONS[section];
  if (!sectionLabel) return trail;
  const base = `/admin/${section}`;
  if (section === "consent")
    return [...trail, { label: "Marketing", to: "/admin/marketing" }, { label: "Consent", to: base }];
  trail.push({ label: sectionLabel, to: base });
  if (!id) return trail;
  const record = `${base}/${id}`;
  if (section === "competitions") {
    trail.push({ label: names.competition ?? `Competition ${id}`, to: record });
    const pageLabel = page ? COMPETITION_PAGES[page] : undefined;
    if (pageLabel) trail.push({ label: pageLabel, to: `${record}/${page}` });
  } else if (section === "orders") {
    trail.push({ label: `Order ${id.slice(0, 8)}`, to: record });
  } else if (section === "marketing") {
    trail.push({ label: id === "new" ? "New campaign" : (names.campaign ?? `Campaign ${id}`), to: record });
  } else if (section === "complaints" && /^\d+$/.test(id)) {
    trail.push({ label: complaintReference(Number(id)), to: record });
  } else if (section === "promo-codes") {
    trail.push({ label: "Promo code", to: record });
  }
  return trail;
}
