import { CheckCircle2, Clock, Trophy, XCircle } from "lucide-react";
import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { ANSWER_RECORDED } from "~/domain/answer-reveal";
import type { MyEntry } from "~/server/accounts/my-entries.server";
import { TicketRefs } from "./ticket-refs";

/** Whether the answer was right, in words and by icon; before the close only that it is recorded. */
function AnswerResult({ correct, drawn }: { correct: boolean | null; drawn: boolean }) {
  if (correct === null)
    return (
      <p className="mt-3 flex items-start gap-2 text-sm">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {ANSWER_RECORDED}
      </p>
    );
  return correct ? (
    <p className="mt-3 flex items-start gap-2 text-sm">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
      {drawn
        ? "Your answer was correct: these tickets were in the draw."
        : "Your answer was correct: these tickets are in the draw."}
    </p>
  ) : (
    <p className="mt-3 flex items-start gap-2 text-sm">
      <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      Your answer was not correct: these tickets were valid entries but could not win.
    </p>
  );
}

/** Once drawn: whether these tickets won, with the way to check the draw. */
function DrawResult({ competitionId, result }: { competitionId: number; result: MyEntry["result"] }) {
  if (result === null) return null;
  return (
    <p className="mt-2 flex items-start gap-2 text-sm" data-testid="draw-result">
      <Trophy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {result === "won"
          ? "One of these tickets won the draw. Congratulations! "
          : "The draw has taken place: these tickets did not win this time. "}
        <Link to={`/draws/${competitionId}`} className={textLinkClass}>
          Check the draw
        </Link>
      </span>
    </p>
  );
}

/** Every live ticket of the account, paid or postal, with its entry reference and, after close, its result. */
export function MyEntries({ entries }: { entries: MyEntry[] }) {
  if (entries.length === 0) return <p className="text-muted-foreground">You have no tickets yet.</p>;
  return (
    <ul className="space-y-4" aria-label="Your tickets by competition">
      {entries.map((entry) => (
        <li
          key={`${entry.competitionId}:${entry.correct}`}
          className="rounded-md border border-border p-4"
          data-testid="my-entry"
        >
          <h3 className="font-semibold">
            <Link to={`/competition/${entry.competitionId}`} className={textLinkClass}>
              {entry.title}
            </Link>
          </h3>
          <TicketRefs title={entry.title} tickets={entry.tickets} />
          {entry.tickets.some((t) => t.source === "postal") ? (
            <p className="mt-2 text-sm text-muted-foreground">Includes free postal entries.</p>
          ) : null}
          <AnswerResult correct={entry.correct} drawn={entry.result !== null} />
          <DrawResult competitionId={entry.competitionId} result={entry.result} />
        </li>
      ))}
    </ul>
  );
}
