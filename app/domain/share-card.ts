// The Open Graph share card: a 1200×630 image with the competition's picture and its key facts. This module writes
// the text layer as SVG (pure); the server draws it over the picture and encodes a PNG.

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
/** Bump when the card's design changes, so every card is drawn again under a new name. */
export const SHARE_CARD_DESIGN = 1;

/** What a card shows, already formatted for people. */
export type ShareCardText = {
  siteName: string;
  title: string;
  /** "£1,000": the prize value as the competition states it. */
  prizeValue: string;
  /** "£5.00". */
  ticketPrice: string;
  /** "Saturday 21 November 2026, 14:00 GMT"; null for a cancelled competition, which closes at no time. */
  closes: string | null;
};

/** XML 1.0's allowed characters: tab, line breaks and everything from space up, less surrogates, U+FFFE and U+FFFF. */
function isXmlChar(codePoint: number): boolean {
  if (codePoint === 0x9 || codePoint === 0xa || codePoint === 0xd) return true;
  if (codePoint < 0x20 || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return false;
  return codePoint !== 0xfffe && codePoint !== 0xffff;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text made safe for SVG/XML content and attribute values: markup characters escaped, forbidden ones dropped. */
export function escapeXml(text: string): string {
  const allowed = [...text].filter((c) => isXmlChar(c.codePointAt(0) ?? 0)).join("");
  return allowed.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

/**
 * Breaks text into at most `maxLines` lines of about `maxChars` characters, at spaces where it can (a longer word is
 * cut); text left over ends the last line with an ellipsis. Character counts stand in for measured widths: the
 * card's sans-serif averages about half its font size per character.
 */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  let rest = words;
  while (rest.length > 0 && lines.length < maxLines) {
    const [word = "", ...after] = rest;
    const joined = line ? `${line} ${word}` : word;
    if ([...joined].length <= maxChars) {
      line = joined;
      rest = after;
    } else if (line) {
      lines.push(line);
      line = "";
    } else {
      const chars = [...word];
      lines.push(chars.slice(0, maxChars).join(""));
      rest = [chars.slice(maxChars).join(""), ...after];
    }
  }
  if (line && lines.length < maxLines) lines.push(line);
  else if (line) rest = [line, ...rest];
  if (rest.length > 0 && lines.length > 0) {
    const last = [...(lines.pop() as string)];
    lines.push(
      `${last
        .slice(0, Math.max(1, maxChars - 1))
        .join("")
        .trimEnd()}…`,
    );
  }
  return lines;
}

const TITLE = { size: 58, lineHeight: 68, maxChars: 22, maxLines: 3 };
const LEFT = 72;

/**
 * The text layer: a dark panel on the left, fading into the picture, with the site's name, the title, the prize
 * value, the ticket price and the closing date (or "Cancelled") in white. Every piece of text is escaped.
 */
export function shareCardSvg(text: ShareCardText): string {
  const titleLines = wrapLines(text.title, TITLE.maxChars, TITLE.maxLines);
  const titleTop = 200;
  const afterTitle = titleTop + (titleLines.length - 1) * TITLE.lineHeight;
  const tspans = titleLines
    .map((line, i) => `<tspan x="${LEFT}" y="${titleTop + i * TITLE.lineHeight}">${escapeXml(line)}</tspan>`)
    .join("");
  const prizeY = afterTitle + 80;
  // One line each; the longest closing date ("Closes Wednesday 30 September 2026, 23:59 BST") is 45 characters.
  const prize = wrapLines(`Prize worth ${text.prizeValue}`, 34, 1)[0] ?? "";
  const price = wrapLines(`Tickets ${text.ticketPrice}`, 40, 1)[0] ?? "";
  // A cancelled competition says so where its closing date would be: it takes no more entries and has no draw.
  const closes = text.closes === null ? "Cancelled" : (wrapLines(`Closes ${text.closes}`, 48, 1)[0] ?? "");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}">`,
    "<defs>",
    '<linearGradient id="panel" x1="0" y1="0" x2="1" y2="0">',
    '<stop offset="0" stop-color="#0f172a" stop-opacity="0.94"/>',
    '<stop offset="0.55" stop-color="#0f172a" stop-opacity="0.86"/>',
    '<stop offset="0.8" stop-color="#0f172a" stop-opacity="0.2"/>',
    '<stop offset="1" stop-color="#0f172a" stop-opacity="0"/>',
    "</linearGradient>",
    "</defs>",
    `<rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="url(#panel)"/>`,
    `<g font-family="sans-serif" fill="#ffffff">`,
    `<text x="${LEFT}" y="96" font-size="30" font-weight="700" letter-spacing="4">`,
    `${escapeXml(text.siteName.toUpperCase())}</text>`,
    `<text font-size="${TITLE.size}" font-weight="700">${tspans}</text>`,
    `<text x="${LEFT}" y="${prizeY}" font-size="38" font-weight="700" fill="#fcd34d">${escapeXml(prize)}</text>`,
    `<text x="${LEFT}" y="${prizeY + 56}" font-size="30">${escapeXml(price)}</text>`,
    `<text x="${LEFT}" y="${prizeY + 104}" font-size="26">${escapeXml(closes)}</text>`,
    "</g>",
    "</svg>",
  ].join("");
}
