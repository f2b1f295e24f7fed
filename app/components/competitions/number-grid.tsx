import { Check, ChevronLeft, ChevronRight, Shuffle, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import {
  arrowTarget,
  chosenCountText,
  chosenLimitText,
  isGridKey,
  lostNumbersText,
  luckyDipText,
  NUMBER_GRID_PAGE_SIZE,
  pageCount,
  pageOf,
  pageRange,
  readJumpNumber,
  toggleChosen,
} from "~/domain/number-grid";
import { useTakenNumbers } from "./use-taken-numbers";

export type NumberGridProps = {
  competitionId: number;
  totalTickets: number;
  quantity: number;
  /** The most numbers this purchase may choose (the per-purchase limit and what is left). */
  maxChosen: number;
  chosen: readonly number[];
  onChosenChange(next: number[]): void;
  /** Called to raise the quantity so it is never below the count of chosen numbers. */
  onQuantityChange(quantity: number): void;
};

const cellBase =
  "relative flex min-h-11 items-center justify-center gap-0.5 rounded-md border font-semibold " +
  "tabular-nums select-none has-focus-visible:outline-3 has-focus-visible:outline-offset-2 " +
  "has-focus-visible:outline-ring";
const cellLook = {
  free: "cursor-pointer border-input bg-card text-card-foreground hover:bg-muted",
  chosen: "cursor-pointer border-primary bg-primary text-primary-foreground",
  // Taken is told by a strike-through and a hatch as well as by colour, and in words to a screen reader.
  taken:
    "cursor-not-allowed border-dashed border-border text-muted-foreground line-through " +
    "bg-[repeating-linear-gradient(135deg,var(--muted)_0_4px,transparent_4px_8px)]",
  full: "cursor-not-allowed border-border bg-card text-muted-foreground",
} as const;

const gridId = "number-grid-cells";
const grouped = (n: number) => n.toLocaleString("en-GB");
const removeClass =
  "inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-3 " +
  "focus-visible:outline-ring";
const jumpClass =
  "h-11 w-32 rounded-md border border-input bg-card px-3 text-card-foreground focus-visible:outline-3 " +
  "focus-visible:outline-ring";

/** The previous- or next-page button. */
function PageStep({
  step,
  disabled,
  onStep,
}: {
  step: -1 | 1;
  disabled: boolean;
  onStep(move: (p: number) => number): void;
}) {
  const Icon = step < 0 ? ChevronLeft : ChevronRight;
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={`${step < 0 ? "Previous" : "Next"} ${NUMBER_GRID_PAGE_SIZE} numbers`}
      aria-controls={gridId}
      disabled={disabled}
      onClick={() => onStep((p) => p + step)}
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
    </Button>
  );
}

/**
 * Ten numbers a row where the grid is wide enough, else five (or four for five- and six-digit numbers on a phone),
 * so each is at least 44 px (WCAG 2.2 target size) and a 320 px screen never scrolls sideways.
 */
function columnsClass(total: number) {
  return String(total).length <= 4
    ? "grid-cols-5 text-sm @lg:grid-cols-10"
    : "grid-cols-4 text-xs @sm:grid-cols-5 @sm:text-sm @3xl:grid-cols-10";
}

/**
 * The number grid: 1 to N a page of 100 at a time, a "jump to" field, and each number a checkbox labelled
 * "Ticket 17" (taken ones disabled and labelled so). Chosen numbers are listed with remove buttons and counted
 * politely; the quantity is kept at least their count. Loaded only when the buyer opens "Choose your numbers".
 */
export default function NumberGrid(props: NumberGridProps) {
  const { competitionId, totalTickets, quantity, maxChosen, chosen, onChosenChange, onQuantityChange } = props;
  const [page, setPage] = useState(0);
  const [lost, setLost] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState("");
  const [jump, setJump] = useState("");
  const [jumpError, setJumpError] = useState("");
  const focusAfterLoad = useRef<number | null>(null);
  const [rover, setRover] = useState<number | null>(null);
  const range = pageRange(page, totalTickets);
  const pages = pageCount(totalTickets);

  const { state, reload } = useTakenNumbers({
    competitionId,
    total: totalTickets,
    range,
    chosen,
    onLost(numbers) {
      onChosenChange(chosen.filter((n) => !numbers.includes(n)));
      setLost((previous) => new Set([...previous, ...numbers]));
      setNotice(lostNumbersText(numbers));
    },
  });
  const loaded = state.status === "loaded" && state.range.from === range.from ? state : null;

  // After a jump, focus lands on the number asked for once its page is read (or says it is taken).
  useEffect(() => {
    const n = focusAfterLoad.current;
    if (n === null || !loaded || n < loaded.range.from || n > loaded.range.to) return;
    focusAfterLoad.current = null;
    if (loaded.taken.has(n)) setNotice(`Number ${n} is taken. Choose another.`);
    else document.getElementById(`ticket-number-${n}`)?.focus();
  }, [loaded]);

  const atLimit = chosen.length >= maxChosen;
  const selectable = (n: number) => Boolean(loaded) && !loaded?.taken.has(n) && (chosen.includes(n) || !atLimit);
  // One Tab stop for the whole page of numbers (the last one focused, else the first that can be chosen); the
  // arrow keys, Home and End move between them, so the buttons after the grid are one Tab away, not a hundred.
  const tabStop =
    rover !== null && rover >= range.from && rover <= range.to && selectable(rover)
      ? rover
      : arrowTarget("Home", range.from, range, 1, selectable);

  function onGridKey(event: React.KeyboardEvent<HTMLUListElement>) {
    if (!isGridKey(event.key)) return;
    const current = Number((event.target as HTMLElement).id.replace("ticket-number-", ""));
    const columns = getComputedStyle(event.currentTarget).gridTemplateColumns.split(" ").length;
    event.preventDefault();
    const target = arrowTarget(event.key, current, range, columns, selectable);
    if (target !== null) document.getElementById(`ticket-number-${target}`)?.focus();
  }

  function choose(n: number) {
    const next = toggleChosen(chosen, n, maxChosen);
    if (next.length > quantity) onQuantityChange(next.length);
    onChosenChange(next);
    setNotice("");
  }

  function luckyDip() {
    onChosenChange([]);
    setNotice(luckyDipText(quantity, 0));
  }

  function goTo() {
    const read = readJumpNumber(jump, totalTickets);
    if (!read.ok) {
      setJumpError(read.message);
      return;
    }
    setJumpError("");
    focusAfterLoad.current = read.n;
    setPage(pageOf(read.n));
  }

  const numbers = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i);
  const rangeText = `Numbers ${grouped(range.from)} to ${grouped(range.to)} of ${grouped(totalTickets)}`;

  return (
    <div className="mt-3 space-y-4" data-testid="number-grid">
      <div className="space-y-2">
        <p role="status" className="font-semibold" data-testid="chosen-count">
          {chosenCountText(chosen.length)}
        </p>
        {chosen.length > 0 ? (
          <ul aria-label="Your chosen numbers" className="flex flex-wrap gap-2">
            {chosen.map((n) => (
              <li key={n} className="flex items-center rounded-md border border-primary pl-3 font-semibold">
                {n}
                <button
                  type="button"
                  aria-label={`Remove number ${n}`}
                  onClick={() => choose(n)}
                  className={removeClass}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-sm" data-testid="lucky-dip-note">
          {luckyDipText(quantity, chosen.length)}
        </p>
        <Button type="button" variant="outline" onClick={luckyDip}>
          <Shuffle aria-hidden="true" className="h-4 w-4" />
          Lucky dip: choose for me
        </Button>
        {atLimit && maxChosen > 0 ? <p className="text-sm">{chosenLimitText(maxChosen)}</p> : null}
        <p aria-live="polite" className="text-sm font-medium empty:hidden" data-testid="number-notice">
          {notice}
        </p>
      </div>

      <div>
        <label htmlFor="jump-to-number" className="block text-sm font-medium">
          Jump to number
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id="jump-to-number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={jump}
            onChange={(event) => setJump(event.target.value)}
            onKeyDown={(event) => {
              // Enter here jumps; it must not send the entry form around it.
              if (event.key === "Enter") {
                event.preventDefault();
                goTo();
              }
            }}
            aria-invalid={jumpError ? true : undefined}
            aria-describedby={jumpError ? "jump-to-number-error" : undefined}
            className={jumpClass}
          />
          <Button type="button" variant="outline" onClick={goTo}>
            Go
          </Button>
        </div>
        <FieldError id="jump-to-number-error" error={jumpError} className="mt-1.5" />
      </div>

      <div className="flex items-center justify-between gap-2">
        <PageStep step={-1} disabled={page === 0} onStep={setPage} />
        <p className="text-center text-sm" data-testid="grid-range">
          {rangeText}
        </p>
        <PageStep step={1} disabled={page >= pages - 1} onStep={setPage} />
      </div>

      {state.status === "failed" ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-destructive">
          <p>We couldn't load which numbers are taken.</p>
          <Button type="button" variant="outline" size="sm" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : null}

      <fieldset id={gridId} aria-busy={!loaded} aria-describedby="number-grid-key">
        <legend className="sr-only">{rangeText}</legend>
        <div className="@container">
          <ul onKeyDown={onGridKey} className={`grid gap-1 ${columnsClass(totalTickets)}`}>
            {numbers.map((n) => {
              const isChosen = chosen.includes(n);
              const taken = loaded?.taken.has(n) ?? false;
              const wasChosen = taken && lost.has(n);
              const disabled = !loaded || taken || (!isChosen && atLimit);
              const look = taken ? "taken" : isChosen ? "chosen" : disabled ? "full" : "free";
              return (
                <li key={n}>
                  <label className={`${cellBase} ${cellLook[look]} ${wasChosen ? "border-destructive" : ""}`}>
                    <input
                      id={`ticket-number-${n}`}
                      type="checkbox"
                      // The visible label is the number alone; this says what it is and whether it is taken.
                      aria-label={`Ticket ${n}${wasChosen ? ", taken since you chose it" : taken ? ", taken" : ""}`}
                      checked={isChosen && !taken}
                      disabled={disabled}
                      tabIndex={n === tabStop ? 0 : -1}
                      onFocus={() => setRover(n)}
                      onChange={() => choose(n)}
                      className="absolute inset-0 m-0 h-full w-full cursor-[inherit] appearance-none opacity-0"
                    />
                    {isChosen ? <Check aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> : null}
                    {n}
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      </fieldset>
      <p id="number-grid-key" className="text-sm text-muted-foreground">
        Struck-through, hatched numbers are taken. Ticked numbers are yours. The arrow keys move between numbers and
        Space chooses one. Numbers are held for you only when you pay.
      </p>
    </div>
  );
}
