// What a recovery e-mail's basket link says when it cannot put anything back (routes/recovery/recover-basket).

export type RestoreRefusal = "invalid" | "expired" | "used" | "other-account";

export const RESTORE_MESSAGES: Record<RestoreRefusal, { title: string; text: string }> = {
  invalid: {
    title: "This basket link is not valid",
    text: "It may have been cut short when it was copied. Open the link from the e-mail again. Nothing has changed.",
  },
  expired: {
    title: "This basket link has expired",
    text: "Basket links work for 7 days. The competitions you chose may still be open: find them on the list.",
  },
  used: {
    title: "This basket link has already been used",
    text: "Each basket link works once. Anything it put back is still in your basket unless you removed it.",
  },
  "other-account": {
    title: "This basket link is for another account",
    text: "Sign out, then open the link again and sign in with the account the e-mail was sent to.",
  },
};
