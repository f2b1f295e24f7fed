import { textLinkClass } from "~/components/legal-page";
import { cardClass, Section } from "~/components/page-section";
import type { DrawCounts } from "~/db/schema/draws";
import { roundTime } from "~/domain/draw/chain";
import { isSkipReason, skipReasonText } from "~/domain/draw/skip-reasons";
import type { PublishedDraw } from "~/domain/draw/verify";
import { formatUkWeekdayDateTime } from "~/domain/london-format";

const codeClass = "font-mono text-sm wrap-anywhere";

function FactList({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const Code = ({ children }: { children: React.ReactNode }) => <code className={codeClass}>{children}</code>;

/** The rule fixed at go-live: beacon, draw time and round, and whether a late manifest moved the round. */
export function DrawRule({ record }: { record: PublishedDraw }) {
  const { chain, rule, round, roundMoved } = record;
  const deciding = round ?? rule.round;
  return (
    <Section titleId="rule-title" title="The rule">
      <p className="mt-3 max-w-prose text-muted-foreground">
        Fixed when the competition went live, before anyone could know the beacon's value: the winner follows from the
        entry list's hash and the beacon's randomness at this round, by the published construction.
      </p>
      <FactList
        items={[
          ["Beacon", chain.network === "drand-quicknet" ? "drand quicknet" : "Local test beacon"],
          ["Chain hash", <Code key="h">{chain.hash}</Code>],
          ["Closing time", formatUkWeekdayDateTime(record.closesAt)],
          ["Draw time", rule.drawAt ? formatUkWeekdayDateTime(rule.drawAt) : "Set when the competition goes live"],
          ["Round", rule.round ? String(rule.round) : "Not fixed yet"],
          ...(roundMoved
            ? ([
                [
                  "Round moved",
                  `The entry list came out later than 30 minutes before the draw time, so by the rule the draw moved ` +
                    `to round ${deciding} (${formatUkWeekdayDateTime(roundTime(chain, deciding))}).`,
                ],
              ] as [string, string][])
            : []),
        ]}
      />
    </Section>
  );
}

function countsText(counts: DrawCounts) {
  const postal = Object.entries(counts.excluded.postalRejected).map(
    ([reason, n]) => `postal entry rejected (${reason}): ${n}`,
  );
  return [`wrong answer: ${counts.excluded.wrongAnswer}`, `refunded: ${counts.excluded.refunded}`, ...postal].join(
    "; ",
  );
}

/** The frozen entry list: its hash, when it was published, its counts and the download. */
export function DrawManifest({ record, counts }: { record: PublishedDraw; counts: DrawCounts | null }) {
  const manifest = record.manifest;
  return (
    <Section titleId="manifest-title" title="Entry list">
      {manifest && counts ? (
        <FactList
          items={[
            ["Published", formatUkWeekdayDateTime(manifest.publishedAt)],
            [
              "Entries in the draw",
              `${manifest.entries} (paid ${counts.eligible.paid}, postal ${counts.eligible.postal})`,
            ],
            ["Left out", countsText(counts)],
            [
              "SHA-256 (M)",
              <span key="m">
                <Code>{manifest.hash}</Code>
                <span className="mt-1 block text-sm text-muted-foreground">
                  Compare it with the hash in the "entries closed" e-mail every entrant was sent before the draw. It is
                  also in the{" "}
                  <a href={record.log.url} className={textLinkClass}>
                    manifest log
                  </a>
                  , where each entry carries the hash of the one before, so a changed entry shows.
                </span>
              </span>,
            ],
            [
              "Download",
              <a key="d" href={manifest.url} className={textLinkClass} download>
                Entry list (manifest.txt)
              </a>,
            ],
          ]}
        />
      ) : (
        <p className="mt-3 text-muted-foreground">
          The entry list is frozen and published, with its SHA-256, when the competition closes.
        </p>
      )}
    </Section>
  );
}

type DrawnEntryView = { position: number; ticketNumber: number; entryRef: string };

/** The beacon's round and the draw order: the winner, the alternates, and any prize passed on with its reason. */
export function DrawResult({ record, drawn }: { record: PublishedDraw; drawn: DrawnEntryView[] }) {
  const { beacon } = record;
  const skipped = new Map(record.skips.map((s) => [s.index, s]));
  const current = record.skips.length;
  if (!beacon) {
    const round = record.round ?? record.rule.round;
    return (
      <Section titleId="result-title" title="Result">
        <p className="mt-3 text-muted-foreground">
          {round
            ? `Not drawn yet. Round ${round} of the beacon comes out at ${formatUkWeekdayDateTime(
                roundTime(record.chain, round),
              )}; the draw uses it.`
            : "Not drawn yet."}
        </p>
      </Section>
    );
  }
  return (
    <Section titleId="result-title" title="Result">
      <FactList
        items={[
          ["Beacon round", String(beacon.round)],
          ["Randomness (R)", <Code key="r">{beacon.randomness}</Code>],
          ["Signature", <Code key="s">{beacon.signature}</Code>],
        ]}
      />
      <h3 className="mt-6 text-lg font-semibold">Draw order</h3>
      <ol className="mt-3 space-y-2">
        {drawn.map((entry, index) => {
          const skip = skipped.get(index);
          const role = index === 0 ? "Winner" : `Alternate ${index}`;
          return (
            <li key={entry.position} className={`${cardClass} py-3`}>
              <span className="font-semibold">{role}</span>: ticket {entry.ticketNumber}, entry{" "}
              <Code>{entry.entryRef}</Code>, manifest position {entry.position}
              {index === current ? <span className="ml-2 font-semibold text-success">Holds the prize</span> : null}
              {skip ? (
                <span className="block text-sm text-muted-foreground">
                  Passed over: {isSkipReason(skip.reason) ? skipReasonText(skip.reason, skip.clause) : skip.reason} (
                  {formatUkWeekdayDateTime(skip.at)})
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
