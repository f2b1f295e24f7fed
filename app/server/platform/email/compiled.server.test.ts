import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compiledRenderer, escapeLikeReact, markedContent } from "./compiled.server";
import { type EmailBlock, type EmailContent, serviceEmail } from "./content";
import { renderWithReact } from "./render.server";

/** Text with everything React escapes or separates, line breaks, non-Latin letters and emoji. */
const awkward = fc.string({
  unit: fc.constantFrom("a", "Z", " ", "&", "<", ">", '"', "'", "\n", "£", "é", "“", "🐴", "1", "-", "/", ";"),
  minLength: 1,
  maxLength: 12,
});
const url = awkward.map((path) => `https://paddock.test/${encodeURIComponent(path)}?a=1&b='2'`);
const block: fc.Arbitrary<EmailBlock> = fc.oneof(
  fc.record({ type: fc.constant("text" as const), text: awkward }),
  fc.record({ type: fc.constant("quote" as const), text: awkward }),
  fc.record({ type: fc.constant("action" as const), label: awkward, url }),
  fc.record(
    { type: fc.constant("details" as const), title: awkward, lines: fc.array(awkward, { maxLength: 4 }) },
    { requiredKeys: ["type", "lines"] },
  ),
  fc.record(
    {
      type: fc.constant("links" as const),
      title: awkward,
      links: fc.array(fc.record({ label: awkward, url }), { maxLength: 3 }),
    },
    { requiredKeys: ["type", "links"] },
  ),
);
const content: fc.Arbitrary<EmailContent> = fc.record({
  preview: fc.string({ maxLength: 160 }),
  blocks: fc.array(block, { maxLength: 6 }),
  footer: fc.constantFrom({ kind: "service" as const }, { kind: "staff" as const }),
});

describe("e-mail HTML from a compiled template", () => {
  it("is byte for byte what React renders, for messages of every shape and awkward text", async () => {
    const compiled = compiledRenderer(renderWithReact);
    await fc.assert(
      fc.asyncProperty(content, async (message) => {
        expect(await compiled(message)).toBe(await renderWithReact(message));
      }),
      { numRuns: 40 },
    );
  });

  it("renders a shape with React once, and the next message of that shape from its template", async () => {
    const rendered: EmailContent[] = [];
    const compiled = compiledRenderer((message) => {
      rendered.push(message);
      return renderWithReact(message);
    });
    const receipt = (n: number, answer: string) =>
      serviceEmail("Your 1 ticket has been confirmed.", [
        { type: "text", text: `Thank you for your order ${n}.` },
        { type: "details", title: "Flash sale saddle", lines: [`  ${n}  PDK-${n}`, `Your answer: ${answer}`] },
        { type: "links", links: [{ label: "Your tickets", url: `https://paddock.test/account?o=${n}` }] },
      ]);
    for (const [n, answer] of [
      [1, "Canter"],
      [2, "<b>Trot</b> & 'walk'"],
      [3, "Gallop"],
    ] as const)
      expect(await compiled(receipt(n, answer))).toBe(await renderWithReact(receipt(n, answer)));
    expect(rendered).toHaveLength(1);
    expect(rendered[0]?.blocks[0]).toEqual({ type: "text", text: "\uE0000\uE001" });
  });

  it("leaves to React what a template cannot say exactly", () => {
    const text = (t: string): EmailBlock => ({ type: "text", text: t });
    expect(markedContent(serviceEmail("p", [text("fine")]))?.values).toEqual(["fine"]);
    expect(markedContent(serviceEmail("p", [text("")]))).toBeUndefined();
    expect(markedContent(serviceEmail("p", [text("a \uE000 marker")]))).toBeUndefined();
    expect(markedContent(serviceEmail("p \uE001", [text("x")]))).toBeUndefined();
    expect(
      markedContent(serviceEmail("p", [{ type: "action", label: "Go", url: "javascript:alert(1)" }])),
    ).toBeUndefined();
    expect(
      markedContent({ preview: "p", blocks: [text("x")], footer: { kind: "marketing", unsubscribeUrl: "https://x" } }),
    ).toBeUndefined();
  });

  it("escapes as React does", () => {
    expect(escapeLikeReact(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&#x27;f");
  });

  it("a message left to React is rendered by React", async () => {
    const marketing: EmailContent = {
      preview: "News",
      blocks: [{ type: "text", text: "Hello" }],
      footer: { kind: "marketing", unsubscribeUrl: "https://paddock.test/u?t=1" },
    };
    expect(await compiledRenderer(renderWithReact)(marketing)).toBe(await renderWithReact(marketing));
  });
});
