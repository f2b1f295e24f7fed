import { Minus, Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form } from "react-router";
import { TicketSelector } from "~/components/competitions/ticket-selector";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { clampQuantity, MAX_TICKETS, MIN_TICKETS } from "~/domain/pricing";
import { useHydrated } from "~/lib/use-now";

const stepButton = buttonClass("outline", "icon", "shrink-0");
const numberInput = `${inputClass} w-20 text-center tabular-nums`;

/**
 * The basket's stepper: each button is its own small form posting intent=quantity, so it works without
 * JavaScript. Going below 1 removes the line (spec section 5); the server clamps whatever arrives.
 */
export function BasketQuantityStepper({
  competitionId,
  title,
  quantity,
  maxQuantity,
}: {
  competitionId: number;
  title: string;
  quantity: number;
  maxQuantity: number;
}) {
  const id = useId();
  const hidden = (
    <>
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="competitionId" value={competitionId} />
    </>
  );
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-wrap items-center gap-2">
      <span id={`${id}-label`} className="w-full text-sm font-medium">
        Tickets
      </span>
      <Form method="post" preventScrollReset>
        {hidden}
        <input type="hidden" name="quantity" value={quantity - 1} />
        <button
          type="submit"
          className={stepButton}
          aria-label={quantity <= 1 ? `Remove ${title} from basket` : `One ticket fewer for ${title}`}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
      </Form>
      <Form method="post" preventScrollReset className="flex items-center gap-2">
        {hidden}
        <label htmlFor={`${id}-qty`} className="sr-only">
          Quantity for {title}
        </label>
        <input
          id={`${id}-qty`}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={0}
          max={maxQuantity}
          step={1}
          defaultValue={quantity}
          key={quantity}
          className={numberInput}
        />
        <button type="submit" className={buttonClass("ghost", "sm")}>
          Update<span className="sr-only"> quantity for {title}</span>
        </button>
      </Form>
      <Form method="post" preventScrollReset>
        {hidden}
        <input type="hidden" name="quantity" value={quantity + 1} />
        <button
          type="submit"
          className={stepButton}
          disabled={quantity >= maxQuantity}
          aria-label={`One ticket more for ${title}`}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </Form>
      <span className="w-full text-xs text-muted-foreground">Up to {maxQuantity} for this competition.</span>
    </div>
  );
}

/**
 * The review page's quantity: the competition page's ticket selector (−/+ with JavaScript, the price follows),
 * plus, without JavaScript, an "Update total" button that posts intent=quantity so the server re-prices.
 */
export function QuantityField({
  value,
  onChange,
  max = MAX_TICKETS,
  error,
}: {
  value: number;
  onChange: (next: number) => void;
  max?: number;
  error?: string;
}) {
  const hydrated = useHydrated();
  // The field keeps what is typed (even an empty moment mid-edit); the price follows each whole number.
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <div className="space-y-2">
      <TicketSelector
        text={text}
        quantity={value}
        max={max}
        onChange={(next) => {
          setText(next);
          if (Number.isFinite(Number.parseInt(next, 10))) onChange(Math.max(MIN_TICKETS, clampQuantity(next, max)));
        }}
        onCommit={() => setText(String(value))}
        error={error}
      />
      {hydrated ? null : (
        <button type="submit" name="intent" value="quantity" className={buttonClass("outline", "sm")} formNoValidate>
          Update total
        </button>
      )}
    </div>
  );
}
