import type { WalletReason } from "~/db/constants";
import { formatUkDate } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { AccountSection } from "./account-shell";

type Movement = { id: number; amountPence: number; reason: WalletReason; ref: string; createdAt: Date };

const order = (ref: string) => `order ${ref.slice(0, 8)}`;
/** Each movement in words: orders are named by the short id the receipts use. */
const REASON_TEXT: Record<WalletReason, (ref: string) => string> = {
  "instant-win": () => "Instant win",
  checkout: (ref) => `Spent on ${order(ref)}`,
  "checkout-reversal": (ref) => `Returned: ${order(ref)} was not paid`,
  "checkout-retaken": (ref) => `Spent on ${order(ref)} (its payment arrived late)`,
  refund: (ref) => `Refund of ${order(ref)}`,
};

/** The site-credit wallet: its balance (the sum of the ledger) and the ledger itself, newest first. */
export function WalletPanel({ balancePence, ledger }: { balancePence: number; ledger: Movement[] }) {
  return (
    <AccountSection id="wallet-title" title="Site credit">
      <p>
        Balance: <strong data-testid="wallet-balance">{formatPence(balancePence)}</strong>
      </p>
      {ledger.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Site credit you win in instant wins appears here, and you can spend it at checkout.
        </p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">Site credit ledger, newest first</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Date
              </th>
              <th scope="col" className="py-1 font-medium">
                What
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((m) => (
              <tr key={m.id} className="border-t border-border" data-testid="wallet-movement">
                <td className="py-1">{formatUkDate(m.createdAt)}</td>
                <td className="py-1">{REASON_TEXT[m.reason](m.ref)}</td>
                <td className="py-1 text-right tabular-nums">
                  {m.amountPence > 0 ? "+" : "−"}
                  {formatPence(Math.abs(m.amountPence))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountSection>
  );
}
