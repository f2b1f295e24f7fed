/**
 * The shape of long-form page content (terms, privacy, refunds) kept as data, so wording lives in app/content and
 * one component renders every legal page.
 */

/** A run of text: plain, bold, or a link ("#id" and "https://" become plain anchors, other paths router links). */
export type Inline = string | { strong: string } | { link: string; to: string };

/** A paragraph's or list item's text: one string, or runs rendered one after another. */
export type RichText = string | readonly Inline[];

export type ContentBlock =
  | { p: RichText }
  | { ul: readonly RichText[] }
  | { ol: readonly RichText[] }
  /** The free postal entry address from ./policy, one line per element. */
  | { postalEntryAddress: true };

export type DocumentSection = {
  /** Fragment id, e.g. "free-entry" for /terms#free-entry. */
  id: string;
  title: string;
  blocks: readonly ContentBlock[];
};

export type LegalDocument = {
  title: string;
  /** The meta description. */
  description: string;
  intro: readonly ContentBlock[];
  sections: readonly DocumentSection[];
};

/** The plain text of rich text, e.g. for React keys. */
export function plainText(text: RichText): string {
  if (typeof text === "string") return text;
  return text.map((run) => (typeof run === "string" ? run : "strong" in run ? run.strong : run.link)).join("");
}
