import { describe, expect, it } from "vitest";
import { competitionShareUrl, facebookShareUrl, sharePopupFeatures, xShareUrl } from "./share";

describe("share links", () => {
  it("shares /competitions/{id} on the public host, with or without a trailing slash on the base", () => {
    expect(competitionShareUrl("https://paddock.example", 7)).toBe("https://paddock.example/competitions/7");
    expect(competitionShareUrl("https://paddock.example/", 7)).toBe("https://paddock.example/competitions/7");
  });

  it("puts the whole link, encoded, into Facebook's and X's share pages", () => {
    const url = "https://paddock.example/competitions/7?x=1&y=2";
    expect(new URL(facebookShareUrl(url)).searchParams.get("u")).toBe(url);
    const x = new URL(xShareUrl(url, "Win a saddle & bridle"));
    expect(x.origin).toBe("https://twitter.com");
    expect(x.searchParams.get("url")).toBe(url);
    expect(x.searchParams.get("text")).toBe("Win a saddle & bridle");
  });

  it("opens a 600x400 popup centred on the window, never off the screen's top-left", () => {
    expect(sharePopupFeatures({ x: 100, y: 50, width: 1400, height: 1000 })).toBe(
      "popup=yes,width=600,height=400,left=500,top=350,noopener,noreferrer",
    );
    expect(sharePopupFeatures({ x: 0, y: 0, width: 300, height: 200 })).toContain("left=0,top=0");
  });
});
