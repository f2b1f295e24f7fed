import { type ContentBlock, type LegalDocument, plainText, type RichText } from "~/content/document";
import { LEGAL_LAST_UPDATED, LEGAL_LAST_UPDATED_ISO } from "~/content/policy";
import { PostalEntryAddress } from "./postal-entry-address";
import { keyed, RichTextRuns } from "./rich-text";

export { PostalEntryAddress } from "./postal-entry-address";
export { textLinkClass } from "./rich-text";

/** Typography for legal copy: paragraphs, lists and links without a typography plugin. */
const proseClasses =
  "space-y-4 leading-7 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 " +
  "[&_ul]:pl-6 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold";

/**
 * The one frame for /terms, /privacy, /refunds and /fair-play, rendering a document from app/content: one h1, the "Last
 * updated" line, the introduction, a contents list, then numbered h2 sections (each with an id to link to).
 */
export function LegalPage({ document, note }: { document: LegalDocument; note?: React.ReactNode }) {
  const { title, intro, sections } = document;
  return (
    <article aria-labelledby="legal-title" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="border-b border-border pb-6">
        <h1 id="legal-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {note ?? (
            <>
              Last updated: <time dateTime={LEGAL_LAST_UPDATED_ISO}>{LEGAL_LAST_UPDATED}</time>
            </>
          )}
        </p>
        {intro.length > 0 ? (
          <div className={`mt-6 ${proseClasses}`}>
            <Blocks blocks={intro} />
          </div>
        ) : null}
      </div>

      {sections.length > 1 ? (
        <nav
          aria-labelledby="legal-contents"
          className="mt-8 rounded-lg border border-border bg-card p-5 text-card-foreground"
        >
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
            <div className={`mt-4 ${proseClasses}`}>
              <Blocks blocks={section.blocks} />
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}

function Blocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  return keyed(blocks, blockKey).map(([key, block]) => {
    if ("p" in block)
      return (
        <p key={key}>
          <RichTextRuns text={block.p} />
        </p>
      );
    if ("ul" in block) return <ul key={key}>{items(block.ul)}</ul>;
    if ("ol" in block) return <ol key={key}>{items(block.ol)}</ol>;
    return <PostalEntryAddress key={key} />;
  });
}

const items = (list: readonly RichText[]) =>
  keyed(list, plainText).map(([key, item]) => (
    <li key={key}>
      <RichTextRuns text={item} />
    </li>
  ));

function blockKey(block: ContentBlock): string {
  if ("p" in block) return plainText(block.p);
  if ("ul" in block) return block.ul.map(plainText).join("|");
  if ("ol" in block) return block.ol.map(plainText).join("|");
  return "postal-entry-address";
}
