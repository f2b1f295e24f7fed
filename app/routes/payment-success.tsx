import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useLocation, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/payment-success";
import { formatDate } from "~/components/account/format";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { PaymentSuccessQuerySchema } from "~/schemas/checkout";
import { closingDates } from "~/server/checkout-page.server";
import { verifyPayment } from "~/server/checkout.server";
import { servicesContext } from "~/server/context";
import { requireUser } from "~/server/session.server";

const VERIFY_FALLBACK = "Failed to verify payment";
/** With JavaScript the pending page re-checks every 2 s for about a minute, then asks the buyer to look later. */
const RECHECK_MS = 2000;
const MAX_RECHECKS = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const query = PaymentSuccessQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return data({ state: "error" as const, message: VERIFY_FALLBACK }, { status: 400 });
  const result = await verifyPayment(services, { userId: user.id, sessionId: query.data.session_id, orderId: query.data.order_id }).catch((error: unknown) => {
    services.logger.error({ err: error }, "payment verification failed");
    return { ok: false as const, message: VERIFY_FALLBACK };
  });
  // Another account's order id gets the same answer as one that does not exist.
  if (!result.ok) return data({ state: "error" as const, message: result.message || VERIFY_FALLBACK }, { status: 404 });
  if (result.status === "pending") return { state: "pending" as const };
  const closes = await closingDates(
    services,
    result.lines.map((line) => line.competitionId),
  );
  return {
    state: "paid" as const,
    email: user.email,
    ticketCount: result.ticketCount,
    lines: result.lines.map((line) => ({ ...line, closesAt: closes.get(line.competitionId) ?? null })),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data?.state === "paid" ? "Payment Successful!" : data?.state === "pending" ? "Confirming your payment" : "Verification Error",
    "The result of your payment and the ticket numbers it bought.",
    [{ name: "robots", content: "noindex" }],
  );

function confirmedText(count: number) {
  return count === 1 ? "Your 1 ticket has been confirmed." : `Your ${count} tickets have been confirmed.`;
}

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (loaderData.state === "paid") toast.success("Payment Successful!", { description: confirmedText(loaderData.ticketCount) });
    if (loaderData.state === "error") toast.error("Verification Error", { description: loaderData.message });
  }, [loaderData]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      {loaderData.state === "paid" ? <Paid {...loaderData} /> : loaderData.state === "pending" ? <Pending /> : <VerifyError message={loaderData.message} />}
    </div>
  );
}

type PaidProps = {
  email: string;
  ticketCount: number;
  lines: { competitionId: number; title: string; ticketNumbers: number[]; isCorrectAnswer: boolean; closesAt: Date | null }[];
};

function Paid({ email, ticketCount, lines }: PaidProps) {
  return (
    <>
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
        <CheckCircle2 aria-hidden="true" className="size-9 text-success" />
        Payment Successful!
      </h1>
      <p className="mt-3 text-lg">{confirmedText(ticketCount)}</p>

      <ul className="mt-8 space-y-4" aria-label="Your tickets">
        {lines.map((line) => (
          <li key={line.competitionId} className="rounded-lg border border-border bg-card p-5 text-card-foreground">
            <h2 className="text-lg font-semibold">{line.title}</h2>
            <p className="mt-2 text-sm text-muted-foreground">Ticket numbers</p>
            <ul className="mt-1 flex flex-wrap gap-2" aria-label={`Ticket numbers for ${line.title}`}>
              {line.ticketNumbers.map((n) => (
                <li key={n} className="rounded-md bg-muted px-2.5 py-1 font-mono font-semibold tabular-nums">
                  {n}
                </li>
              ))}
            </ul>
            {line.isCorrectAnswer ? (
              <p className="mt-3 flex items-start gap-2 text-sm">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                Your answer was correct: these tickets are in the draw.
              </p>
            ) : (
              <p className="mt-3 flex items-start gap-2 text-sm">
                <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                Your answer was not correct: these are valid tickets, but they are not eligible for the draw and cannot win.
              </p>
            )}
            {line.closesAt ? <p className="mt-1 text-sm text-muted-foreground">The draw follows the close on {formatDate(line.closesAt)}.</p> : null}
          </li>
        ))}
      </ul>

      <section aria-labelledby="next-steps" className="mt-8">
        <h2 id="next-steps" className="text-xl font-semibold">
          What happens next
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-6">
          <li>We have sent a confirmation with your ticket numbers to {email}. Please check your e-mail.</li>
          <li>Each draw takes place after its competition closes, and we tell the winner straight away.</li>
          <li>Your tickets and orders are always in your account.</li>
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/account" className={buttonClass("primary")}>
            View my account
          </Link>
          <Link to="/competitions" className={buttonClass("outline")}>
            Browse competitions
          </Link>
        </div>
      </section>
    </>
  );
}

function Pending() {
  const revalidator = useRevalidator();
  const location = useLocation();
  const [checks, setChecks] = useState(0);
  const gaveUp = checks >= MAX_RECHECKS;
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
      <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${RECHECK_MS / 1000}">` }} />
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
        <Loader2 aria-hidden="true" className="size-8 animate-spin motion-reduce:animate-none" />
        Confirming your payment…
      </h1>
      <p className="mt-3 text-lg" role="status">
        {gaveUp
          ? "This is taking longer than usual. Your payment is safe: we will e-mail your ticket numbers as soon as it is confirmed."
          : "This usually takes a few seconds. This page checks again automatically."}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`${location.pathname}${location.search}`} reloadDocument className={buttonClass("outline")}>
          Check again
        </Link>
        <Link to="/account" className={buttonClass("ghost")}>
          My account
        </Link>
      </div>
    </>
  );
}

function VerifyError({ message }: { message: string }) {
  return (
    <>
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
        <XCircle aria-hidden="true" className="size-8 text-destructive" />
        Verification Error
      </h1>
      <p className="mt-3 text-lg" role="alert">
        {message}
      </p>
      <p className="mt-2 text-muted-foreground">If you paid, your tickets will appear in your account and we will e-mail you.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/account" className={buttonClass("primary")}>
          My account
        </Link>
        <Link to="/contact" className={buttonClass("outline")}>
          Contact support
        </Link>
      </div>
    </>
  );
}
