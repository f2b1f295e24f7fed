import { AlertCircle, Loader2, ShoppingBasket } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { WINNER_PUBLICITY_NOTICE } from "~/content/postal";
import { clampQuantity, MIN_TICKETS } from "~/domain/pricing";
import { useHydrated } from "~/lib/use-now";
import type { PublicCompetition } from "~/schemas/competition-query";
import { type FormReply, fieldError, fieldId, type SummaryItem, sentValue, summaryItems } from "~/schemas/form-result";
import { PriceSummary } from "./price-summary";
import { TicketSelector } from "./ticket-selector";

/**
 * Where each of the form's fields is, for its error summary's links: the quantity box, the first answer (GOV.UK
 * links a radio group to its first radio) and the "Choose your numbers" button.
 */
export const ENTRY_FIELD_IDS: Record<string, string> = {
  quantity: "ticket-quantity",
  answer: fieldId("answer"),
  numbers: fieldId("numbers"),
};

/** The entry form's problems in the form's order (the server's, field by field), each linked to its field. */
export function entrySummary(reply: FormReply | undefined): SummaryItem[] {
  const items = summaryItems(reply?.result).filter((item) => item.name in ENTRY_FIELD_IDS);
  const order = Object.keys(ENTRY_FIELD_IDS);
  return items
    .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
    .map((item) => ({ ...item, id: ENTRY_FIELD_IDS[item.name] }));
}

// The grid, its paging and its reads load the first time the buyer opens "Choose your numbers".
const NumberGrid = lazy(() => import("./number-grid"));

type EntryFormProps = {
  competition: Pick<
    PublicCompetition,
    "id" | "entryPricePence" | "skillQuestion" | "skillOptions" | "totalTickets" | "multiBuyTiers" | "maxTicketsPerUser"
  >;
  maxQuantity: number;
  /** The server's answer to a refused post: its notice, its field messages and what the visitor had chosen. */
  reply?: FormReply;
};

/**
 * Tickets, the skill question and the price, then two ways on: Proceed to Checkout posts here (the server
 * checks the answer and sends the visitor to /checkout/{id}), Add to Basket posts the same fields to /basket.
 * Both work without JavaScript (every number then a lucky dip at Pay); with it, checkout stays disabled until an
 * answer is chosen, and "Choose your numbers" opens the number grid. Chosen numbers go as `numbers` fields and
 * count toward the quantity; the rest are a lucky dip made by the server.
 */
export function EntryForm({ competition, maxQuantity, reply }: EntryFormProps) {
  const navigation = useNavigation();
  const [text, setText] = useState(sentValue(reply?.result, "quantity") ?? "1");
  const sentAnswer = sentValue(reply?.result, "answer");
  const initialAnswer = sentAnswer && competition.skillOptions.includes(sentAnswer) ? sentAnswer : "";
  const [answer, setAnswer] = useState(initialAnswer);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<number[]>([]);
  const [picking, setPicking] = useState<boolean | null>(null);
  const summary = entrySummary(reply);
  const summaryRef = useRef<HTMLDivElement>(null);
  const answerError = fieldError(reply?.result, "answer");
  const numbersError = fieldError(reply?.result, "numbers");

  // Each refusal the server sends back puts focus on the summary again (it takes focus itself as it first appears).
  useEffect(() => {
    if (reply) summaryRef.current?.focus();
  }, [reply]);

  // An answer picked before the page became interactive still counts.
  useEffect(() => {
    const checked = formRef.current?.querySelector<HTMLInputElement>('input[name="answer"]:checked');
    if (checked) setAnswer(checked.value);
  }, []);

  const least = Math.max(MIN_TICKETS, chosen.length);
  const quantity = Math.max(least, clampQuantity(text, maxQuantity));
  const processing = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const answerErrorId = `${ENTRY_FIELD_IDS.answer}-error`;

  return (
    <Form ref={formRef} method="post" className="space-y-5">
      {summary.length > 0 ? (
        <ErrorSummary items={summary} notice={reply?.notice} ref={summaryRef} />
      ) : reply?.notice ? (
        // A refusal no field can mend (the competition closed or sold out meanwhile).
        <div role="alert" className="flex gap-2 rounded-md border border-destructive px-3 py-2 text-destructive">
          <AlertCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>
            <strong className="block">{reply.notice.title}</strong>
            {reply.notice.description}
          </p>
        </div>
      ) : null}
      <input type="hidden" name="competitionId" value={competition.id} />
      {/* From 1280px tickets and price sit beside the question, so the whole form fits the first screen. */}
      <div className="grid gap-5 xl:grid-cols-2 xl:items-start">
        <TicketSelector
          text={text}
          quantity={quantity}
          min={least}
          max={maxQuantity}
          onChange={setText}
          onCommit={() => setText(String(quantity))}
          error={fieldError(reply?.result, "quantity")}
        />
        <fieldset
          className="xl:col-start-2 xl:row-span-2 xl:row-start-1"
          aria-describedby={answerError ? `${answerErrorId} skill-note` : "skill-note"}
        >
          <legend className="text-sm font-medium">
            <span className="block text-base font-semibold">Skill question</span>
            <span className="mt-1 block text-base" id="skill-question">
              {competition.skillQuestion}
            </span>
          </legend>
          <FieldError id={answerErrorId} error={answerError} className="mt-2" />
          <div className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-1">
            {competition.skillOptions.map((option, index) => (
              <label
                key={option}
                className={
                  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input bg-card " +
                  "px-3 py-2 text-card-foreground has-checked:border-primary has-checked:ring-2 " +
                  "has-checked:ring-primary has-focus-visible:outline-3 has-focus-visible:outline-offset-2 " +
                  "has-focus-visible:outline-ring"
                }
              >
                <input
                  id={index === 0 ? ENTRY_FIELD_IDS.answer : undefined}
                  type="radio"
                  name="answer"
                  value={option}
                  defaultChecked={initialAnswer === option}
                  onChange={() => setAnswer(option)}
                  className="h-4 w-4 accent-[var(--primary)] focus-visible:outline-none"
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <PriceSummary
          className="xl:col-start-1 xl:row-start-2"
          unitPricePence={competition.entryPricePence}
          quantity={quantity}
          tiers={competition.multiBuyTiers}
          perPersonCap={competition.maxTicketsPerUser}
        />
      </div>
      {hydrated ? (
        <div>
          <Button
            id={ENTRY_FIELD_IDS.numbers}
            type="button"
            variant="outline"
            aria-describedby={numbersError ? `${ENTRY_FIELD_IDS.numbers}-error` : undefined}
            aria-expanded={picking === true}
            aria-controls="number-picker"
            onClick={() => setPicking(!picking)}
          >
            Choose your numbers{chosen.length > 0 ? ` (${chosen.length} chosen)` : ""}
          </Button>
          <FieldError id={`${ENTRY_FIELD_IDS.numbers}-error`} error={numbersError} className="mt-1.5" />
          {picking === null ? null : (
            <div id="number-picker" hidden={!picking}>
              <Suspense fallback={<p className="mt-3 text-sm">Loading the numbers…</p>}>
                <NumberGrid
                  competitionId={competition.id}
                  totalTickets={competition.totalTickets}
                  quantity={quantity}
                  maxChosen={maxQuantity}
                  chosen={chosen}
                  onChosenChange={setChosen}
                  onQuantityChange={(n) => setText(String(n))}
                />
              </Suspense>
            </div>
          )}
        </div>
      ) : (
        <a href={`/competition/${competition.id}/numbers`} className="inline-block font-medium text-primary underline">
          Choose your numbers
        </a>
      )}
      {chosen.map((n) => (
        <input key={n} type="hidden" name="numbers" value={n} />
      ))}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          name="intent"
          value="checkout"
          size="lg"
          className="flex-1"
          disabled={(hydrated && !answer) || processing}
          aria-describedby={answer ? undefined : "checkout-gate"}
        >
          {processing ? (
            <>
              <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
              Processing…
            </>
          ) : (
            "Proceed to Checkout"
          )}
        </Button>
        <Button
          type="submit"
          name="intent"
          value="add"
          formAction="/basket"
          formMethod="post"
          variant="outline"
          size="lg"
          className="flex-1"
        >
          <ShoppingBasket aria-hidden="true" className="h-5 w-5" />
          Add to Basket
        </Button>
      </div>
      {answer ? null : (
        <p id="checkout-gate" className="text-sm text-muted-foreground">
          Answer the skill question to continue to checkout.
        </p>
      )}
      <p id="skill-note" className="rounded-md border-l-4 border-primary bg-muted px-4 py-3 text-sm">
        <strong>Please answer carefully.</strong> A wrong answer still buys your tickets, but tickets with a wrong
        answer cannot win: only entries with the correct answer go into the draw.
      </p>
      <p className="text-sm text-muted-foreground">{WINNER_PUBLICITY_NOTICE}</p>
    </Form>
  );
}
