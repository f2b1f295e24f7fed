import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "~/domain/site-settings";
import { type ContentBlock, plainText } from "./document";
import { fairPlaySections } from "./fair-play";

function pageText(settings: SiteSettings) {
  const block = (b: ContentBlock) =>
    "p" in b
      ? plainText(b.p)
      : "ul" in b
        ? b.ul.map(plainText).join("\n")
        : "ol" in b
          ? b.ol.map(plainText).join("\n")
          : "";
  return fairPlaySections(settings)
    .flatMap((s) => [s.title, ...s.blocks.map(block)])
    .join("\n");
}

const withSettings = (change: Partial<SiteSettings>): SiteSettings => ({ ...DEFAULT_SITE_SETTINGS, ...change });

describe("the fair-play page is generated from the settings", () => {
  it("says who may pay to enter, as the switches are set", () => {
    expect(pageText(DEFAULT_SITE_SETTINGS)).toContain(
      "Paid entry is open to residents of the United Kingdom and Ireland.",
    );
    const irelandOff = pageText(withSettings({ paidEntry: { GB: true, IE: false } }));
    expect(irelandOff).toContain("Paid entry is open to residents of the United Kingdom.");
    expect(irelandOff).toContain("Paid entry is closed to residents of Ireland at the moment");
    expect(pageText(withSettings({ paidEntry: { GB: false, IE: false } }))).toContain(
      "Paid entry is closed to everyone at the moment",
    );
  });

  it("promises the reply time and names the dispute body as set", () => {
    const text = pageText(
      withSettings({ complaintReplyWorkingDays: 3, disputeBody: { name: "Example ADR", url: "https://adr.test" } }),
    );
    expect(text).toContain("We reply within 3 working days.");
    expect(text).toContain("Example ADR");
    expect(pageText(withSettings({ complaintReplyWorkingDays: 1 }))).toContain("We reply within 1 working day.");
  });

  it("states the rules the code enforces: age, limits, pauses, self-exclusion and the credit card cap", () => {
    const text = pageText(DEFAULT_SITE_SETTINGS);
    for (const fact of [
      "aged 18 or over",
      "as low as £0",
      "after 24 hours",
      "A pause of 1 day, 7 days and 30 days",
      "Self-exclusion for 6 months to 5 years",
      "capped at £250.00 per person per calendar month",
      "GamCare",
      "/how-it-works",
    ]) {
      expect(text + JSON.stringify(fairPlaySections(DEFAULT_SITE_SETTINGS))).toContain(fact);
    }
  });
});
