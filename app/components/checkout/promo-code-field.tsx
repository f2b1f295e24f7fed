import { BadgePercent } from "lucide-react";
import { controlProps } from "~/components/form-feedback";
import { Button } from "~/components/ui/button";
import { Field, inputBoxClass } from "~/components/ui/field";
import { formatPence } from "~/domain/money";
import { PROMO_CODE_MAX_LENGTH } from "~/domain/promo-code";
import { type FormResult, fieldError, sentValue } from "~/schemas/form";

/** A code the server priced for this page: what it takes off and the total after it. */
export type PromoQuoteView = { code: string; discountPence: number; totalBeforePence: number; totalPence: number };

/**
 * The "Promo code" field of the basket and the review pages. Apply posts the form with intent "promo": the server
 * prices the code and answers with its discount and the new total, or the code's message at the field. The field
 * stays in the Pay form, so the code travels with the payment and is decided again there.
 */
export function PromoCodeField({
  result,
  quote,
  defaultCode,
  defaultError,
}: {
  result?: FormResult;
  quote?: PromoQuoteView | null;
  defaultCode?: string | null;
  /** The code's message when the page itself priced it (a code brought from the basket). */
  defaultError?: string;
}) {
  const error = fieldError(result, "promo") ?? defaultError;
  // Enter in the field applies the code (the form's first button may be another one, such as Update total).
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    const apply = form?.querySelector<HTMLButtonElement>('button[name="intent"][value="promo"]');
    if (event.key !== "Enter" || !form || !apply) return;
    event.preventDefault();
    form.requestSubmit(apply);
  };
  const typed = sentValue(result, "promo") ?? quote?.code ?? defaultCode ?? "";
  return (
    <div className="space-y-3 rounded-lg border border-border bg-card p-4 text-card-foreground">
      <Field
        name="promo"
        label="Promo code"
        error={error}
        hint="Have a code? Apply it to see your new total before you pay."
      >
        {(ids) => (
          <div className="flex flex-wrap gap-2">
            <input
              {...controlProps(ids)}
              name="promo"
              onKeyDown={onKeyDown}
              defaultValue={typed}
              maxLength={PROMO_CODE_MAX_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`min-w-0 flex-1 uppercase ${inputBoxClass}`}
            />
            <Button type="submit" name="intent" value="promo" variant="outline" formNoValidate>
              <BadgePercent aria-hidden="true" className="size-4" />
              Apply
            </Button>
          </div>
        )}
      </Field>
      <div role="status" aria-live="polite">
        {quote && !error ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="promo-quote">
            <dt>Promo code {quote.code}</dt>
            <dd className="text-right font-medium tabular-nums text-success">−{formatPence(quote.discountPence)}</dd>
            <dt className="font-semibold">New total</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="promo-total">
              {formatPence(quote.totalPence)}
            </dd>
          </dl>
        ) : null}
      </div>
    </div>
  );
}

/** The quote in a review page's last reply (the Apply button's), with the quantity it was priced at, if any. */
export function promoQuoteOf(reply: unknown): (PromoQuoteView & { quantity?: number }) | null {
  if (!reply || typeof reply !== "object" || !("promoQuote" in reply)) return null;
  const quote = reply.promoQuote as PromoQuoteView;
  const quantity =
    "promoQuantity" in reply && typeof reply.promoQuantity === "number" ? reply.promoQuantity : undefined;
  return { ...quote, quantity };
}
