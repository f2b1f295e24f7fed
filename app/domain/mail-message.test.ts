import nodemailer, { type SendMailOptions } from "nodemailer";
import { describe, expect, it } from "vitest";
import { decodeEncodedWords, linkify, parseMailMessage } from "./mail-message";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9".repeat(8);
const LINK = `http://localhost:3000/api/auth/verify-email?token=${TOKEN}&callbackURL=%2Fauth%3Fverified%3D1`;

/** A message as the development mailer writes it: nodemailer's stream transport, Unix newlines. */
async function written(message: SendMailOptions) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail({ from: "Paddock <no-reply@paddock.local>", ...message });
  return (info.message as Buffer).toString("utf8");
}

describe("parseMailMessage", () => {
  it("reads nodemailer's quoted-printable multipart message: headers, text, HTML, links and accents", async () => {
    const raw = await written({
      to: "rider@example.test",
      subject: "Confirm your Paddock account — café",
      text: `Hello Zoë,\n\nConfirm your address: ${LINK}\n\nPrize worth £5,000 = a saddle.`,
      html: `<p>Hello Zoë,</p><p><a href="${LINK}">Confirm my address</a></p>`,
    });
    // The link is longer than a quoted-printable line, so the file holds it broken with soft line breaks.
    expect(raw).toContain("=\n");
    expect(raw).not.toContain(LINK);

    const message = parseMailMessage(raw);
    expect(message.subject).toBe("Confirm your Paddock account — café");
    expect(message.to).toBe("rider@example.test");
    expect(message.from).toBe("Paddock <no-reply@paddock.local>");
    expect(message.date).not.toBe("");
    expect(message.text).toBe(`Hello Zoë,\n\nConfirm your address: ${LINK}\n\nPrize worth £5,000 = a saddle.`);
    expect(message.html).toContain(`<a href="${LINK}">Confirm my address</a>`);
  });

  it("reads a message with attachments (multipart/mixed around multipart/alternative) and base64 bodies", async () => {
    const raw = await written({
      to: "rider@example.test",
      subject: "Your data",
      text: "Attached.",
      html: "<p>Attached.</p>",
      textEncoding: "base64",
      attachments: [{ filename: "data.json", content: '{"a":1}' }],
    });
    const message = parseMailMessage(raw);
    expect(message.text).toBe("Attached.");
    expect(message.html).toBe("<p>Attached.</p>");
  });

  it("reads a single-part plain message, and CRLF line ends", () => {
    const raw = "To: a@b.test\r\nSubject: Hi\r\n there\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nLine one\r\n";
    expect(parseMailMessage(raw)).toMatchObject({ to: "a@b.test", subject: "Hi there", text: "Line one", html: null });
  });
});

describe("decodeEncodedWords", () => {
  it.each([
    ["plain", "plain"],
    ["=?UTF-8?Q?Caf=C3=A9_au_lait?=", "Café au lait"],
    ["=?UTF-8?B?wqM1LDAwMA==?=", "£5,000"],
    ["=?UTF-8?Q?Zo=C3=AB?= =?UTF-8?Q?_wins?=", "Zoë wins"],
    ["Re: =?iso-8859-1?Q?caf=E9?=", "Re: café"],
  ])("%s reads as %s", (header, text) => {
    expect(decodeEncodedWords(header)).toBe(text);
  });
});

describe("linkify", () => {
  it("cuts text into text and links, leaving trailing punctuation as text", () => {
    expect(linkify("Open https://a.test/x?y=1. Or http://b.test")).toEqual([
      { kind: "text", text: "Open " },
      { kind: "link", href: "https://a.test/x?y=1" },
      { kind: "text", text: ". Or " },
      { kind: "link", href: "http://b.test" },
    ]);
    expect(linkify("no links here")).toEqual([{ kind: "text", text: "no links here" }]);
    expect(linkify("javascript:alert(1) ftp://x")).toEqual([{ kind: "text", text: "javascript:alert(1) ftp://x" }]);
  });
});
