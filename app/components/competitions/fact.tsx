import type { ReactNode } from "react";

/** One term and its value in a competition's facts (a <dl>): "Prize value" over "£2,450". */
export function Fact({
  label,
  children,
  className,
  valueClassName = "font-semibold",
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
  testId?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
