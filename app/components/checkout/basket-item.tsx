import { AlertTriangle, Trash2 } from "lucide-react";
import { Form, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldScope } from "~/components/ui/field";
import { numbersPlan } from "~/domain/chosen-numbers";
import type { UnavailableReason } from "~/domain/ticket-availability";
import { useHydrated } from "~/lib/use-now";
import type { BasketLine } from "~/server/checkout/basket.server";
import { CheckoutCompetition } from "./checkout-competition";
import { LinePrice } from "./order-summary";
import { BasketQuantityStepper } from "./quantity-stepper";
import { SkillQuestion } from "./skill-question";

export const UNAVAILABLE_TEXT: Record<UnavailableReason, string> = {
  ended: "This competition has closed.",
  sold_out: "This competition has sold out.",
  not_live: "This competition is not open for entries.",
  limit_reached: "You already have the most tickets one person may buy for this competition.",
};

/** One basket line: what it is, how many, the answer, the price, and a way out. */
export function BasketItem({ line }: { line: BasketLine }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <li
      className="rounded-lg border border-border bg-card p-4 text-card-foreground sm:p-5"
      data-testid={`basket-item-${line.competitionId}`}
    >
      <CheckoutCompetition
        competition={{ ...line, id: line.competitionId, entryPricePence: line.unitPricePence }}
        framed={false}
      />

      {!line.available ? (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-destructive">
          <AlertTriangle aria-hidden="true" className="size-4" />
          {UNAVAILABLE_TEXT[line.unavailableReason ?? "not_live"]} Remove it to check out.
        </p>
      ) : null}

      <div className="mt-4 grid gap-5 md:grid-cols-2">
        <div className="space-y-4">
          {line.available ? (
            <BasketQuantityStepper
              competitionId={line.competitionId}
              title={line.title}
              quantity={line.quantity}
              maxQuantity={line.maxQuantity}
            />
          ) : null}
          {line.quantityNote ? (
            <p className="text-sm" data-testid="quantity-note">
              {line.quantityNote}
            </p>
          ) : null}
          <LinePrice pricing={line.pricing} />
          {line.available ? (
            <p className="text-sm text-muted-foreground">{numbersPlan(line.chosenNumbers, line.quantity)}</p>
          ) : null}
        </div>
        <Form
          method="post"
          preventScrollReset
          className="space-y-3"
          onChange={(event) => submit(event.currentTarget, { method: "post", preventScrollReset: true })}
        >
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="competitionId" value={line.competitionId} />
          {/* One question per line in the basket: the scope keeps their ids apart. */}
          <FieldScope value={`line-${line.competitionId}`}>
            <SkillQuestion
              question={line.skillQuestion}
              options={line.skillOptions}
              name="answer"
              defaultValue={line.skillAnswer}
            />
          </FieldScope>
          {line.skillAnswer ? null : <p className="text-sm font-medium text-destructive">Answer required</p>}
          {hydrated ? null : (
            <button type="submit" className={buttonClass("outline", "sm")}>
              Save answer
            </button>
          )}
        </Form>
      </div>

      <Form method="post" preventScrollReset className="mt-4 flex justify-end">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="competitionId" value={line.competitionId} />
        <button type="submit" className={buttonClass("ghost", "sm", "text-destructive")}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {line.title}</span>
        </button>
      </Form>
    </li>
  );
}
