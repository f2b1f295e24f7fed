import { Clock } from "lucide-react";
import { useEffect } from "react";
import { redirect, redirectDocument, useRevalidator } from "react-router";
import { IconTitle } from "~/components/page-section";
import { ButtonLinks } from "~/components/ui/button-links";
import { listNumbers } from "~/domain/chosen-numbers";
import { formatUkDateTime } from "~/domain/london-format";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/server/accounts/session.server";
import { holdStatus } from "~/server/checkout/hold.server";
import { servicesContext } from "~/server/platform/context";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/checkout-hold";

/** Without JavaScript the page reloads itself this often until the payment page is ready. */
const RELOAD_SECONDS = 3;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const status = await holdStatus(services, { userId: user.id, orderId: params.orderId });
  if (!status) return redirectWithToast(services, "/account", { type: "error", title: "Order not found" });
  // The payment page is not one of this app's routes, even on the stand-in's host.
  if (status.state === "ready") return redirectDocument(status.url, 303);
  if (status.state === "closed") {
    return status.paymentStatus === "paid"
      ? redirect("/account")
      : redirect(`/payment-cancelled?order_id=${encodeURIComponent(params.orderId)}`);
  }
  const { place, until, ticketCount, numbers } = status;
  return { orderId: params.orderId, place, until, ticketCount, numbers };
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta("Your tickets are held", "Your tickets are held while your payment page is prepared.");

/** With JavaScript: one request that the server answers as soon as the payment page is ready. */
function useWaitForPaymentPage(orderId: string) {
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one waiting loop per order
  useEffect(() => {
    const aborted = new AbortController();
    (async () => {
      while (!aborted.signal.aborted) {
        const response = await fetch(`/api/checkout/${orderId}?wait=20000`, { signal: aborted.signal }).catch(
          () => null,
        );
        const body = response?.ok ? ((await response.json()) as { state?: string; url?: string }) : null;
        if (body?.state === "ready" && body.url) return window.location.assign(body.url);
        if (!body || body.state === "closed") return void revalidator.revalidate();
      }
    })();
    return () => aborted.abort();
  }, [orderId]);
}

/** "Tickets 5, 17 and 230 are" (an order made before numbers were held has none to name). */
function heldText(numbers: readonly number[]) {
  if (numbers.length === 0) return "Your tickets are";
  return numbers.length === 1 ? `Ticket ${numbers[0]} is` : `Tickets ${listNumbers(numbers)} are`;
}

export default function CheckoutHoldPage({ loaderData }: Route.ComponentProps) {
  const { orderId, place, until, numbers } = loaderData;
  useWaitForPaymentPage(orderId);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant; React cannot render noscript children */}
      <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${RELOAD_SECONDS}">` }} />
      <IconTitle icon={<Clock aria-hidden="true" className="size-8 text-primary" />}>Your tickets are held</IconTitle>
      <p className="mt-4 text-lg" data-testid="hold-until">
        {heldText(numbers)} held for you until {formatUkDateTime(until)} (UK time).
      </p>
      <p className="mt-2 text-muted-foreground" role="status" data-testid="hold-place">
        Many people are paying at once, so payment pages are opened in turn. You are number {place} in the queue. This
        page moves on to payment by itself; your tickets stay held while you wait.
      </p>
      <ButtonLinks
        className="mt-8 flex flex-wrap gap-3"
        links={[
          { to: `/checkout/hold/${orderId}`, label: "Check again", variant: "outline", reloadDocument: true },
          {
            to: `/payment-cancelled?order_id=${encodeURIComponent(orderId)}`,
            label: "Cancel and release my tickets",
            variant: "ghost",
          },
        ]}
      />
    </div>
  );
}
