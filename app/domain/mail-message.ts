// Reads the .eml files the development mailer writes (nodemailer's MIME output), for the mail viewer: headers,
// RFC 2047 encoded words, multipart bodies, quoted-printable and base64, in the part's own charset.

/** Where the development mail viewer is (app/routes.ts lists its two routes). */
export const MAIL_VIEWER_PATH = "/dev/mail";

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string | null;
  html: string | null;
};

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, "\n");
  const end = normalised.indexOf("\n\n");
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const body = end < 0 ? "" : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // A line starting with white space continues the header above it (folding).
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header value's parameter, e.g. `boundary` of `multipart/alternative; boundary="abc"`. */
function parameter(value: string, name: string) {
  const match = new RegExp(`;\\s*${name}=(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function quotedPrintableBytes(text: string): Uint8Array {
  const source = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    const hex = source.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...encoder.encode(char));
  }
  return Uint8Array.from(bytes);
}

function base64Bytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/[^A-Za-z0-9+/=]/g, "")), (c) => c.charCodeAt(0));
}

function decodeBytes(bytes: Uint8Array, charset: string | null) {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** `=?UTF-8?Q?Caf=C3=A9?=` and `=?UTF-8?B?...?=` words in a header, decoded; white space between two words dropped. */
export function decodeEncodedWords(value: string) {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) =>
      decodeBytes(
        encoding.toUpperCase() === "B" ? base64Bytes(text) : quotedPrintableBytes(text.replace(/_/g, " ")),
        charset,
      ),
    );
}

/** A single part's body as text, by its Content-Transfer-Encoding and charset. */
function decodeBody(part: Part) {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const charset = parameter(part.headers.get("content-type") ?? "", "charset");
  if (encoding === "quoted-printable") return decodeBytes(quotedPrintableBytes(part.body), charset);
  if (encoding === "base64") return decodeBytes(base64Bytes(part.body), charset);
  return part.body;
}

/** Every leaf part (text/plain, text/html, attachments) of a possibly nested multipart body. */
function leaves(part: Part): Part[] {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /^multipart\//i.test(type) ? parameter(type, "boundary") : null;
  if (!boundary) return [part];
  const sections = part.body.split(
    new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*$`, "m"),
  );
  // The text before the first boundary is a preamble and the text after the last one an epilogue.
  return sections
    .slice(1, -1)
    .map((section) => splitHeaders(section.replace(/^\n/, "")))
    .flatMap(leaves);
}

export function parseMailMessage(raw: string): MailMessage {
  const message = splitHeaders(raw);
  const header = (name: string) => decodeEncodedWords(message.headers.get(name) ?? "");
  const parts = leaves(message);
  const body = (type: string) => {
    const part = parts.find((p) => (p.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith(type));
    return part ? decodeBody(part).replace(/\n$/, "") : null;
  };
  return {
    from: header("from"),
    to: header("to"),
    subject: header("subject"),
    date: header("date"),
    text: body("text/plain"),
    html: body("text/html"),
  };
}

export type TextPiece = { kind: "text"; text: string } | { kind: "link"; href: string };

/** Plain text cut into text and http(s) links, so a viewer can show the links clickable without rendering HTML. */
export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'\])]+/g)) {
    const href = match[0].replace(/[.,;:!?]+$/, "");
    if (match.index > last) pieces.push({ kind: "text", text: text.slice(last, match.index) });
    pieces.push({ kind: "link", href });
    last = match.index + href.length;
  }
  if (last < text.length) pieces.push({ kind: "text", text: text.slice(last) });
  return pieces;
}
