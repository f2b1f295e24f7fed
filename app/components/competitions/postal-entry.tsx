import { Mail } from "lucide-react";
import { Link } from "react-router";
import { cardClass, Section } from "~/components/page-section";
import { PostalEntryAddress } from "~/components/postal-entry-address";
import { textLinkClass } from "~/components/rich-text";
import { POSTAL_ENTRY_REQUIRED_DETAILS } from "~/content/policy";
import { WINNER_PUBLICITY_NOTICE } from "~/content/postal";
import { ClosingDate } from "./closing-date";

/** The free entry route for this competition, shown beside paid entry with the same weight. */
export function PostalEntry({
  title,
  endDate,
  counts,
}: {
  title: string;
  endDate: Date;
  /** Postal entries recorded so far, by outcome: every one is counted, none silently dropped. */
  counts: { accepted: number; rejected: number };
}) {
  return (
    <Section
      id="free-entry"
      titleId="postal-entry-title"
      title="Enter for free by post"
      icon={<Mail aria-hidden="true" className="h-6 w-6 text-primary" />}
      className={cardClass}
    >
      <p className="mt-3">
        You can enter this competition free of charge. A postal entry goes into the same draw as a paid entry, with
        exactly the same chance of winning. Send a postcard or a letter, with enough postage, to:
      </p>
      <PostalEntryAddress className="mt-4" />
      <p className="mt-4 font-medium">Each entry must include:</p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {POSTAL_ENTRY_REQUIRED_DETAILS.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      <p className="mt-4">
        Name this competition as <strong>{title}</strong>.
      </p>
      <p className="mt-4">
        Your entry must reach us before this competition closes on{" "}
        <ClosingDate date={endDate} className="font-semibold" />. Post each entry separately: bulk entries count as one.
        Late or incomplete entries are not entered, and an entry is void if the entry cap is reached before we receive
        it.
      </p>
      <p className="mt-4">{WINNER_PUBLICITY_NOTICE}</p>
      <p className="mt-4" data-testid="postal-counts">
        Free postal entries: {counts.accepted} accepted, {counts.rejected} rejected.
      </p>
      <p className="mt-4">
        <Link to="/terms#free-entry" className={textLinkClass}>
          Full free entry rules
        </Link>
      </p>
    </Section>
  );
}
