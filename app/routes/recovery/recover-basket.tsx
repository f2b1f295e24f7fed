import { ShoppingBasket } from "lucide-react";
import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { RESTORE_MESSAGES, type RestoreRefusal } from "~/content/recovery";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { redirectWithToast } from "~/server/platform/toast.server";
import { restoreFromRecoveryLink } from "~/server/recovery/restore.server";
import type { Route } from "./+types/recover-basket";

const STATUS: Record<RestoreRefusal, number> = { invalid: 404, expired: 410, used: 410, "other-account": 403 };

/**
 * A recovery e-mail's link. It signs nobody in: an anonymous visitor signs in first and comes back here; then the
 * link, once, puts the abandoned checkout back in the basket and goes there. A bad, expired, spent or someone
 * else's link changes nothing and says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const person = await requireUser(services, request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await restoreFromRecoveryLink(services, token, person);
  if (!outcome.ok) return data({ refusal: outcome.refusal }, { status: STATUS[outcome.refusal] });
  const skipped = outcome.skipped.map((s) => `${s.title}: ${s.message}`).join(" ");
  if (outcome.restored.length === 0)
    return redirectWithToast(services, "/basket", {
      type: "error",
      title: "Nothing could be put back in your basket",
      description: skipped,
    });
  return redirectWithToast(services, "/basket", {
    type: skipped ? "info" : "success",
    title: "Your basket is back as you left it",
    description: skipped ? `Left out: ${skipped}` : "Check your answers, then check out when you are ready.",
  });
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta("Basket link", "Put an unfinished checkout back in your basket.");

export default function RecoverBasketPage({ loaderData }: Route.ComponentProps) {
  const message = RESTORE_MESSAGES[loaderData.refusal];
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <ShoppingBasket aria-hidden="true" className="mx-auto size-12 text-primary" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{message.title}</h1>
      <p className="mt-4 leading-7">{message.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/basket" className={buttonClass()}>
          Go to my basket
        </Link>
        <Link to="/competitions" className={buttonClass("outline")}>
          Browse competitions
        </Link>
      </div>
    </div>
  );
}
