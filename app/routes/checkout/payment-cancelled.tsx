import { CircleSlash } from "lucide-react";
import { IconTitle } from "~/components/page-section";
import { ButtonLinks } from "~/components/ui/button-links";
import { privatePageMeta } from "~/lib/seo";
import { PaymentCancelledQuerySchema } from "~/schemas/checkout";
import { requireUser } from "~/server/accounts/session.server";
import { cancelCheckout } from "~/server/checkout/checkout.server";
import { retryLink } from "~/server/checkout/checkout-page.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/payment-cancelled";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await requireUser(services, request);
  const query = PaymentCancelledQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return { released: false, retry: null };
  // Only the owner's own pending order is cancelled; any other id releases nothing and says nothing.
  const [cancelled, retry] = await Promise.all([
    cancelCheckout(services, { userId: user.id, orderId: query.data.order_id }).catch((error: unknown) => {
      services.logger.error({ err: error }, "cancelling checkout failed");
      return { ok: false };
    }),
    retryLink(services, user.id, query.data.order_id),
  ]);
  return { released: cancelled.ok, retry };
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta("Payment cancelled", "Your payment was cancelled and no charge was made.");

export default function PaymentCancelledPage({ loaderData }: Route.ComponentProps) {
  const { released, retry } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <IconTitle icon={<CircleSlash aria-hidden="true" className="size-8 text-muted-foreground" />}>
        Payment cancelled
      </IconTitle>
      <p className="mt-4 text-lg">No charge was made.</p>
      <p className="mt-2 text-muted-foreground">
        {released
          ? "The tickets we were holding for you have been released, so other entrants can buy them. " +
            "Your answers and basket are unchanged."
          : "Any tickets held for this checkout are released automatically when it expires. " +
            "If you did complete a payment, your tickets are in your account."}
      </p>
      <ButtonLinks
        className="mt-8 flex flex-wrap gap-3"
        links={[
          retry ? { to: retry, label: "Try again", variant: "primary" } : null,
          { to: "/competitions", label: "Browse competitions", variant: retry ? "outline" : "primary" },
        ]}
      />
    </div>
  );
}
