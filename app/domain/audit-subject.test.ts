import { describe, expect, it } from "vitest";
import { parseSubject, subjectView } from "./audit-subject";
import { type Permission, permissionsOf } from "./permissions";
import { AUTO_SEND_SETTING_KEY } from "./recovery";

const admin = (p: Permission) => permissionsOf(["admin"]).has(p);
const moderator = (p: Permission) => permissionsOf(["moderator"]).has(p);
const ORDER = "0b7e2f64-3c1d-4a5e-9f00-123456789abc";

const names = new Map([
  ["competition:13", "Hand-Stitched Bridle"],
  [`order:${ORDER}`, `${ORDER.slice(0, 8)} (rider@example.test)`],
  ["user:abc", "rider@example.test"],
  ["campaign:4", "Spring sale"],
  ["domain:1", "paddock.example"],
]);

describe("audit subjects", () => {
  it("reads kind:id and nothing else", () => {
    expect(parseSubject("competition:13")).toEqual({ kind: "competition", id: "13" });
    expect(parseSubject(`order:${ORDER}`)).toEqual({ kind: "order", id: ORDER });
    expect(parseSubject("spaceship:1")).toBeNull();
    expect(parseSubject("competition:")).toBeNull();
    expect(parseSubject(null)).toBeNull();
  });

  it.each([
    ["competition:13", "Competition: Hand-Stitched Bridle", "/admin/competitions/13"],
    [`order:${ORDER}`, `Order: ${ORDER.slice(0, 8)} (rider@example.test)`, `/admin/orders/${ORDER}`],
    ["user:abc", "User: rider@example.test", "/admin/roles"],
    ["campaign:4", "Campaign: Spring sale", "/admin/marketing/4"],
    ["complaint:12", "Complaint: PDK-C-000012", "/admin/complaints?status=all&q=PDK-C-000012"],
    [`setting:${AUTO_SEND_SETTING_KEY}`, "Setting: Automatic recovery e-mails", "/admin/recovery"],
    ["setting:site.name", "Setting: site.name", "/admin/settings"],
    ["domain:1", "Domain: paddock.example", "/admin/domain"],
  ])("names %s as %j, linking an admin to %s", (subject, text, href) => {
    expect(subjectView(subject, names, admin)).toEqual({ text, href });
  });

  it("links a moderator only to pages a moderator may open", () => {
    expect(subjectView("competition:13", names, moderator)).toEqual({
      text: "Competition: Hand-Stitched Bridle",
      href: "/admin/competitions?q=Hand-Stitched+Bridle",
    });
    expect(subjectView(`order:${ORDER}`, names, moderator).href).toBe(`/admin/orders/${ORDER}`);
    expect(subjectView("user:abc", names, moderator).href).toBeNull();
    expect(subjectView("campaign:4", names, moderator).href).toBeNull();
    expect(subjectView("setting:site.name", names, moderator).href).toBeNull();
  });

  it("names by its id, without a link, a subject the database no longer holds", () => {
    expect(subjectView("competition:99", names, admin)).toEqual({
      text: "Competition: #99 (no longer exists)",
      href: null,
    });
    expect(subjectView("user:gone", names, admin)).toEqual({ text: "User: #gone (no longer exists)", href: null });
  });

  it("shows a subject of an unknown kind as stored, without a link", () => {
    expect(subjectView("spaceship:1", names, admin)).toEqual({ text: "spaceship:1", href: null });
    expect(subjectView(null, names, admin)).toEqual({ text: "—", href: null });
  });
});
