import { lazy, Suspense, useEffect, useState } from "react";
import { OFFER_DELAY_MS } from "~/components/motion-timings";
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
 * Once per browser session, 5 s after load, a modal dialog with the multi-buy discount every competition
 * really applies at checkout (offer-dialog.tsx).
 */
export function OfferPopup() {
  const [shown, setShown] = useState<{ returnFocusTo: HTMLElement | null } | null>(null);

  useEffect(() => {
    if (alreadySeen()) return;
    void loadDialog();
    const id = window.setTimeout(() => {
      if (alreadySeen()) return;
      markSeen();
      setShown({ returnFocusTo: document.activeElement instanceof HTMLElement ? document.activeElement : null });
    }, OFFER_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);

  return shown ? (
    <Suspense fallback={null}>
      <OfferDialog returnFocusTo={shown.returnFocusTo} />
    </Suspense>
  ) : null;
}
