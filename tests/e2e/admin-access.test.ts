import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/db/constants";
import { session as sessionTable, userRoles } from "~/db/schema";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn, type TestUser } from "./support/users";

beforeAll(async () => {
  await app();
});

/** Cookies for direct requests, as a forger with their own valid session would send them. */
async function cookieFor(user: TestUser) {
  const { baseUrl } = await app();
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function request(path: string, cookie?: string, form?: Record<string, string>) {
  const { baseUrl } = await app();
  return fetch(`${baseUrl}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(form ? { "content-type": "application/x-www-form-urlencoded", origin: baseUrl } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
}

describe("/admin access", () => {
  const cases: Array<{ who: string; roles?: Role[]; expect: number | string }> = [
    { who: "anonymous", expect: "/auth?redirectTo=%2Fadmin" },
    { who: "user", roles: ["user"], expect: "/" },
    { who: "moderator", roles: ["moderator"], expect: 200 },
    { who: "admin", roles: ["admin"], expect: 200 },
  ];
  for (const c of cases) {
    it(
      `${c.who}: ${typeof c.expect === "number" ? "sees the dashboard" : `is sent to ${c.expect}`}`,
      async () => {
        const cookie = c.roles ? await cookieFor(await createUser({ roles: c.roles })) : undefined;
        const res = await request("/admin", cookie);
        if (typeof c.expect === "number") expect(res.status).toBe(200);
        else {
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toBe(c.expect);
          const post = await request("/admin/roles", cookie, {
            intent: "add-role",
            email: "admin@paddock.test",
            role: "moderator",
          });
          expect(post.headers.get("location")).toBe(c.expect.replace("%2Fadmin", "%2Fadmin%2Froles"));
        }
      },
      TEST_TIMEOUT,
    );
  }

  it(
    "moderator: sees the dashboard but may not manage roles (403 on the page and on a forged post)",
    async () => {
      const cookie = await cookieFor(await createUser({ roles: ["moderator"] }));
      expect((await request("/admin/roles", cookie)).status).toBe(403);
      const post = await request("/admin/roles", cookie, {
        intent: "add-role",
        email: "admin@paddock.test",
        role: "moderator",
      });
      expect(post.status).toBe(403);
    },
    TEST_TIMEOUT,
  );

  it(
    "a forged role change from a non-admin changes nothing",
    async () => {
      const user = await createUser({ roles: ["user"] });
      const res = await request("/admin/roles", await cookieFor(user), {
        intent: "add-role",
        email: user.email,
        role: "admin",
      });
      expect(res.headers.get("location")).toBe("/");
      const { services } = await app();
      const roles = await services.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
      expect(roles.map((r) => r.role)).toEqual(["user"]);
    },
    TEST_TIMEOUT,
  );

  it(
    "staff see an Admin link in the header and only the tabs they may open; other people see neither",
    async () => {
      const moderator = await createUser({ roles: ["moderator"] });
      const rider = await createUser();
      const { page, context, errors } = await openSlowPage();
      await signIn(context, rider);
      await page.goto("/about");
      await hydrated(page);
      expect(await page.locator("header").getByRole("link", { name: "Admin" }).count()).toBe(0);

      const staff = await openSlowPage();
      await signIn(staff.context, moderator);
      await staff.page.goto("/about");
      await hydrated(staff.page);
      await staff.page.locator("header").getByRole("link", { name: "Admin" }).click();
      await staff.page.waitForURL((url) => url.pathname === "/admin");
      const tabs = staff.page.getByRole("navigation", { name: "Admin" }).getByRole("link");
      // The URL changes before the new page has rendered: wait for the tabs rather than read them once.
      await expect
        .poll(() => tabs.allInnerTexts(), SLOW)
        .toEqual(["Dashboard", "Competitions", "Orders", "Complaints", "Audit"]);
      expectNoUnexpectedErrors(errors);
      expectNoUnexpectedErrors(staff.errors);
    },
    TEST_TIMEOUT,
  );
});

describe("one user cannot reach another's account", () => {
  it(
    "reads only their own data and cannot end someone else's session",
    async () => {
      const alice = await createUser({ firstName: "Alice" });
      const bob = await createUser({ firstName: "Bob" });
      const aliceCookie = await cookieFor(alice);
      await cookieFor(bob);
      const data = await request("/account/data.json", aliceCookie);
      const text = await data.text();
      expect(text).toContain(alice.email);
      expect(text).not.toContain(bob.email);
      // No route takes a user id: forged ids in the query are ignored.
      const forged = await request(`/account/data.json?userId=${bob.id}`, aliceCookie);
      expect(await forged.text()).not.toContain(bob.email);

      const { services } = await app();
      const [bobSession] = await services.db.select().from(sessionTable).where(eq(sessionTable.userId, bob.id));
      const revoke = await request("/account/security", aliceCookie, {
        intent: "revoke-session",
        sessionId: bobSession!.id,
      });
      expect(revoke.status).toBe(404);
      expect(await services.db.select().from(sessionTable).where(eq(sessionTable.id, bobSession!.id))).toHaveLength(1);

      const profile = await request("/account", aliceCookie, {
        intent: "profile",
        firstName: "Mallory",
        lastName: "X",
        email: alice.email,
        phone: "",
        userId: bob.id,
      });
      expect(profile.status).toBe(302);
      const bobView = await request("/account", await cookieFor(bob));
      expect(await bobView.text()).not.toContain("Mallory");
    },
    TEST_TIMEOUT,
  );
});

describe("the admin dashboard and Roles tab", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `pass axe in the ${theme} theme`,
      async () => {
        const admin = await createUser({ roles: ["admin"] });
        const { page, context, errors } = await openSlowPage({ colorScheme: theme });
        await useTheme(context, theme);
        await signIn(context, admin);
        await page.goto("/admin");
        await hydrated(page);
        expect(await page.locator("h1").innerText()).toBe("Admin dashboard");
        await expectAccessible(page);
        await page.goto("/admin/roles");
        await hydrated(page);
        expect(await page.locator("h1").innerText()).toBe("Roles");
        await expectAccessible(page);
        expectNoUnexpectedErrors(errors);
      },
      TEST_TIMEOUT,
    );
  }

  it(
    "shows real stat cards; the Roles page manages roles with the spec's messages",
    async () => {
      const admin = await createUser({ roles: ["admin"] });
      const rider = await createUser();
      const { page, context, errors } = await openSlowPage();
      await signIn(context, admin);
      await page.goto("/admin");
      await hydrated(page);
      for (const label of ["Total Revenue", "Tickets Sold", "Active Competitions", "Total Orders"]) {
        expect(await page.getByText(label, { exact: true }).isVisible()).toBe(true);
      }
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Roles" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/roles");
      const roles = page.getByRole("region", { name: "Roles" });
      await roles.getByRole("button", { name: "Add role" }).click();
      await expect
        .poll(() => roles.locator("[data-form-alert]").innerText(), SLOW)
        .toContain("Please enter an email and select a role");

      await roles.getByLabel("User email").fill("nobody-at-all@example.test");
      await roles.getByLabel("Role", { exact: true }).selectOption("moderator");
      await roles.getByRole("button", { name: "Add role" }).click();
      await expect
        .poll(() => roles.locator("[data-form-alert]").innerText(), SLOW)
        .toContain("User not found. Make sure they have an account.");

      await roles.getByLabel("User email").fill(rider.email);
      await roles.getByLabel("Role", { exact: true }).selectOption("moderator");
      await roles.getByRole("button", { name: "Add role" }).click();
      // The grant is confirmed first, naming the person; "user" is not offered as a role to give.
      expect(await roles.getByLabel("Role", { exact: true }).locator("option[value=user]").count()).toBe(0);
      await page.getByRole("button", { name: "Yes, make them a moderator" }).click();
      await expect.poll(() => toast(page, "Role added successfully").count(), SLOW).toBe(1);
      const row = roles.getByRole("row").filter({ hasText: rider.email });
      expect(await row.innerText()).toContain("moderator");
      expect(await roles.getByRole("row").nth(1).innerText()).toContain(rider.email);

      await roles.getByLabel("User email").fill(rider.email);
      await roles.getByLabel("Role", { exact: true }).selectOption("moderator");
      await roles.getByRole("button", { name: "Add role" }).click();
      await expect
        .poll(() => roles.locator("[data-form-alert]").innerText(), SLOW)
        .toContain("User already has this role");

      await row.getByRole("button", { name: /Remove moderator role/ }).click();
      await expect.poll(() => toast(page, "Role removed successfully").count(), SLOW).toBe(1);
      await expect.poll(() => roles.getByRole("row").filter({ hasText: rider.email }).count(), SLOW).toBe(0);
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );
});
