// What every Paddock e-mail is made of: a few kinds of block, rendered once as HTML (react-email, layout.tsx) and
// once as plain text (here), so the two parts always say the same thing. Pure: no I/O.

export type EmailBlock =
  /** A paragraph; a line break inside it stays a line break. */
  | { type: "text"; text: string }
  /** The message's one thing to do: a button in HTML, the bare address on its own line in text. */
  | { type: "action"; label: string; url: string }
  /** A titled group of indented lines (a competition's tickets, a refunded line). */
  | { type: "details"; title?: string; lines: readonly string[] }
  /** Words quoted exactly (the consent wording agreed to). */
  | { type: "quote"; text: string }
  /** Places to go besides the one action (the account, a competition, the rules): "label: address" in text. */
  | { type: "links"; title?: string; links: readonly { label: string; url: string }[] };

/**
 * Who a message is for decides its legal footer: an account or order message, marketing (which must carry its
 * unsubscribe link, PECR regulation 22), or the support team's own copy of a form.
 */
export type EmailFooter =
  | { kind: "service" }
  /** `reason` says why we may write (the default: they agreed to marketing e-mails). */
  | { kind: "marketing"; unsubscribeUrl: string; reason?: string }
  | { kind: "staff" };

export type EmailContent = {
  /** The inbox preview line. */
  preview: string;
  blocks: readonly EmailBlock[];
  footer: EmailFooter;
};

/** Plain text as blocks: one paragraph per run of lines between blank lines (a line break stays a line break). */
export const paragraphs = (text: string): EmailBlock[] =>
  text
    .split(/\n{2,}/)
    .filter((t) => t.trim() !== "")
    .map((t) => ({ type: "text", text: t }));

/** A service message written as plain text: its first line is the preview, its paragraphs the blocks. */
export const plainServiceEmail = (text: string): EmailContent => ({
  preview: text.split("\n")[0] ?? "",
  blocks: paragraphs(text),
  footer: { kind: "service" },
});

/** An account or order message: these blocks with the service footer. */
export const serviceEmail = (preview: string, blocks: readonly EmailBlock[]): EmailContent => ({
  preview,
  blocks,
  footer: { kind: "service" },
});

export const COMPANY_LINE =
  "Paddock Competitions Ltd. Skill-based equestrian prize competitions for residents of the UK and Ireland aged 18 " +
  "or over. A free postal entry route is open for every competition.";

/** The legal footer's sentences, the same in both parts. */
export function footerLines(footer: EmailFooter): string[] {
  switch (footer.kind) {
    case "marketing":
      return [
        footer.reason ?? "You are receiving this because you agreed to marketing e-mails from Paddock.",
        `Unsubscribe with one click: ${footer.unsubscribeUrl}`,
        COMPANY_LINE,
      ];
    case "staff":
      return ["Sent by the Paddock website to the support team."];
    default:
      return ["You are receiving this service message about your Paddock account or entries.", COMPANY_LINE];
  }
}

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case "action":
      return block.url;
    case "details":
      return [...(block.title ? [block.title] : []), ...block.lines.map((line) => `  ${line}`)].join("\n");
    case "quote":
      return `"${block.text}"`;
    case "links":
      return [...(block.title ? [block.title] : []), ...block.links.map((l) => `  ${l.label}: ${l.url}`)].join("\n");
    default:
      return block.text;
  }
}

/** The plain-text part: blocks separated by blank lines, then the footer below a signature line. */
export function emailText(content: EmailContent): string {
  return [...content.blocks.map(blockText), "--", footerLines(content.footer).join("\n")].join("\n\n");
}
