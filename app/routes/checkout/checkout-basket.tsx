import { Form, Link, redirect } from "react-router";
import { UNAVAILABLE_TEXT } from "~/components/checkout/basket-item";
import { CheckoutCompetition } from "~/components/checkout/checkout-competition";
import { Notice } from "~/components/checkout/notice";
import { OrderSummary } from "~/components/checkout/order-summary";
import {
  BlockNotice,
  blocksPayment,
  CheckoutErrorNotice,
  EntryRulesNote,
  PaymentPanel,
} from "~/components/checkout/payment-panel";
import { PromoCodeField, promoQuoteOf } from "~/components/checkout/promo-code-field";
import { numbersParam, numbersPlan, parseChosenNumbers, takenNumbersMessage } from "~/domain/chosen-numbers";
import { privatePageMeta } from "~/lib/seo";
import { ANSWER_REQUIRED } from "~/schemas/basket";
import { basketCheckoutCheck, CheckoutQuerySchema } from "~/schemas/checkout";
import { requireUser } from "~/server/accounts/session.server";
import { dropBasketNumbers, getBasket } from "~/server/checkout/basket.server";
import { payForEntry, paymentReadiness } from "~/server/checkout/checkout-page.server";
import { quotePromoCode } from "~/server/checkout/promo-codes.server";
import { servicesContext } from "~/server/platform/context";
import { readSubmission, refused } from "~/server/platform/form-action.server";
import type { Services } from "~/server/platform/services.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/checkout-basket";
import { paymentReply, promoReply } from "./payment-reply.server";

/** The basket as it stands, or the response that sends the buyer back to finish it first. */
type BasketLines = Awaited<ReturnType<typeof getBasket>>["lines"];

async function readyBasket(services: Services, userId: string) {
  const basket = await getBasket(services, userId);
  if (basket.lines.length === 0) return { back: redirect("/basket") } as const;
  if (basket.lines.some((line) => !line.skillAnswer?.trim())) {
    return { back: await redirectWithToast(services, "/basket", { type: "error", ...ANSWER_REQUIRED }) } as const;
  }
  return { basket } as const;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const ready = await readyBasket(services, user.id);
  if (ready.back) return ready.back;
  const { lines, totals } = ready.basket;
  const unavailable = lines.filter((line) => !line.available);
  const readiness =
    unavailable.length === 0
      ? await paymentReadiness(
          services,
          user.id,
          totals.totalPence,
          lines.map((line) => line.competitionId),
        )
      : null;
  const taken = new URL(request.url).searchParams.get("taken");
  const takenNumbers = parseChosenNumbers(taken ? [taken] : [], 10, Number.MAX_SAFE_INTEGER);
  // A code applied on the basket comes along as ?promo=: priced again here, its message shown if it fails now.
  const typed = CheckoutQuerySchema.catch({}).parse(Object.fromEntries(new URL(request.url).searchParams)).promo;
  const decision = typed?.trim() ? await quoteForLines(services, user.id, typed.trim(), lines) : null;
  const promo = decision && {
    typed: typed?.trim(),
    quote: decision.ok ? decision : null,
    error: decision.ok ? null : decision.message,
  };
  return {
    promo,
    lines,
    taken: takenNumbers.ok && takenNumbers.numbers.length > 0 ? takenNumbers.numbers : null,
    totals,
    unavailable: unavailable.map((line) => ({ title: line.title, reason: line.unavailableReason ?? "not_live" })),
    readiness,
  };
}

/** What a code takes off the basket's lines for this buyer now (nothing is held). */
function quoteForLines(services: Services, userId: string, typed: string, lines: BasketLines) {
  const priced = lines.map((line) => ({ competitionId: line.competitionId, totalPence: line.pricing.totalPence }));
  return quotePromoCode(services, userId, typed, priced);
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, basketCheckoutCheck.schema);
  if (submission.status !== "success") return refused(submission, basketCheckoutCheck);
  const user = await requireUser(services, request);
  const ready = await readyBasket(services, user.id);
  if (ready.back) return ready.back;
  if (submission.value.intent === "promo") {
    return promoReply(submission, await quoteForLines(services, user.id, submission.value.promo, ready.basket.lines));
  }
  // The lines come from the basket on the server; startCheckout prices them from the database.
  const lines = ready.basket.lines.map((line) => ({
    competitionId: line.competitionId,
    quantity: line.quantity,
    skillAnswer: line.skillAnswer,
    numbers: line.chosenNumbers,
  }));
  const outcome = await payForEntry(services, user, { lines, source: "basket" }, submission.value);
  // Numbers taken between choosing and paying leave the basket line; the page says which (ADR 031).
  if (!outcome.ok && outcome.taken) {
    await dropBasketNumbers(services, user.id, outcome.taken.competitionId, outcome.taken.numbers);
    return redirect(`/checkout/basket?taken=${numbersParam(outcome.taken.numbers)}`);
  }
  return paymentReply(submission, outcome, submission.value.js === "1");
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta(
    "Checkout: your basket",
    "Review every competition in your basket, your answers and your multi-buy savings, then pay once.",
  );

export default function BasketCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, totals, unavailable, readiness, taken, promo } = loaderData;
  // The last Apply's answer, or else the code brought from the basket as the loader priced it.
  const quote = actionData ? promoQuoteOf(actionData) : (promo?.quote ?? null);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Checkout</h1>
      <p className="mt-2 text-muted-foreground">
        {lines.length} {lines.length === 1 ? "competition" : "competitions"}, one payment.{" "}
        <Link to="/basket" className="font-medium text-primary underline">
          Change your basket
        </Link>
      </p>

      <div className="mt-8 space-y-6">
        <ul className="space-y-4" aria-label="Competitions in this order">
          {lines.map((line) => (
            <li key={line.competitionId} className="space-y-2">
              <CheckoutCompetition
                competition={{ ...line, id: line.competitionId, entryPricePence: line.unitPricePence }}
              />
              <p className="px-1 text-sm">
                <span className="text-muted-foreground">{line.skillQuestion}</span>{" "}
                <span className="font-medium">Your answer: {line.skillAnswer}</span>
              </p>
              <p className="px-1 text-sm text-muted-foreground">{numbersPlan(line.chosenNumbers, line.quantity)}</p>
            </li>
          ))}
        </ul>

        {unavailable.length > 0 ? (
          <Notice tone="error" title="Some items cannot be entered" live={false}>
            <ul className="list-disc pl-5">
              {unavailable.map((line) => (
                <li key={line.title}>
                  {line.title}: {UNAVAILABLE_TEXT[line.reason]}
                </li>
              ))}
            </ul>
            <Link to="/basket" className="mt-2 inline-block font-medium text-primary underline">
              Remove them from your basket
            </Link>
          </Notice>
        ) : null}
        {taken ? (
          <Notice tone="error" title="Some of your numbers were taken">
            <p>{takenNumbersMessage(taken)}</p>
          </Notice>
        ) : null}
        <CheckoutErrorNotice actionData={actionData} />
        {readiness?.block ? <BlockNotice block={readiness.block} /> : null}

        <OrderSummary lines={lines} totals={totals} />
        {readiness && !blocksPayment(readiness.block) ? (
          <Form method="post" className="space-y-6" aria-label="Payment">
            <PromoCodeField
              result={actionData?.result}
              quote={quote}
              defaultCode={promo?.typed}
              defaultError={actionData ? undefined : (promo?.error ?? undefined)}
            />
            <EntryRulesNote />
            <PaymentPanel
              totalPence={quote?.totalPence ?? totals.totalPence}
              readiness={readiness}
              actionData={actionData}
            />
          </Form>
        ) : null}
      </div>
    </div>
  );
}
