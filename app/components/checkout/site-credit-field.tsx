import { Wallet } from "lucide-react";
import { formatPence } from "~/domain/money";
import { type CreditSplit, siteCreditText } from "~/domain/site-credit";

/**
 * "Use my £X.XX site credit" on a review page (ADR 036). The split shown is the page's estimate for the total on
 * screen; the server decides it again from the settled balance when the buyer pays. Without JavaScript the box is
 * sent as it is and the Pay button keeps the order's total; the note says how the credit is applied.
 */
export function SiteCreditField({
  balancePence,
  checked,
  onChange,
  split,
}: {
  balancePence: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  split: CreditSplit;
}) {
  return (
    <fieldset className="rounded-lg border border-border p-4" data-testid="site-credit">
      <legend className="flex items-center gap-2 px-1 font-semibold">
        <Wallet aria-hidden="true" className="size-4" />
        Site credit
      </legend>
      <div className="flex items-start gap-3">
        <input
          id="site-credit"
          type="checkbox"
          name="siteCredit"
          value="on"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-describedby="site-credit-note"
          className="mt-1 size-5 accent-primary"
        />
        <label htmlFor="site-credit" className="font-medium">
          Use my {formatPence(balancePence)} site credit
        </label>
      </div>
      <p id="site-credit-note" className="mt-2 text-sm text-muted-foreground" aria-live="polite">
        {checked
          ? siteCreditText(split)
          : "Credit pays as much of this order as it can; a card pays any rest, " +
            "at least £0.30 (the smallest card payment)."}
      </p>
    </fieldset>
  );
}
