import { Tag, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { MultiBuyOffer } from "~/domain/multi-buy-text";

/**
 * The multi-buy offer as a modal dialog, open from the moment it mounts (offer-popup.tsx decides when and which
 * competitions it names, each with its own tiers). Native <dialog>: focus moves in, Escape closes, focus returns to
 * where it was.
 */
export default function OfferDialog({
  offers,
  returnFocusTo,
}: {
  offers: readonly MultiBuyOffer[];
  returnFocusTo: HTMLElement | null;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef(returnFocusTo);

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  function onClose() {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected && document.activeElement === document.body) target.focus();
  }

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      aria-labelledby="offer-title"
      aria-describedby="offer-description"
      onClose={onClose}
      className={
        "m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-border bg-card p-0 " +
        "text-card-foreground shadow-2xl backdrop:bg-black/70"
      }
    >
      <div className="relative p-8">
        <button
          type="button"
          onClick={close}
          aria-label="Close offer"
          className={`${buttonClass("ghost", "icon")} absolute right-3 top-3`}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
        <Tag aria-hidden="true" className="h-8 w-8 text-primary" />
        <h2 id="offer-title" className="mt-4 pr-10 text-2xl font-bold tracking-tight">
          Buy more tickets, pay less per ticket
        </h2>
        <div id="offer-description" className="mt-3 space-y-3 leading-7">
          <p>{offers.length === 1 ? "This competition takes" : "These competitions take"} money off at checkout:</p>
          <ul className="list-disc space-y-1 pl-6">
            {offers.map((offer) => (
              <li key={offer.id}>
                <Link to={`/competition/${offer.id}`} onClick={close} className="font-medium underline">
                  {offer.title}
                </Link>
                : {offer.text}.
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            No code needed. Each competition's discount applies to its own tickets in your basket.
          </p>
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={close} className={buttonClass("outline")}>
            Maybe Later
          </button>
          <Link to="/competitions" onClick={close} className={buttonClass("primary")}>
            Claim Offer
          </Link>
        </div>
      </div>
    </dialog>
  );
}
