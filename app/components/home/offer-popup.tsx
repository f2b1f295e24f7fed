import { lazy, Suspense, useEffect, useState } from "react";
import { OFFER_DELAY_MS } from "~/components/motion-timings";
import type { MultiBuyOffer } from "~/domain/multi-buy-text";
import { OFFER_SEEN_KEY } from "./offer-storage";

const loadDialog = () => import("./offer-dialog");
// The dialog's code is fetched after the page has loaded, not with it: most visits never see it.
const OfferDialog = lazy(loadDialog);

function alreadySeen() {
  try {
    return window.sessionStorage.getItem(OFFER_SEEN_KEY) === "1";
  } catch {
    return true; // storage refused: never risk showing it on every page load
  }
}

function markSeen() {
  try {
    window.sessionStorage.setItem(OFFER_SEEN_KEY, "1");
  } catch {
    // nothing to remember it in; it was shown once for this page
  }
}

/**
 * Once per browser session, 5 s after load, a modal dialog with the multi-buy discounts the competitions on the page
 * really apply at checkout, each its own (offer-dialog.tsx). None of them with tiers: no offer at all.
 */
export function OfferPopup({ offers }: { offers: readonly MultiBuyOffer[] }) {
  const [shown, setShown] = useState<{ returnFocusTo: HTMLElement | null } | null>(null);
  const none = offers.length === 0;

  useEffect(() => {
    if (none || alreadySeen()) return;
    void loadDialog();
    const id = window.setTimeout(() => {
      if (alreadySeen()) return;
      markSeen();
      setShown({ returnFocusTo: document.activeElement instanceof HTMLElement ? document.activeElement : null });
    }, OFFER_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [none]);

  return shown && !none ? (
    <Suspense fallback={null}>
      <OfferDialog offers={offers} returnFocusTo={shown.returnFocusTo} />
    </Suspense>
  ) : null;
}
