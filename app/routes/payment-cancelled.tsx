import { CircleSlash } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/payment-cancelled";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { PaymentCancelledQuerySchema } from "~/schemas/checkout";
import { retryLink } from "~/server/checkout-page.server";
import { cancelCheckout } from "~/server/checkout.server";
import { servicesContext } from "~/server/context";
import { requireUser } from "~/server/session.server";

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
  pageMeta("Payment cancelled", "Your payment was cancelled and no charge was made.", [{ name: "robots", content: "noindex" }]);

export default function PaymentCancelledPage({ loaderData }: Route.ComponentProps) {
  const { released, retry } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
        <CircleSlash aria-hidden="true" className="size-8 text-muted-foreground" />
        Payment cancelled
      </h1>
      <p className="mt-4 text-lg">No charge was made.</p>
      <p className="mt-2 text-muted-foreground">
        {released
          ? "The tickets we were holding for you have been released, so other entrants can buy them. Your answers and basket are unchanged."
          : "Any tickets held for this checkout are released automatically when it expires. If you did complete a payment, your tickets are in your account."}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {retry ? (
          <Link to={retry} className={buttonClass("primary")}>
            Try again
          </Link>
        ) : null}
        <Link to="/competitions" className={buttonClass(retry ? "outline" : "primary")}>
          Browse competitions
        </Link>
      </div>
    </div>
  );
}
