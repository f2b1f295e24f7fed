/** The public pages every page-wide check walks (axe in both themes, reflow at 320 px), each with its h1. */
export const PUBLIC_PAGES = [
  { path: "/", h1: /./ },
  { path: "/about", h1: /about/i },
  { path: "/how-it-works", h1: /how/i },
  { path: "/winners", h1: /winners/i },
  { path: "/terms", h1: /terms/i },
  { path: "/privacy", h1: /privacy/i },
  { path: "/refunds", h1: /refund/i },
  { path: "/faq", h1: /questions|faq/i },
  { path: "/contact", h1: /contact/i },
  { path: "/complaints", h1: /complaint/i },
  { path: "/fair-play", h1: /fair play/i },
  { path: "/newsletter", h1: /newsletter/i },
  { path: "/competitions", h1: /competitions/i },
  { path: "/competition/1", h1: /./ },
  { path: "/draws/1", h1: /^Draw: / },
  { path: "/signin", h1: /sign in/i },
  { path: "/join", h1: /join/i },
  { path: "/auth", h1: /welcome/i },
  { path: "/auth?tab=signup", h1: /create your account/i },
  { path: "/forgot-password", h1: /reset your password/i },
  { path: "/reset-password", h1: /new password/i },
  { path: "/no-such-page", h1: /Oops! Page not found/ },
];

/** Pages behind a sign-in: an entrant's account and the staff area (an admin sees every one of these). */
export const ACCOUNT_PAGES = [
  "/account",
  "/account/security",
  "/account/privacy",
  "/account/notifications",
  "/account/limits",
  "/account/eligibility",
  "/basket",
];

export const ADMIN_PAGES = [
  "/admin",
  "/admin/competitions",
  "/admin/competitions/1",
  "/admin/competitions/1/pictures",
  "/admin/competitions/1/draw",
  "/admin/competitions/1/postal",
  "/admin/create-competition",
  "/admin/orders",
  "/admin/complaints",
  "/admin/winners",
  "/admin/roles",
  "/admin/settings",
  "/admin/audit",
  "/admin/domain",
  "/admin/consent",
];
