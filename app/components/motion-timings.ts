// How often the site's moving parts move, in one plain module: the components use these, and the browser tests
// move a test clock by them without loading React into the test process.

/** Spec section 9: the announcement banner changes every 4 s. */
export const BANNER_INTERVAL_MS = 4000;
/** The testimonials carousel advances every 4 s. */
export const TESTIMONIAL_INTERVAL_MS = 4000;
/** Spec section 9: the brand strip advances every 3 s. */
export const BRAND_INTERVAL_MS = 3000;
/** The offer popup appears this long after the home page loads, once a session. */
export const OFFER_DELAY_MS = 5000;
/** A competition page tells screen readers its live ticket count at most this often. */
export const LIVE_SALES_ANNOUNCE_MS = 5000;
