/** One labelled figure (or fact): `id` marks the value (`data-stat`) for pages and tests that read it. */
export type Stat = { label: string; value: React.ReactNode; id?: string; note?: React.ReactNode };

const LAYOUTS = {
  /** A grid of small labels over values (staff pages' facts and counts). */
  facts: {
    list: "grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3",
    item: undefined,
    value: "font-medium wrap-anywhere",
  },
  /** A row of cards with a large figure and a note under it (the dashboard's overview). */
  cards: {
    list: "grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
    item: "rounded-lg border border-border bg-card p-5 text-card-foreground",
    value: "mt-1 text-2xl font-bold",
  },
} as const;

/**
 * Labelled figures as a description list: each label a <dt>, its value (and any note) a <dd>, so a screen reader
 * reads "Sent, 4". Long values (ids, addresses) wrap anywhere rather than widen the page.
 */
export function StatList({ items, layout = "facts" }: { items: readonly Stat[]; layout?: keyof typeof LAYOUTS }) {
  const classes = LAYOUTS[layout];
  return (
    <dl className={classes.list}>
      {items.map((item) => (
        <div key={item.label} className={classes.item}>
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className={classes.value} data-stat={item.id}>
            {item.value}
          </dd>
          {item.note === undefined ? null : <dd className="mt-1 text-sm text-muted-foreground">{item.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
