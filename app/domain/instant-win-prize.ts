// How an instant win's prize reads on the pages, the receipt and the notification. Pure, client-safe.
import type { InstantWinKind } from "../db/constants";
import { formatPence } from "./money";

/** "£5.00 site credit"; "£25.00 cash (paid by bank transfer)"; "Leather headcollar". */
export function wonPrizeText(win: { kind: InstantWinKind; amountPence: number; prize: string }): string {
  if (win.kind === "physical") return win.prize;
  const noun = win.kind === "site-credit" ? "site credit" : "cash";
  const amount = formatPence(win.amountPence);
  const label = `${amount} ${noun}`;
  // A description that only restates the amount ("£5 site credit") adds nothing.
  const restates = [label, `${amount.replace(/\.00$/, "")} ${noun}`].includes(win.prize.trim());
  return restates ? label : `${label} (${win.prize.trim()})`;
}
