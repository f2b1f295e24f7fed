import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { DrawSummary } from "~/server/draws/public.server";

/** After the close: the published entry list's hash, the result once drawn, and the way to check it all. */
export function DrawPanel({ competitionId, draw }: { competitionId: number; draw: DrawSummary }) {
  return (
    <div className="mt-4 space-y-2" data-testid="draw-panel">
      {draw.status === "drawn" && draw.winnerTicketNumber !== null ? (
        <p className="font-semibold">The winning entry is ticket {draw.winnerTicketNumber}.</p>
      ) : (
        <p>The winner will be drawn from public randomness beacon round {draw.round}.</p>
      )}
      <p className="text-sm">
        Entry list fingerprint (SHA-256): <code className="break-all">{draw.manifestHash}</code>
      </p>
      <p>
        <Link to={`/draws/${competitionId}`} className={buttonClass("secondary")}>
          Check the draw
        </Link>
      </p>
    </div>
  );
}
