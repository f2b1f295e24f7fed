// E-mail HTML without a React render per message (ADR 043): the layout is rendered once per shape of message (its
// blocks' kinds and counts, its preview and its footer) with a marker in place of every string a block carries, and
// each message of that shape is that HTML with the markers replaced by its own strings, escaped exactly as React
// escapes text and attribute values. A sale's receipts share a handful of shapes, so React renders a handful of
// times instead of once per paid order. Pure: the React render is passed in. Its equivalence with rendering every
// message is tested (compiled.server.test.ts), and a message this cannot reproduce exactly is left to React.
import type { EmailBlock, EmailContent } from "./content";

/** The markers: private-use characters, which no message carries (one that does is rendered by React). */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARKED = /\uE000(\d+)\uE001/;
const MARKER_CHARS = /[\uE000\uE001]/;
/** A link React prints as it is: http(s) only (React replaces a javascript: address with a stub). */
const PLAIN_URL = /^https?:\/\/[^\s]/i;
/** Shapes kept; beyond it the cache starts again (messages of many shapes only cost their React render). */
const MAX_SHAPES = 256;

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
export const escapeLikeReact = (value: string) => value.replace(/["&'<>]/g, (c) => ESCAPES[c] as string);

/** The message with its strings replaced by numbered markers, and those strings in order; undefined if unsupported. */
export function markedContent(content: EmailContent): { marked: EmailContent; values: string[] } | undefined {
  if (content.footer.kind === "marketing") return undefined;
  const values: string[] = [];
  let plain = true;
  const hole = (value: string, url = false) => {
    if (value === "" || MARKER_CHARS.test(value) || (url && !PLAIN_URL.test(value))) plain = false;
    values.push(value);
    return `${OPEN}${values.length - 1}${CLOSE}`;
  };
  const blocks = content.blocks.map((block): EmailBlock => {
    switch (block.type) {
      case "action":
        return { type: "action", label: hole(block.label), url: hole(block.url, true) };
      case "details":
        return {
          type: "details",
          ...(block.title === undefined ? {} : { title: hole(block.title) }),
          lines: block.lines.map((line) => hole(line)),
        };
      case "links":
        return {
          type: "links",
          ...(block.title === undefined ? {} : { title: hole(block.title) }),
          links: block.links.map((link) => ({ label: hole(link.label), url: hole(link.url, true) })),
        };
      default:
        return { type: block.type, text: hole(block.text) };
    }
  });
  if (!plain || MARKER_CHARS.test(content.preview)) return undefined;
  return { marked: { ...content, blocks }, values };
}

/** An HTML with markers cut into its fixed parts and the marker numbers between them. */
type Template = { parts: string[]; holes: number[] };

function compile(html: string): Template {
  const pieces = html.split(MARKED);
  const parts: string[] = [];
  const holes: number[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (i % 2 === 0) parts.push(piece);
    else holes.push(Number(piece));
  }
  return { parts, holes };
}

/**
 * The HTML renderer for `render` (the layout's React render), kept per process: a message of a shape seen before
 * costs string joins; one of a new shape costs one React render of its markers; one `markedContent` refuses goes to
 * `render` itself.
 */
export function compiledRenderer(render: (content: EmailContent) => Promise<string>) {
  const templates = new Map<string, Promise<Template>>();
  return async (content: EmailContent): Promise<string> => {
    const split = markedContent(content);
    if (!split) return render(content);
    const key = JSON.stringify(split.marked);
    let template = templates.get(key);
    if (!template) {
      if (templates.size >= MAX_SHAPES) templates.clear();
      template = render(split.marked).then(compile);
      templates.set(key, template);
      template.catch(() => templates.delete(key));
    }
    const { parts, holes } = await template;
    let html = parts[0] as string;
    for (const [i, hole] of holes.entries()) html += escapeLikeReact(split.values[hole] as string) + parts[i + 1];
    return html;
  };
}
