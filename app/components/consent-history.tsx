import { TableHead } from "~/components/ui/table-head";
import { type ConsentEntry, consentSourceLabel, currentConsent } from "~/domain/consent-ledger";
import { formatUkShortDateTime } from "~/domain/london-format";

type Entry = ConsentEntry & { wording: string };

/** The current choice in one sentence, read from the ledger. `who` is "You" on the account page. */
export function ConsentSummary({ entries, who }: { entries: readonly Entry[]; who: "You" | "This person" }) {
  const state = currentConsent(entries);
  const receives = who === "You" ? "receive" : "receives";
  const sentence =
    state.status === "never"
      ? `${who} ${who === "You" ? "have" : "has"} not agreed to marketing e-mails, so none are sent.`
      : state.status === "granted"
        ? `${who} ${receives} marketing e-mails: agreed on ${formatUkShortDateTime(state.since)} ` +
          `(${consentSourceLabel(state.source).toLowerCase()}).`
        : `${who} ${who === "You" ? "do" : "does"} not receive marketing e-mails: withdrawn on ` +
          `${formatUkShortDateTime(state.since)} (${consentSourceLabel(state.source).toLowerCase()}).`;
  return (
    <p className="mb-4" data-consent-state={state.status}>
      {sentence}
    </p>
  );
}

/** Every grant and withdrawal, newest first, with where it was made and the words shown at the time. */
export function ConsentHistoryTable({ entries, caption }: { entries: readonly Entry[]; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <TableHead columns={["When", "Choice", "Where", "Wording"]} />
      <tbody>
        {entries.map((c) => (
          <tr key={c.id} className="border-t border-border align-top">
            <td className="py-2 pr-3 whitespace-nowrap">{formatUkShortDateTime(c.createdAt)}</td>
            <td className="py-2 pr-3">{c.granted ? "Agreed" : "Withdrawn"}</td>
            <td className="py-2 pr-3">{consentSourceLabel(c.source)}</td>
            <td className="py-2">{c.wording}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
