import { describe, expect, it } from "vitest";
import { COMPANY_LINE, type EmailContent, serviceEmail } from "./content";
import { renderEmail } from "./render.server";

const reset = serviceEmail("Reset your password.", [
  { type: "text", text: "Hello," },
  { type: "action", label: "Reset my password", url: "https://paddock.test/reset?token=abc" },
  { type: "details", title: "Hay net", lines: ["Ticket numbers: 1, 2", "Your answer: Oats"] },
  { type: "quote", text: "Yes, e-mail me." },
]);

describe("one template, two parts", () => {
  it("the plain text says what the HTML says, block by block, then the legal footer", async () => {
    const { text, html } = await renderEmail(reset);
    expect(text).toBe(
      [
        "Hello,",
        "https://paddock.test/reset?token=abc",
        "Hay net\n  Ticket numbers: 1, 2\n  Your answer: Oats",
        '"Yes, e-mail me."',
        "--",
        `You are receiving this service message about your Paddock account or entries.\n${COMPANY_LINE}`,
      ].join("\n\n"),
    );
    for (const words of ["Hello,", "Reset my password", "Hay net", "Ticket numbers: 1, 2", "Yes, e-mail me."]) {
      expect(html).toContain(words);
    }
    expect(html).toContain('href="https://paddock.test/reset?token=abc"');
    expect(html).toContain('lang="en-GB"');
    expect(html).toContain("Reset your password.");
    expect(html).toContain("Paddock Competitions Ltd.");
  });

  it("the action's address is the first link in the text, before any in the footer", async () => {
    const marketing: EmailContent = {
      ...reset,
      footer: { kind: "marketing", unsubscribeUrl: "https://paddock.test/newsletter/unsubscribe?token=t" },
    };
    const { text } = await renderEmail(marketing);
    expect(text.match(/https?:\/\/\S+/)?.[0]).toBe("https://paddock.test/reset?token=abc");
  });

  it("marketing carries its one-click unsubscribe in both parts; service mail carries none", async () => {
    const unsubscribeUrl = "https://paddock.test/newsletter/unsubscribe?token=t0k";
    const marketing = await renderEmail({ ...reset, footer: { kind: "marketing", unsubscribeUrl } });
    expect(marketing.text).toContain(`Unsubscribe with one click: ${unsubscribeUrl}`);
    expect(marketing.html).toContain(`href="${unsubscribeUrl}"`);
    expect(marketing.html).toContain("you agreed to marketing e-mails");
    const service = await renderEmail(reset);
    expect(service.text).not.toContain("Unsubscribe");
    expect(service.html).not.toContain("Unsubscribe");
  });

  it("what a visitor wrote is escaped in the HTML, and kept as written in the text", async () => {
    const message = '<script>alert("x")</script> & <b>bold</b>';
    const { html, text } = await renderEmail({
      preview: "Contact",
      blocks: [{ type: "text", text: message }],
      footer: { kind: "staff" },
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("&lt;script&gt;");
    expect(text).toContain(message);
    expect(text).toContain("Sent by the Paddock website to the support team.");
  });

  it("has a viewport for phones, and lets a 64-character hash wrap instead of widening the message", async () => {
    const hash = "ab".repeat(32);
    const { html } = await renderEmail(serviceEmail("Closed", [{ type: "text", text: `The hash is ${hash}.` }]));
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
    const paragraph = html.slice(html.lastIndexOf("<p", html.indexOf(hash)), html.indexOf(hash));
    expect(paragraph).toContain("overflow-wrap:anywhere");
  });

  it("a links block is links in HTML and labelled addresses in text", async () => {
    const links = [
      { label: "Your account", url: "https://paddock.test/account" },
      { label: "Test saddle", url: "https://paddock.test/competition/3" },
    ];
    const { html, text } = await renderEmail(serviceEmail("Links", [{ type: "links", title: "Links:", links }]));
    expect(text).toContain(
      "Links:\n  Your account: https://paddock.test/account\n  Test saddle: https://paddock.test/competition/3",
    );
    for (const link of links) expect(html).toMatch(new RegExp(`href="${link.url}"[^>]*>${link.label}</a>`));
  });
});
