import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import type { FaqItem } from "~/content/faq";

const summaryClass =
  "flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold " +
  "focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden";
const chevronClass =
  "size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none";

/**
 * Accordion of questions and answers built on native <details>/<summary>,
 * so it opens and closes without JavaScript and works by keyboard.
 */
export function FaqList({ items, className = "" }: { items: readonly FaqItem[]; className?: string }) {
  return (
    <div className={`divide-y divide-border rounded-lg border border-border bg-card text-card-foreground ${className}`}>
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className={summaryClass}>
            <span>{item.question}</span>
            <ChevronDown aria-hidden="true" className={chevronClass} />
          </summary>
          <div className="space-y-3 px-5 pb-5 leading-7 text-muted-foreground">
            <p>{item.answer}</p>
            {item.link ? (
              <p>
                <Link to={item.link.to} className="font-medium text-primary underline">
                  {item.link.label}
                </Link>
              </p>
            ) : null}
          </div>
        </details>
      ))}
    </div>
  );
}
