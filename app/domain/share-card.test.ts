import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeXml, shareCardSvg, wrapLines } from "./share-card";

describe("escapeXml", () => {
  it("escapes every markup character", () => {
    expect(escapeXml(`<script>alert("x") & 'y'</script>`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;) &amp; &apos;y&apos;&lt;/script&gt;",
    );
  });

  it("leaves ordinary text, accents, pound signs and emoji as they are", () => {
    expect(escapeXml("Win a £1,000 saddle — Élodie’s pick 🐴")).toBe("Win a £1,000 saddle — Élodie’s pick 🐴");
  });

  it("drops characters XML cannot hold at all", () => {
    expect(escapeXml("a\u0000b\u0007c\u001Fd\uFFFEe\uD800f")).toBe("abcdef");
    expect(escapeXml("tab\tand\nline")).toBe("tab\tand\nline");
  });

  it("leaves no raw markup in anything", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos);)/);
      }),
    );
  });
});

describe("wrapLines", () => {
  it("breaks at spaces within the width", () => {
    expect(wrapLines("Win a dressage saddle and bridle", 16, 3)).toEqual(["Win a dressage", "saddle and", "bridle"]);
  });

  it("ends the last line with an ellipsis when the text does not fit", () => {
    const lines = wrapLines("one two three four five six seven eight nine ten", 10, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith("…")).toBe(true);
    expect(lines.every((l) => [...l].length <= 10)).toBe(true);
  });

  it("cuts a word longer than a line", () => {
    expect(wrapLines("Supercalifragilistic", 8, 3)).toEqual(["Supercal", "ifragili", "stic"]);
  });

  it("never makes more lines than allowed or lines longer than the width", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (t, w, n) => {
          const lines = wrapLines(t, w, n);
          expect(lines.length).toBeLessThanOrEqual(n);
          for (const line of lines) expect([...line].length).toBeLessThanOrEqual(w);
        },
      ),
    );
  });
});

describe("shareCardSvg", () => {
  const text = {
    siteName: "Paddock",
    title: `Saddle & bridle <b>"deluxe"</b>`,
    prizeValue: "£1,000",
    ticketPrice: "£5.00",
    closes: "Saturday 21 November 2026, 14:00 GMT",
  };

  it("is 1200×630 and shows the title, prize value, price and closing date, escaped", () => {
    const svg = shareCardSvg(text);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630">/);
    expect(svg).toContain(">Saddle &amp; bridle</tspan>");
    expect(svg).toContain(">&lt;b&gt;&quot;deluxe&quot;&lt;/b&gt;</tspan>");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("Prize worth £1,000");
    expect(svg).toContain("Tickets £5.00");
    expect(svg).toContain(">Closes Saturday 21 November 2026, 14:00 GMT<");
    const longest = shareCardSvg({ ...text, closes: "Wednesday 30 September 2026, 23:59 BST" });
    expect(longest).toContain(">Closes Wednesday 30 September 2026, 23:59 BST<");
    expect(svg).toContain('font-family="sans-serif"');
  });

  it("says Cancelled instead of a closing date when the competition is cancelled", () => {
    const svg = shareCardSvg({ ...text, closes: null });
    expect(svg).toContain(">Cancelled<");
    expect(svg).not.toContain("Closes");
  });

  it("cannot be broken out of by any title", () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const svg = shareCardSvg({ ...text, title, prizeValue: title });
        expect(svg.match(/<text\b/g)).toHaveLength(5);
        expect(svg.match(/<\/svg>/g)).toHaveLength(1);
      }),
    );
  });
});
