import { formatPence } from "~/domain/money";

/** How many tickets, in words a sentence can use: "1 ticket", "3 tickets". */
const ticketCount = (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "ticket" : "tickets"}`;

/** What each consequential action's confirmation step says will happen. */
export const CONFIRMATIONS = {
  refund: (totalPence: number, liveTickets: number) => ({
    title: `Refund ${formatPence(totalPence)}?`,
    consequence:
      `${formatPence(totalPence)} goes back to the buyer's card and ` +
      (liveTickets > 0
        ? `${ticketCount(liveTickets)} ${liveTickets === 1 ? "is" : "are"} withdrawn from the draw. `
        : "no ticket is left in the draw to withdraw. ") +
      "The buyer is e-mailed. This cannot be undone.",
    confirmLabel: `Yes, refund ${formatPence(totalPence)}`,
  }),
  grantRole: (who: string, role: "admin" | "moderator") => ({
    title: `Make ${who} ${role === "admin" ? "an admin" : "a moderator"}?`,
    consequence:
      role === "admin"
        ? "An admin can do everything here: refund orders, cancel competitions, run draws, send marketing, change " +
          "the site's settings and give or take away roles, including yours."
        : "A moderator can read every order, competition and the audit log, record postal entries and answer " +
          "complaints. They cannot move money, run a draw or change roles.",
    confirmLabel: role === "admin" ? "Yes, make them an admin" : "Yes, make them a moderator",
  }),
  ship: (title: string, carrier: string, tracking: string) => ({
    title: "Mark this prize shipped?",
    consequence:
      `The winner of “${title}” is e-mailed that their prize is on its way with ${carrier}, tracking reference ` +
      `${tracking}. The claim then waits to be marked delivered.`,
    confirmLabel: "Yes, mark it shipped",
  }),
  deliver: (title: string) => ({
    title: "Mark this prize delivered?",
    consequence: `The winner of “${title}” is e-mailed that their prize has been delivered, and the claim is closed.`,
    confirmLabel: "Yes, mark it delivered",
  }),
} as const;
