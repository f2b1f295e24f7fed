/** A short line for the entry box: instant wins and the UK code's rule on credit cards. */
export function InstantWinsEntryNote({ count }: { count: number }) {
  return (
    <p className="mb-4 text-sm" data-testid="instant-wins-note">
      <strong>Instant wins:</strong> {count} {count === 1 ? "ticket number wins" : "ticket numbers win"} a prize the
      moment it is sold. Instant-win competitions cannot be paid for with a credit card: please use a debit card.
    </p>
  );
}
