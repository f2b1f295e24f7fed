import type { WalletReason } from "~/db/constants";
import { formatUkDate } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { AccountSection } from "./account-shell";

type Movement = { id: number; amountPence: number; reason: WalletReason; ref: string; createdAt: Date };

const REASON_TEXT: Record<WalletReason, string> = { "instant-win": "Instant win" };

/** The site-credit wallet: its balance (the sum of the ledger) and the ledger itself, newest first. */
export function WalletPanel({ balancePence, ledger }: { balancePence: number; ledger: Movement[] }) {
  return (
    <AccountSection id="wallet-title" title="Site credit">
      <p>
        Balance: <strong data-testid="wallet-balance">{formatPence(balancePence)}</strong>
      </p>
      {ledger.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Site credit you win in instant wins appears here.</p>
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
                <td className="py-1">{REASON_TEXT[m.reason]}</td>
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
