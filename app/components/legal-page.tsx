import type { ReactNode } from "react";
import { LEGAL_LAST_UPDATED, LEGAL_LAST_UPDATED_ISO, POSTAL_ENTRY_ADDRESS } from "~/content/policy";

export type LegalSection = {
  /** Fragment id, e.g. "free-entry" for /terms#free-entry. */
  id: string;
  title: string;
  body: ReactNode;
};

/** Typography for legal copy: paragraphs, lists and links without a typography plugin. */
const proseClasses =
  "space-y-4 leading-7 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold";

/**
 * Shared frame for /terms, /privacy and /refunds: one h1, the "Last updated" line,
 * an optional introduction, a contents list, then numbered h2 sections (each with an id to link to).
 */
export function LegalPage({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
  children?: ReactNode;
}) {
  return (
    <article aria-labelledby="legal-title" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="border-b border-border pb-6">
        <h1 id="legal-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated: <time dateTime={LEGAL_LAST_UPDATED_ISO}>{LEGAL_LAST_UPDATED}</time>
        </p>
        {intro ? <div className={`mt-6 ${proseClasses}`}>{intro}</div> : null}
      </div>

      {sections.length > 1 ? (
        <nav aria-labelledby="legal-contents" className="mt-8 rounded-lg border border-border bg-card p-5 text-card-foreground">
          <h2 id="legal-contents" className="text-lg font-semibold">
            Contents
          </h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-6 sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
            <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight">
              {index + 1}. {section.title}
            </h2>
            <div className={`mt-4 ${proseClasses}`}>{section.body}</div>
          </section>
        ))}
      </div>

      {children}
    </article>
  );
}

/** Underlined in-text link style shared by the content pages. */
export const textLinkClass = "font-medium text-primary underline";

/** The free postal entry address, one line per element. */
export function PostalEntryAddress({ className = "" }: { className?: string }) {
  return (
    <address className={`not-italic rounded-lg border border-border bg-muted px-5 py-4 font-medium leading-7 ${className}`}>
      {POSTAL_ENTRY_ADDRESS.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
