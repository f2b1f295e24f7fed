// The marketing-consent ledger: an append-only list of grants and withdrawals. A person's current choice is never
// stored on its own; it is read from the ledger, so it always agrees with the history shown to them and to staff.
import type { ConsentSource } from "~/db/constants";

export type ConsentEntry = { id: number; granted: boolean; source: string; createdAt: Date | string };

/** "never" until a first grant or withdrawal; then whatever the latest entry says. */
export type ConsentState = { status: "never" } | { status: "granted" | "withdrawn"; since: Date; source: string };

/** Newest first: by time, then by ledger order for entries written in the same instant. */
export function newestFirst<T extends ConsentEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => {
    const byTime = new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
    return byTime !== 0 ? byTime : b.id - a.id;
  });
}

/** The current choice: the latest entry wins, whatever came before it. */
export function currentConsent(entries: readonly ConsentEntry[]): ConsentState {
  const [latest] = newestFirst(entries);
  if (!latest) return { status: "never" };
  return {
    status: latest.granted ? "granted" : "withdrawn",
    since: new Date(latest.createdAt),
    source: latest.source,
  };
}

/** Worded for the person and for staff alike, so one table serves /account/privacy and the admin's view. */
const SOURCE_LABELS: Record<ConsentSource, string> = {
  "sign-up:join": "Creating the account",
  "sign-up:auth": "Creating the account",
  "newsletter-form": "Newsletter sign-up form",
  account: "Profile settings",
  "newsletter-unsubscribe-link": "Unsubscribe link in an e-mail",
  "newsletter-one-click": "One-click unsubscribe in the e-mail app",
  self_exclusion: "Self-exclusion",
  "account-deletion": "Deleting the account",
};

/** Where a choice was made, in words for people (never the stored name). */
export function consentSourceLabel(source: string): string {
  return SOURCE_LABELS[source as ConsentSource] ?? "Other";
}
