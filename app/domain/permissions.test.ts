import { describe, expect, it } from "vitest";
import { isStaff, PERMISSIONS, type Permission, permissionsOf } from "./permissions";

const MONEY_ROLES_AND_EDITS: Permission[] = [
  "competition:edit",
  "competition:cancel",
  "order:refund",
  "draw:run",
  "role:manage",
  "marketing:send",
  "recovery:send",
  "domain:manage",
  "settings:manage",
];

describe("permissions granted to roles", () => {
  it("gives an admin every permission", () => {
    expect([...permissionsOf(["admin"])].sort()).toEqual([...PERMISSIONS].sort());
  });

  it.each(MONEY_ROLES_AND_EDITS)("never gives a moderator %s", (permission) => {
    expect(permissionsOf(["moderator"]).has(permission)).toBe(false);
  });

  it.each([
    "dashboard:read",
    "competition:read",
    "order:read",
    "audit:read",
    "postal:record",
    "complaint:read",
    "complaint:answer",
  ] as Permission[])("lets a moderator %s", (permission) => {
    expect(permissionsOf(["moderator"]).has(permission)).toBe(true);
  });

  it("gives a plain user nothing, and staff status only to moderators and admins", () => {
    expect(permissionsOf(["user"]).size).toBe(0);
    expect(isStaff(["user"])).toBe(false);
    expect(isStaff([])).toBe(false);
    expect(isStaff(["user", "moderator"])).toBe(true);
    expect(isStaff(["admin"])).toBe(true);
  });

  it("adds up the permissions of several roles", () => {
    expect(permissionsOf(["moderator", "admin"]).size).toBe(PERMISSIONS.length);
  });
});
