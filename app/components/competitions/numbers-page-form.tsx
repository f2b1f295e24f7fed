import { Button } from "~/components/ui/button";
import { listNumbers } from "~/domain/chosen-numbers";
import { type NumberRange, pageCount, pageOf, pageRange } from "~/domain/number-grid";

type NumbersPageData = {
  competition: { id: number; totalTickets: number };
  range: NumberRange;
  taken: number[];
  chosen: number[];
  jumpError: string | null;
};

/**
 * The numbers page's one GET form (no JavaScript needed). Its first button is the jump's Go, so Enter in the jump
 * field jumps; the page buttons send the page to show; "Continue to checkout" sends the same fields to the review
 * page, which reads every `numbers` field. Chosen numbers on other pages travel as hidden fields.
 */
export function NumbersPageForm({ page }: { page: NumbersPageData }) {
  const { competition, range, chosen, jumpError } = page;
  const taken = new Set(page.taken);
  const here = (n: number) => n >= range.from && n <= range.to;
  const numbers = Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i);
  const pages = pageCount(competition.totalTickets);
  const current = pageOf(range.from);
  const previous = range.from > 1 ? pageRange(current - 1, competition.totalTickets) : null;
  const next = range.to < competition.totalTickets ? pageRange(current + 1, competition.totalTickets) : null;
  const self = `/competition/${competition.id}/numbers`;

  return (
    <form method="get" action={self} className="space-y-6" aria-label="Choose your numbers">
      <input type="hidden" name="at" value={range.from} />
      {chosen
        .filter((n) => !here(n))
        .map((n) => (
          <input key={n} type="hidden" name="numbers" value={n} />
        ))}
      <div>
        <label htmlFor="jump" className="block font-medium">
          Jump to number
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="jump"
            name="jump"
            inputMode="numeric"
            autoComplete="off"
            className="h-11 w-40 rounded-md border border-input bg-background px-3"
            aria-invalid={jumpError ? true : undefined}
            aria-describedby={jumpError ? "jump-error" : undefined}
          />
          <Button type="submit" name="go" value="jump" variant="outline">
            Go
          </Button>
        </div>
        {jumpError ? (
          <p id="jump-error" className="mt-1 text-sm text-destructive">
            {jumpError}
          </p>
        ) : null}
      </div>

      <p aria-live="polite" data-testid="numbers-chosen">
        {chosen.length === 0
          ? "No numbers chosen yet: every ticket will be a lucky dip."
          : `Chosen: ${listNumbers(chosen)}.`}
      </p>

      <fieldset>
        <legend className="font-semibold">
          Numbers {range.from.toLocaleString("en-GB")} to {range.to.toLocaleString("en-GB")} (page {current + 1} of{" "}
          {pages})
        </legend>
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-8 lg:grid-cols-10">
          {numbers.map((n) => {
            const isTaken = taken.has(n);
            return (
              <li key={n}>
                <label
                  className={`flex min-h-11 items-center gap-2 rounded-md border border-border px-2 ${
                    isTaken ? "text-muted-foreground line-through" : "cursor-pointer"
                  }`}
                >
                  <input
                    type="checkbox"
                    name="numbers"
                    value={n}
                    defaultChecked={chosen.includes(n)}
                    disabled={isTaken}
                    className="size-5 accent-primary"
                  />
                  <span className="tabular-nums">{n}</span>
                  {isTaken ? <span className="sr-only">, taken</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="flex flex-wrap gap-3">
        {previous ? (
          <Button type="submit" name="from" value={previous.from} variant="outline">
            Numbers {previous.from} to {previous.to}
          </Button>
        ) : null}
        {next ? (
          <Button type="submit" name="from" value={next.from} variant="outline">
            Numbers {next.from} to {next.to}
          </Button>
        ) : null}
      </div>
      <Button type="submit" formAction={`/checkout/${competition.id}`} size="lg" className="w-full sm:w-auto">
        Continue to checkout
      </Button>
    </form>
  );
}
