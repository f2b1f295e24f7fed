import { numbersPlan } from "~/domain/chosen-numbers";

/**
 * A line's ticket numbers before Pay: the ones chosen and how many are a lucky dip (ADR 031), with the chosen numbers
 * carried in the form as `numbers` fields, so the server holds exactly those when the buyer pays.
 */
export function ChosenNumbers({ numbers, quantity }: { numbers: readonly number[]; quantity: number }) {
  return (
    <div className="rounded-lg border border-border bg-card p-4 text-sm text-card-foreground">
      <p className="font-semibold">Your ticket numbers</p>
      <p className="mt-1 text-muted-foreground" data-testid="numbers-plan">
        {numbersPlan(numbers, quantity)}
      </p>
      {numbers.map((n) => (
        <input key={n} type="hidden" name="numbers" value={n} />
      ))}
    </div>
  );
}
