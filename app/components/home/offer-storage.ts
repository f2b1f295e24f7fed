/**
 * sessionStorage key, set once the offer popup has been shown in this browser session. No React here: tests
 * import it.
 */
export const OFFER_SEEN_KEY = "paddock:offer-seen";
