import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useLocation, useRevalidator } from "react-router";
import { TicketRefs } from "~/components/account/ticket-refs";
import { InstantWinsWon } from "~/components/instant-wins/instant-wins-won";
import { IconTitle, Section } from "~/components/page-section";
import { ButtonLinks } from "~/components/ui/button-links";
import { ANSWER_RECORDED } from "~/domain/answer-reveal";
import { formatUkDate } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { privatePageMeta } from "~/lib/seo";
import { PaymentSuccessQuerySchema } from "~/schemas/checkout";
import { requireUser } from "~/server/accounts/session.server";
import { type PaidLine, verifyPayment } from "~/server/checkout/checkout.server";
import { closingDates, retryLink } from "~/server/checkout/checkout-page.server";
import { orderReceipt } from "~/server/checkout/promo-codes.server";
import { instantWinsOfOrder } from "~/server/instant-wins/instant-wins.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/payment-success";

const VERIFY_FALLBACK = "Failed to verify payment";
/** With JavaScript the pending page re-checks every 2 s for about a minute, then asks the buyer to look later. */
const RECHECK_MS = 2000;
const MAX_RECHECKS = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const query = PaymentSuccessQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return data({ state: "error" as const, message: VERIFY_FALLBACK }, { status: 400 });
  const result = await verifyPayment(services, {
    userId: user.id,
    sessionId: query.data.session_id,
    orderId: query.data.order_id,
  }).catch((error: unknown) => {
    services.logger.error({ err: error }, "payment verification failed");
    return { ok: false as const, message: VERIFY_FALLBACK };
  });
  // Another account's order id gets the same answer as one that does not exist.
  if (!result.ok) return data({ state: "error" as const, message: result.message || VERIFY_FALLBACK }, { status: 404 });
  if (result.status === "pending") return { state: "pending" as const };
  if (result.status === "refused") {
    const retryTo = await retryLink(services, user.id, query.data.order_id);
    return { state: "refused" as const, message: result.message, retryTo };
  }
  const [closes, receipt] = await Promise.all([
    closingDates(
      services,
      result.lines.map((line) => line.competitionId),
    ),
    orderReceipt(services, user.id, query.data.order_id),
  ]);
  return {
    state: "paid" as const,
    email: user.email,
    ticketCount: result.ticketCount,
    receipt,
    lines: result.lines.map((line) => ({ ...line, closesAt: closes.get(line.competitionId) ?? null })),
    instantWins: await instantWinsOfOrder(services.db, query.data.order_id),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(
    data?.state === "paid"
      ? "Payment Successful!"
      : data?.state === "pending"
        ? "Confirming your payment"
        : data?.state === "refused"
          ? "Payment not taken"
          : "Verification Error",
    "The result of your payment and the ticket numbers it bought.",
  );

function confirmedText(count: number) {
  return count === 1 ? "Your 1 ticket has been confirmed." : `Your ${count} tickets have been confirmed.`;
}

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      {loaderData.state === "paid" ? (
        <Paid {...loaderData} />
      ) : loaderData.state === "pending" ? (
        <Pending />
      ) : loaderData.state === "refused" ? (
        <Refused message={loaderData.message} retryTo={loaderData.retryTo} />
      ) : (
        <VerifyError message={loaderData.message} />
      )}
    </div>
  );
}

type PaidProps = {
  email: string;
  ticketCount: number;
  lines: (PaidLine & { closesAt: Date | null })[];
  instantWins: React.ComponentProps<typeof InstantWinsWon>["wins"];
  receipt: { totalPence: number; promo: { code: string; discountPence: number } | null } | null;
};

function Paid({ email, ticketCount, lines, instantWins, receipt }: PaidProps) {
  return (
    <>
      <IconTitle icon={<CheckCircle2 aria-hidden="true" className="size-9 text-success" />}>
        Payment Successful!
      </IconTitle>
      <p className="mt-3 text-lg">{confirmedText(ticketCount)}</p>
      <InstantWinsWon wins={instantWins} />

      <ul className="mt-8 space-y-4" aria-label="Your tickets">
        {lines.map((line) => (
          <li key={line.competitionId} className="rounded-lg border border-border bg-card p-5 text-card-foreground">
            <h2 className="text-lg font-semibold">{line.title}</h2>
            <TicketRefs title={line.title} tickets={line.tickets} />
            <p className="mt-3 flex items-start gap-2 text-sm">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              {ANSWER_RECORDED}
            </p>
            {line.closesAt ? (
              <p className="mt-1 text-sm text-muted-foreground">
                The draw follows the close on {formatUkDate(line.closesAt)}.
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {receipt ? (
        <dl className="mt-6 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border border-border bg-card p-5">
          {receipt.promo ? (
            <>
              <dt>Promo code {receipt.promo.code}</dt>
              <dd className="text-right tabular-nums text-success" data-testid="receipt-promo">
                −{formatPence(receipt.promo.discountPence)}
              </dd>
            </>
          ) : null}
          <dt className="font-semibold">Total paid</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="receipt-total">
            {formatPence(receipt.totalPence)}
          </dd>
        </dl>
      ) : null}

      <Section titleId="next-steps" title="What happens next" size="xl" className="mt-8">
        <ul className="mt-3 list-disc space-y-1.5 pl-6">
          <li>We have sent a confirmation with your ticket numbers to {email}. Please check your e-mail.</li>
          <li>Each draw takes place after its competition closes, and we tell the winner straight away.</li>
          <li>Your tickets and orders are always in your account.</li>
        </ul>
        <ButtonLinks
          links={[
            { to: "/account", label: "View my account", variant: "primary" },
            { to: "/competitions", label: "Browse competitions", variant: "outline" },
          ]}
        />
      </Section>
    </>
  );
}

function Pending() {
  const revalidator = useRevalidator();
  const location = useLocation();
  const [checks, setChecks] = useState(0);
  const gaveUp = checks >= MAX_RECHECKS;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each check schedules the next
  useEffect(() => {
    if (gaveUp) return;
    const timer = window.setTimeout(() => {
      setChecks((n) => n + 1);
      void revalidator.revalidate();
    }, RECHECK_MS);
    return () => window.clearTimeout(timer);
  }, [checks, gaveUp, revalidator]);

  return (
    <>
      {/* Without JavaScript the browser reloads the page to check again. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant; React cannot render noscript children */}
      <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${RECHECK_MS / 1000}">` }} />
      <IconTitle icon={<Loader2 aria-hidden="true" className="size-8 animate-spin motion-reduce:animate-none" />}>
        Confirming your payment…
      </IconTitle>
      <p className="mt-3 text-lg" role="status">
        {gaveUp
          ? "This is taking longer than usual. Your payment is safe: " +
            "we will e-mail your ticket numbers as soon as it is confirmed."
          : "This usually takes a few seconds. This page checks again automatically."}
      </p>
      <ButtonLinks
        links={[
          {
            to: `${location.pathname}${location.search}`,
            label: "Check again",
            variant: "outline",
            reloadDocument: true,
          },
          { to: "/account", label: "My account", variant: "ghost" },
        ]}
      />
    </>
  );
}

/** Refused before any money moved (the credit card cap): why, and the way to pay another way. */
function Refused({ message, retryTo }: { message: string; retryTo: string | null }) {
  return (
    <>
      <IconTitle icon={<XCircle aria-hidden="true" className="size-8 text-destructive" />}>Payment not taken</IconTitle>
      <p className="mt-3 text-lg" role="alert" data-testid="payment-refused">
        {message}
      </p>
      <ButtonLinks
        links={[
          ...(retryTo ? [{ to: retryTo, label: "Try again with a debit card", variant: "primary" as const }] : []),
          { to: "/fair-play#staying-in-control", label: "About the credit card limit", variant: "outline" },
        ]}
      />
    </>
  );
}

function VerifyError({ message }: { message: string }) {
  return (
    <>
      <IconTitle icon={<XCircle aria-hidden="true" className="size-8 text-destructive" />}>
        Verification Error
      </IconTitle>
      <p className="mt-3 text-lg" role="alert">
        {message}
      </p>
      <p className="mt-2 text-muted-foreground">
        If you paid, your tickets will appear in your account and we will e-mail you.
      </p>
      <ButtonLinks
        links={[
          { to: "/account", label: "My account", variant: "primary" },
          { to: "/contact", label: "Contact support", variant: "outline" },
        ]}
      />
    </>
  );
}
