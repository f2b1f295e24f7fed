import { useEffect, useState } from "react";
import { Form, Link, redirect } from "react-router";
import { UNAVAILABLE_TEXT } from "~/components/checkout/basket-item";
import { CheckoutCompetition } from "~/components/checkout/checkout-competition";
import { ChosenNumbers } from "~/components/checkout/chosen-numbers";
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
import { QuantityField } from "~/components/checkout/quantity-stepper";
import { SkillQuestion } from "~/components/checkout/skill-question";
import { buttonClass } from "~/components/ui/button";
import {
  listNumbers,
  numbersParam,
  parseChosenNumbers,
  splitNumbersParam,
  takenNumbersMessage,
} from "~/domain/chosen-numbers";
import { MAX_TICKETS, MIN_TICKETS, priceLine } from "~/domain/pricing";
import { QUANTITY_MESSAGE, refusalTitle, ticketsText } from "~/domain/ticket-availability";
import { privatePageMeta } from "~/lib/seo";
import { CompetitionIdSchema } from "~/schemas/basket";
import { CheckoutQuerySchema, singleCheckoutCheck } from "~/schemas/checkout";
import { numbersList } from "~/schemas/chosen-numbers";
import { fieldError } from "~/schemas/form";
import { parseTicketQuantity } from "~/schemas/ticket-quantity";
import { requireUser } from "~/server/accounts/session.server";
import {
  findCheckoutCompetition,
  payForEntry,
  paymentReadiness,
  singleEntryLimit,
} from "~/server/checkout/checkout-page.server";
import { quotePromoCode } from "~/server/checkout/promo-codes.server";
import { servicesContext } from "~/server/platform/context";
import { readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/checkout";
import { paymentReply, promoReply } from "./payment-reply.server";

function reviewUrl(
  id: number,
  quantity: string | number,
  answer?: string | null,
  numbers: readonly (string | number)[] = [],
  taken: readonly number[] = [],
) {
  const params = new URLSearchParams({ quantity: String(quantity) });
  if (answer) params.set("answer", answer);
  if (numbers.length > 0) params.set("numbers", numbers.join(","));
  if (taken.length > 0) params.set("taken", numbersParam(taken));
  return `/checkout/${id}?${params}`;
}

/**
 * The numbers a review link carries, for the quantity the page offers: bad ones are dropped with the reason, and
 * numbers beyond the quantity (the buyer lowered it) are dropped with a note naming them (never silently).
 */
function reviewNumbers(query: { numbers: string[]; taken?: string }, quantity: number, total: number) {
  const asked = parseChosenNumbers(query.numbers, 10, total);
  const chosen = asked.ok ? asked.numbers : [];
  const kept = chosen.slice(0, quantity);
  const dropped = chosen.slice(quantity);
  const taken = parseChosenNumbers(query.taken ? [query.taken] : [], 10, total);
  const notes = [
    asked.ok ? null : `${asked.message} Your numbers will be picked at random unless you choose again.`,
    dropped.length > 0
      ? `You chose ${ticketsText(quantity)}, so ${listNumbers(dropped)} ${dropped.length === 1 ? "was" : "were"} ` +
        "let go."
      : null,
  ].filter((note): note is string => note !== null);
  return { numbers: kept, notes, taken: taken.ok && taken.numbers.length > 0 ? taken.numbers : null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const id = CompetitionIdSchema.safeParse(params.id);
  const competition = id.success ? await findCheckoutCompetition(services, id.data) : undefined;
  if (!competition)
    return redirectWithToast(services, "/competitions", { type: "error", title: "Competition not found" });

  const searchParams = new URL(request.url).searchParams;
  const query = CheckoutQuerySchema.catch({}).parse(Object.fromEntries(searchParams));
  // "numbers=5,17" from a link, or one `numbers` field per number from the numbers page's form.
  const numbersSent = searchParams.getAll("numbers").slice(0, 20);
  // A link may carry any quantity: one a purchase cannot have starts the page at 1 and says so. Without one, the
  // page starts at the count of numbers chosen (at least 1).
  const chosenCount = splitNumbersParam(numbersSent).filter((n) => String(n).trim() !== "").length;
  const asked =
    query.quantity === undefined
      ? Math.min(Math.max(MIN_TICKETS, chosenCount), MAX_TICKETS)
      : parseTicketQuantity(query.quantity);
  const limit = await singleEntryLimit(services, user.id, competition, asked ?? MIN_TICKETS);
  const { unavailable, maxQuantity, quantity } = limit;
  const quantityNote = asked === null ? QUANTITY_MESSAGE : limit.lowered;
  const answer = query.answer && competition.skillOptions.includes(query.answer) ? query.answer : null;
  const chosen = reviewNumbers({ ...query, numbers: numbersSent }, quantity, competition.totalTickets);

  const readiness = unavailable
    ? null
    : await paymentReadiness(
        services,
        user.id,
        priceLine(competition.entryPricePence, quantity, competition.multiBuyTiers).totalPence,
        [competition.id],
      );
  const { ticketsSold: _s, ticketsReserved: _r, totalTickets: _t, status: _st, ...shown } = competition;
  return { competition: shown, quantity, quantityNote, maxQuantity, answer, unavailable, readiness, chosen };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, singleCheckoutCheck.schema);
  if (submission.status !== "success") return refused(submission, singleCheckoutCheck);
  const user = await requireUser(services, request);
  const id = CompetitionIdSchema.safeParse(params.id);
  if (!id.success) return redirect("/competitions");
  const input = submission.value;
  const numbers = numbersList(submission.payload.numbers);
  if (input.intent === "quantity") return redirect(reviewUrl(id.data, input.quantity, input.answer, numbers));
  if (input.intent === "promo") {
    const competition = await findCheckoutCompetition(services, id.data);
    if (!competition) return redirect("/competitions");
    const lines = [
      {
        competitionId: id.data,
        totalPence: priceLine(competition.entryPricePence, input.quantity, competition.multiBuyTiers).totalPence,
      },
    ];
    const decision = await quotePromoCode(services, user.id, input.promo, lines);
    return promoReply(submission, decision, { promoQuantity: input.quantity });
  }
  const lines = [{ competitionId: id.data, quantity: input.quantity, skillAnswer: input.answer, numbers }];
  const outcome = await payForEntry(services, user, { lines, source: "single" }, input);
  // Numbers taken between choosing and paying: back to the review with the rest kept, saying which (ADR 031).
  if (!outcome.ok && outcome.taken) {
    const taken = outcome.taken.numbers;
    const kept = numbers.filter((n) => !taken.includes(Number(n)));
    return redirect(reviewUrl(id.data, input.quantity, input.answer, kept, taken));
  }
  return paymentReply(submission, outcome, input.js === "1");
}

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(
    data && "competition" in data ? `Checkout: ${data.competition.title}` : "Checkout",
    "Review your entry: tickets, your skill answer and the price with any multi-buy discount, then pay securely.",
  );

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, maxQuantity, answer, unavailable, readiness, quantityNote, chosen } = loaderData;
  const [quantity, setQuantity] = useState(loaderData.quantity);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different competition resets the chosen quantity
  useEffect(() => setQuantity(loaderData.quantity), [loaderData.quantity, competition.id]);
  const pricing = priceLine(competition.entryPricePence, Math.min(quantity, maxQuantity), competition.multiBuyTiers);
  // A code's quote holds for the quantity it was priced at; another quantity shows the price without it until Apply.
  const applied = promoQuoteOf(actionData);
  const quote = applied?.quantity === quantity ? applied : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Checkout</h1>
      <p className="mt-2 text-muted-foreground">Check your entry, answer the question and pay.</p>

      <div className="mt-8 space-y-6">
        <CheckoutCompetition competition={competition} />
        {unavailable ? (
          <Notice tone="error" title={refusalTitle(unavailable)} live={false}>
            <p>{UNAVAILABLE_TEXT[unavailable]}</p>
            <Link to="/competitions" className={buttonClass("outline", "sm", "mt-3")}>
              Browse competitions
            </Link>
          </Notice>
        ) : null}
        {quantityNote && !unavailable ? (
          <Notice tone="info" title="Tickets changed" live={false}>
            <p>{quantityNote}</p>
          </Notice>
        ) : null}
        {chosen.taken ? (
          <Notice tone="error" title="Some of your numbers were taken">
            <p>{takenNumbersMessage(chosen.taken)}</p>
          </Notice>
        ) : null}
        {chosen.notes.length > 0 && !unavailable ? (
          <Notice tone="info" title="Numbers changed" live={false}>
            {chosen.notes.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </Notice>
        ) : null}
        <CheckoutErrorNotice actionData={actionData} />
        {readiness?.block ? <BlockNotice block={readiness.block} /> : null}
        {readiness && !blocksPayment(readiness.block) ? (
          <Form method="post" id="checkout-form" className="space-y-6" aria-label="Your entry">
            <QuantityField
              value={quantity}
              onChange={setQuantity}
              max={maxQuantity}
              error={fieldError(actionData?.result, "quantity")}
            />
            <ChosenNumbers numbers={chosen.numbers} quantity={quantity} />
            <SkillQuestion
              question={competition.skillQuestion}
              options={competition.skillOptions}
              defaultValue={answer}
              error={fieldError(actionData?.result, "answer")}
            />
            <OrderSummary
              lines={[{ competitionId: competition.id, title: competition.title, pricing }]}
              totals={pricing}
            />
            <PromoCodeField result={actionData?.result} quote={quote} />
            <EntryRulesNote />
            <PaymentPanel
              totalPence={quote?.totalPence ?? pricing.totalPence}
              readiness={readiness}
              actionData={actionData}
            />
          </Form>
        ) : null}
      </div>
    </div>
  );
}
