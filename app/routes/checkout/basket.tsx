import { ShoppingBasket } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { BasketItem } from "~/components/checkout/basket-item";
import { MultiBuyCard } from "~/components/checkout/multi-buy-card";
import { Notice } from "~/components/checkout/notice";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PromoCodeField, promoQuoteOf } from "~/components/checkout/promo-code-field";
import { IconTitle } from "~/components/page-section";
import { Button, buttonClass, SubmitButton } from "~/components/ui/button";
import { formatPence } from "~/domain/money";
import { pageMeta } from "~/lib/seo";
import { ANSWER_REQUIRED, BasketAddParamsSchema, basketAddUrl, basketCheck, SIGN_IN_REQUIRED } from "~/schemas/basket";
import { numbersList } from "~/schemas/chosen-numbers";
import { errorNotice } from "~/schemas/form";
import { getUser, requireUser } from "~/server/accounts/session.server";
import {
  addToBasket,
  clearBasket,
  getBasket,
  removeFromBasket,
  setBasketAnswer,
  setBasketQuantity,
} from "~/server/checkout/basket.server";
import { quotePromoCode } from "~/server/checkout/promo-codes.server";
import { walletBalance } from "~/server/instant-wins/wallet.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/basket";
import { promoReply } from "./payment-reply.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const url = new URL(request.url);
  // The item a visitor chose before signing in comes back here as ?add=…; add it once, then drop the query.
  if (url.searchParams.has("add")) {
    const wanted = BasketAddParamsSchema.safeParse(Object.fromEntries(url.searchParams));
    const result = wanted.success
      ? await addToBasket(services, user.id, {
          competitionId: wanted.data.add,
          quantity: wanted.data.quantity,
          skillAnswer: wanted.data.answer ?? null,
          numbers: numbersList(wanted.data.numbers),
        })
      : ({ ok: false, message: "That competition could not be found." } as const);
    return redirectWithToast(
      services,
      "/basket",
      result.ok
        ? addedToast(result.quantityNote)
        : { type: "error", title: "Could not add to basket", description: result.message },
    );
  }
  const [basket, siteCreditPence] = await Promise.all([
    getBasket(services, user.id),
    walletBalance(services.db, user.id),
  ]);
  return { basket, siteCreditPence };
}

/** "Added to basket", saying why and by how much when fewer tickets could be added than asked for. */
const addedToast = (quantityNote: string | null) =>
  quantityNote
    ? ({ type: "info", title: "Added to basket", description: quantityNote } as const)
    : ({ type: "success", title: "Added to basket" } as const);

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, basketCheck.schema);
  const user = await getUser(services, request);
  if (!user) {
    // Keep what the visitor wanted in the way back from sign-in, so it lands in their basket.
    const wanted = submission.status === "success" ? submission.value : null;
    const back =
      wanted?.intent === "add"
        ? basketAddUrl({
            competitionId: wanted.competitionId,
            quantity: wanted.quantity,
            answer: wanted.answer,
            numbers: numbersList(submission.status === "success" ? submission.payload.numbers : undefined),
          })
        : "/basket";
    return redirectWithToast(services, `/auth?redirectTo=${encodeURIComponent(back)}`, {
      type: "info",
      ...SIGN_IN_REQUIRED,
    });
  }
  if (submission.status !== "success") return refused(submission, basketCheck);
  const refuse = (status: number, title: string, description: string) =>
    formReply(submission, { status, notice: errorNotice(title, description) });

  const input = submission.value;
  switch (input.intent) {
    case "add": {
      const result = await addToBasket(services, user.id, {
        competitionId: input.competitionId,
        quantity: input.quantity,
        skillAnswer: input.answer ?? null,
        numbers: numbersList(submission.payload.numbers),
      });
      if (!result.ok) return refuse(409, "Could not add to basket", result.message);
      return redirectWithToast(services, "/basket", addedToast(result.quantityNote));
    }
    case "quantity": {
      const { quantityNote } = await setBasketQuantity(services, user.id, input.competitionId, input.quantity);
      if (!quantityNote) return redirect("/basket");
      return redirectWithToast(services, "/basket", {
        type: "info",
        title: "Tickets changed",
        description: quantityNote,
      });
    }
    case "answer": {
      const result = await setBasketAnswer(services, user.id, input.competitionId, input.answer);
      if (!result.ok) return refuse(400, "Answer not saved", result.message ?? "Please choose one of the options.");
      return redirect("/basket");
    }
    case "remove":
      await removeFromBasket(services, user.id, input.competitionId);
      return redirectWithToast(services, "/basket", { type: "success", title: "Removed from basket" });
    case "clear":
      await clearBasket(services, user.id);
      return redirectWithToast(services, "/basket", { type: "success", title: "Basket cleared" });
    case "promo": {
      const { lines } = await getBasket(services, user.id);
      const priced = lines
        .filter((line) => line.available)
        .map((line) => ({ competitionId: line.competitionId, totalPence: line.pricing.totalPence }));
      return promoReply(submission, await quotePromoCode(services, user.id, input.promo, priced));
    }
    case "checkout": {
      const { lines } = await getBasket(services, user.id);
      if (lines.length === 0) return redirect("/basket");
      if (lines.some((line) => !line.skillAnswer?.trim()))
        return refuse(400, ANSWER_REQUIRED.title, ANSWER_REQUIRED.description);
      if (lines.some((line) => !line.available)) {
        const remove = "Remove the competitions that have closed or sold out, then check out.";
        return refuse(409, "Some items cannot be entered", remove);
      }
      // A code typed here goes with the buyer to the review page, which prices it again.
      const promo = input.promo?.trim();
      return redirect(promo ? `/checkout/basket?${new URLSearchParams({ promo })}` : "/checkout/basket");
    }
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Your basket",
    "The competitions in your basket, your skill answers and your multi-buy savings, ready to " +
      "check out in one payment.",
  );

export default function BasketPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, totals, offers } = loaderData.basket;
  const navigation = useNavigation();
  const checkingOut = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  // The refusal shows once, in the notice above the basket (no toast repeats it).
  const notice = actionData?.notice;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <IconTitle icon={<ShoppingBasket aria-hidden="true" className="size-8 text-primary" />}>Your basket</IconTitle>

      {notice ? (
        <div className="mt-6">
          <Notice tone="error" title={notice.title}>
            {notice.description}
          </Notice>
        </div>
      ) : null}

      {lines.length === 0 ? (
        <div className="mt-8 max-w-2xl">
          <div className="rounded-lg border border-dashed border-border p-10 text-center">
            <p className="text-xl font-semibold">Your basket is empty</p>
            <p className="mt-2 text-muted-foreground">
              Choose a competition, answer its question and add your tickets here.
            </p>
            <Link to="/competitions" className={buttonClass("primary", "md", "mt-6")}>
              Browse competitions
            </Link>
          </div>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
          <ul className="min-w-0 space-y-4" aria-label="Basket items">
            {lines.map((line) => (
              <BasketItem key={line.competitionId} line={line} />
            ))}
          </ul>
          <div className="space-y-4">
            <OrderSummary lines={lines} totals={totals} />
            {loaderData.siteCreditPence > 0 ? (
              <p className="rounded-lg border border-border p-3 text-sm" data-testid="basket-site-credit">
                You have <strong>{formatPence(loaderData.siteCreditPence)}</strong> of site credit: choose to use it
                when you check out.
              </p>
            ) : null}
            <Form method="post" className="space-y-4" aria-label="Check out">
              <PromoCodeField result={actionData?.result} quote={promoQuoteOf(actionData)} />
              <SubmitButton
                name="intent"
                value="checkout"
                busy={checkingOut}
                label="Proceed to Checkout"
                busyLabel="Processing"
                size="lg"
                className="w-full"
              />
            </Form>
            <MultiBuyCard offers={offers} />
            <Form method="post" className="text-center">
              <input type="hidden" name="intent" value="clear" />
              <Button type="submit" variant="ghost" size="sm">
                Clear basket
              </Button>
            </Form>
          </div>
        </div>
      )}
    </div>
  );
}
