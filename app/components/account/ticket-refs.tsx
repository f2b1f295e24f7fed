/**
 * Ticket numbers with their entry references: the reference is how an entrant finds their entry in the draw's
 * published manifest, without any personal data in it.
 */
export function TicketRefs({ title, tickets }: { title: string; tickets: { number: number; entryRef: string }[] }) {
  return (
    <>
      <p className="mt-2 text-sm text-muted-foreground">Ticket numbers and entry references</p>
      <ul className="mt-1 flex flex-wrap gap-2" aria-label={`Ticket numbers for ${title}`}>
        {tickets.map((t) => (
          <li key={t.number} className="rounded-md bg-muted px-2.5 py-1 font-mono tabular-nums">
            <span className="font-semibold">{t.number}</span>{" "}
            <span className="text-muted-foreground">{t.entryRef}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
