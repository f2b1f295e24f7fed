import { CreditCard, Loader2, Mail, Wallet } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { Button } from "~/components/ui/button";
import { WINNER_PUBLICITY_NOTICE } from "~/content/postal";
import { formatPence } from "~/domain/money";
import { splitSiteCredit } from "~/domain/site-credit";
import { useHydrated } from "~/lib/use-now";
import { sentDateParts } from "~/schemas/date-of-birth";
import { type FormReply, fieldErrorsOf } from "~/schemas/form";
import { summaryItems } from "~/schemas/form-result";
import { EligibilityFields } from "./eligibility-fields";
import { Notice } from "./notice";
import { SiteCreditField } from "./site-credit-field";

/** The review page's last reply: 'Checkout Error' as its notice, the answer's and eligibility's field messages. */
type PaymentActionState = (FormReply & { paymentUrl?: string }) | undefined;

/** Says plainly, before payment, what a wrong answer means, and where the free route is. */
export function EntryRulesNote() {
  return (
    <div className="space-y-2 rounded-lg border border-border bg-muted p-4 text-sm">
      <p>
        <strong>Answer carefully.</strong> Only tickets with the correct answer go into the draw. If your answer is
        wrong you still buy valid tickets, but they cannot win.
      </p>
      <p className="flex items-start gap-2">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          You can also enter free by post, with the same chance of winning:{" "}
          <Link to="/terms#free-entry" className="font-medium text-primary underline">
            how to enter by post
          </Link>
          .
        </span>
      </p>
      <p>
        {WINNER_PUBLICITY_NOTICE}{" "}
        <Link to="/account/privacy" className="font-medium text-primary underline">
          Your privacy settings
        </Link>
        .
      </p>
    </div>
  );
}

/** Why this account cannot pay now (pause, self-exclusion, spend limit...), with the way to the settings. */
export function BlockNotice({ block }: { block: { code: string; message: string } }) {
  return (
    <Notice tone="error" title="You cannot enter right now" live={false}>
      <p>{block.message}</p>
      <Link to="/account/limits" className="mt-2 inline-block font-medium text-primary underline">
        Your limits and breaks
      </Link>
    </Notice>
  );
}

/**
 * 'Checkout Error' with the server's message, once, on the page (no toast repeats it); when fields were refused,
 * the error summary with a link to each.
 */
export function CheckoutErrorNotice({ actionData }: { actionData: PaymentActionState }) {
  const notice = actionData?.notice;
  const errors = summaryItems(actionData?.result);
  if (errors.length) return <ErrorSummary items={errors} notice={notice} />;
  if (!notice) return null;
  return (
    <Notice tone="error" title={notice.title}>
      {notice.description}
    </Notice>
  );
}

/** A spend limit may still allow fewer tickets, so only that block leaves the Pay form in place. */
export function blocksPayment(block: { code: string } | null | undefined) {
  return Boolean(block && block.code !== "spend_limit");
}

/**
 * The end of a review page's Pay form: eligibility (first purchase only), errors, the idempotency key and
 * the Pay button. The button says Processing and is disabled while the request is in flight; the key
 * makes a double submit (or a submit without JavaScript, where nothing is disabled) one payment session.
 */
export function PaymentPanel({
  totalPence,
  readiness: { idempotencyKey, needsEligibility, eligibilityDefaults, siteCreditPence = 0, noCreditCards },
  actionData,
}: {
  totalPence: number;
  readiness: {
    idempotencyKey: string;
    needsEligibility: boolean;
    eligibilityDefaults?: { dateOfBirth?: string | null; country?: string | null };
    /** The buyer's site credit balance (ADR 036): offered when there is some. */
    siteCreditPence?: number;
    /** An instant-win competition is in the order: no credit cards (ADR 032). */
    noCreditCards?: boolean;
  };
  actionData: PaymentActionState;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const paymentUrl = actionData?.paymentUrl;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "pay";
  const busy = submitting || Boolean(paymentUrl);
  const [useCredit, setUseCredit] = useState(false);
  const split = splitSiteCredit(totalPence, useCredit ? siteCreditPence : 0);

  useEffect(() => {
    // Back from the payment page out of the browser's page cache: start afresh (new key, live stock).
    const onShow = (event: PageTransitionEvent) => event.persisted && window.location.reload();
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
  useEffect(() => {
    // The Pay button itself says "Redirecting to Payment" meanwhile.
    if (!paymentUrl) return;
    window.location.assign(paymentUrl);
  }, [paymentUrl]);

  return (
    <div className="space-y-5">
      {needsEligibility ? (
        <EligibilityFields
          errors={fieldErrorsOf(actionData?.result)}
          defaults={eligibilityDefaults}
          sentDateOfBirth={sentDateParts(actionData?.result?.initialValue)}
        />
      ) : null}
      {noCreditCards ? (
        <Notice tone="info" title="Credit cards are not accepted for this competition" live={false}>
          <p data-testid="no-credit-cards">
            Instant-win competitions cannot be paid for with a credit card (UK code of practice): pay with a debit card
            {siteCreditPence > 0 ? " or your site credit" : ""}.
          </p>
        </Notice>
      ) : null}
      {siteCreditPence > 0 ? (
        <SiteCreditField
          balancePence={siteCreditPence}
          checked={useCredit}
          onChange={setUseCredit}
          split={splitSiteCredit(totalPence, siteCreditPence)}
        />
      ) : null}
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <Button type="submit" name="intent" value="pay" size="lg" className="w-full" disabled={busy} aria-disabled={busy}>
        {busy ? (
          <>
            <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
            {paymentUrl ? "Redirecting to Payment" : "Processing"}
          </>
        ) : split.cardPence === 0 && split.creditPence > 0 ? (
          <>
            <Wallet aria-hidden="true" className="size-5" />
            Pay {formatPence(split.creditPence)} with site credit
          </>
        ) : (
          <>
            <CreditCard aria-hidden="true" className="size-5" />
            Pay {formatPence(split.cardPence)}
            {split.creditPence > 0 ? " by card" : null}
          </>
        )}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {split.cardPence === 0 && split.creditPence > 0
          ? "Your site credit pays the whole order: no card is needed."
          : "You pay on our payment provider's secure page by card, Apple Pay or Google Pay."}
      </p>
    </div>
  );
}
