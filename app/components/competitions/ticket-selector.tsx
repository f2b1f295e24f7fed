import { Minus, Plus } from "lucide-react";
import { FieldError } from "~/components/ui/field";
import { MIN_TICKETS } from "~/domain/pricing";
import { useHydrated } from "~/lib/use-now";

type TicketSelectorProps = {
  /** What the field shows, which may be mid-edit ("" while retyping). */
  text: string;
  quantity: number;
  /** The fewest allowed: 1, or more while numbers are chosen (each chosen number is a ticket). */
  min?: number;
  max: number;
  onChange(text: string): void;
  onCommit(): void;
  /** The server's refusal of the quantity sent, shown under the field and read with it. */
  error?: string;
};

/** − and + step between 1 and the limit and are disabled at each bound; the number can also be typed. */
export function TicketSelector({
  text,
  quantity,
  min = MIN_TICKETS,
  max,
  onChange,
  onCommit,
  error,
}: TicketSelectorProps) {
  const hydrated = useHydrated();
  const stepButton =
    "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md border " +
    "border-input bg-card text-card-foreground hover:bg-muted focus-visible:outline-3 " +
    "focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed " +
    "disabled:opacity-50";
  return (
    <div>
      <label htmlFor="ticket-quantity" className="block text-sm font-medium">
        Number of tickets
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <button
          type="button"
          className={stepButton}
          aria-label="One ticket fewer"
          aria-controls="ticket-quantity"
          disabled={!hydrated || quantity <= min}
          onClick={() => onChange(String(Math.max(min, quantity - 1)))}
        >
          <Minus aria-hidden="true" className="h-4 w-4" />
        </button>
        <input
          id="ticket-quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          required
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onCommit}
          aria-describedby={error ? "ticket-quantity-error ticket-quantity-hint" : "ticket-quantity-hint"}
          aria-invalid={error ? true : undefined}
          className={
            "h-11 w-20 rounded-md border border-input bg-card px-3 text-center text-lg font-semibold " +
            "text-card-foreground focus-visible:outline-3 focus-visible:outline-offset-1 " +
            "focus-visible:outline-ring"
          }
        />
        <button
          type="button"
          className={stepButton}
          aria-label="One ticket more"
          aria-controls="ticket-quantity"
          disabled={!hydrated || quantity >= max}
          onClick={() => onChange(String(Math.min(max, quantity + 1)))}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <FieldError id="ticket-quantity-error" error={error} className="mt-1.5" />
      <p id="ticket-quantity-hint" className="mt-1.5 text-sm text-muted-foreground">
        From {MIN_TICKETS} to {max} tickets per purchase.
      </p>
    </div>
  );
}
