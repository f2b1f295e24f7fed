// Apart from legal-page.tsx so the competition page, which shows the address, does not load the legal page renderer.
import { POSTAL_ENTRY_ADDRESS } from "~/content/policy";

/** The free postal entry address, one line per element. */
export function PostalEntryAddress({ className = "" }: { className?: string }) {
  return (
    <address
      className={`not-italic rounded-lg border border-border bg-muted px-5 py-4 font-medium leading-7 ${className}`}
    >
      {POSTAL_ENTRY_ADDRESS.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
