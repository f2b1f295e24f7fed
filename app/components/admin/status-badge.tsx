import { STATUS_LABELS } from "~/content/admin-competitions";
import type { CompetitionStatus } from "~/db/constants";

const BADGE =
  "inline-flex items-center rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

/** A competition's status in words (not by colour alone). */
export function StatusBadge({ status }: { status: CompetitionStatus }) {
  return (
    <span data-status={status} className={BADGE}>
      {STATUS_LABELS[status]}
    </span>
  );
}
