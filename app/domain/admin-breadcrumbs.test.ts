import { describe, expect, it } from "vitest";
import { adminBreadcrumbs, crumbSubjects } from "./admin-breadcrumbs";

const labels = (pathname: string, names = {}) => adminBreadcrumbs(pathname, names).map((c) => c.label);

describe("the staff area's breadcrumbs", () => {
  it.each([
    ["/admin", ["Dashboard"]],
    ["/admin/", ["Dashboard"]],
    ["/admin/competitions", ["Dashboard", "Competitions"]],
    ["/admin/create-competition", ["Dashboard", "Competitions", "New competition"]],
    ["/admin/competitions/7", ["Dashboard", "Competitions", "Hand-Stitched Bridle"]],
    ["/admin/competitions/7/pictures", ["Dashboard", "Competitions", "Hand-Stitched Bridle", "Pictures"]],
    ["/admin/competitions/7/cancel", ["Dashboard", "Competitions", "Hand-Stitched Bridle", "Cancel"]],
    ["/admin/competitions/7/draw", ["Dashboard", "Competitions", "Hand-Stitched Bridle", "Draw"]],
    ["/admin/competitions/7/postal", ["Dashboard", "Competitions", "Hand-Stitched Bridle", "Postal entries"]],
    ["/admin/competitions/7/instant-wins", ["Dashboard", "Competitions", "Hand-Stitched Bridle", "Instant wins"]],
    ["/admin/orders", ["Dashboard", "Orders"]],
    ["/admin/complaints/42", ["Dashboard", "Complaints", "PDK-C-000042"]],
    ["/admin/complaints/x", ["Dashboard", "Complaints"]],
    ["/admin/promo-codes", ["Dashboard", "Promo codes"]],
    ["/admin/promo-codes/5", ["Dashboard", "Promo codes", "Promo code"]],
    ["/admin/orders/0b1c2d3e-aaaa-bbbb", ["Dashboard", "Orders", "Order 0b1c2d3e"]],
    ["/admin/marketing/new", ["Dashboard", "Marketing", "New campaign"]],
    ["/admin/marketing/3", ["Dashboard", "Marketing", "Spring newsletter"]],
    ["/admin/consent", ["Dashboard", "Marketing", "Consent"]],
    ["/admin/audit", ["Dashboard", "Audit log"]],
    ["/admin/winners", ["Dashboard", "Winners"]],
    ["/admin/nowhere/9", ["Dashboard"]],
  ])("%s reads %j", (path, expected) => {
    expect(labels(path, { competition: "Hand-Stitched Bridle", campaign: "Spring newsletter" })).toEqual(expected);
  });

  it("names a record by its id when its name is unknown", () => {
    expect(labels("/admin/competitions/12/draw")).toEqual(["Dashboard", "Competitions", "Competition 12", "Draw"]);
    expect(labels("/admin/marketing/4")).toEqual(["Dashboard", "Marketing", "Campaign 4"]);
  });

  it("links each step to its own page, the last being the page itself", () => {
    expect(adminBreadcrumbs("/admin/competitions/7/draw", { competition: "Bridle" }).map((c) => c.to)).toEqual([
      "/admin",
      "/admin/competitions",
      "/admin/competitions/7",
      "/admin/competitions/7/draw",
    ]);
  });

  it("asks for the names of the records a path holds, and only of real ids", () => {
    expect(crumbSubjects("/admin/competitions/7/draw")).toEqual({ competitionId: 7 });
    expect(crumbSubjects("/admin/marketing/3")).toEqual({ campaignId: 3 });
    expect(crumbSubjects("/admin/marketing/new")).toEqual({});
    expect(crumbSubjects("/admin/orders/5")).toEqual({});
    expect(crumbSubjects("/admin/competitions/1e99")).toEqual({});
    expect(crumbSubjects("/admin/competitions/-2")).toEqual({});
    expect(crumbSubjects("/admin/competitions/0x10")).toEqual({});
    expect(crumbSubjects("/admin/competitions/2147483648")).toEqual({});
  });
});
