/**
 * A data table's header row: muted column headings spaced like the cells below, the last without a right gap.
 * `hiddenLast` names a last column (of buttons, say) for screen readers only.
 */
export function TableHead({
  columns,
  hiddenLast,
  padding = "py-1",
}: {
  columns: string[];
  hiddenLast?: string;
  padding?: "py-1" | "py-2";
}) {
  const last = hiddenLast ? columns.length : columns.length - 1;
  const cellClass = (index: number) => `${padding} ${index < last ? "pr-3 " : ""}font-medium`;
  return (
    <thead className="text-muted-foreground">
      <tr>
        {columns.map((column, index) => (
          <th key={column} scope="col" className={cellClass(index)}>
            {column}
          </th>
        ))}
        {hiddenLast ? (
          <th scope="col" className={cellClass(last)}>
            <span className="sr-only">{hiddenLast}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
