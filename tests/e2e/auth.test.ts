import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { consentRecords, profiles, user as userTable } from "~/db/schema";
import { totp, wrongTotp } from "../support/totp";
import { app, waitForMail } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { expectNoUnexpectedErrors, formAlert, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn } from "./support/users";

beforeAll(async () => {
  await app();
});

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;

async function fillSignUp(
  page: Page,
  fields: { first?: string; last?: string; email: string; phone?: string; password: string; confirm: string },
) {
  await page.getByLabel("First name").fill(fields.first ?? "Harriet");
  await page.getByLabel("Last name").fill(fields.last ?? "Gallop");
  await page.getByLabel("Email", { exact: true }).fill(fields.email);
  if (fields.phone !== undefined) await page.getByLabel("Phone (optional)").fill(fields.phone);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
  await page.getByLabel("Confirm password", { exact: true }).fill(fields.confirm);
}

describe("joining on /join", () => {
  it(
    "explains a password mismatch and missing terms, then creates the account, mails a link, " +
      "and the link signs them in",
    async () => {
      const { page, errors } = await openSlowPage();
      await page.goto("/join");
      await hydrated(page);
      const email = unique("joiner");
      await fillSignUp(page, {
        email,
        phone: "07700 900123",
        password: "hay-nets-and-rugs",
        confirm: "hay-nets-and-rugz",
      });
      await page.getByLabel(/agree to the/).check();
      await page.getByRole("button", { name: "Create account" }).click();
      await expect.poll(() => formAlert(page).innerText(), SLOW).toContain("Password Mismatch");
      expect(await formAlert(page).innerText()).toContain("Passwords do not match. Please try again.");

      await page.getByLabel("Password", { exact: true }).fill("hay-nets-and-rugs");
      await page.getByLabel("Confirm password", { exact: true }).fill("hay-nets-and-rugs");
      await page.getByLabel(/agree to the/).uncheck();
      await page.getByRole("button", { name: "Create account" }).click();
      await expect.poll(() => formAlert(page).innerText(), SLOW).toContain("Terms Required");
      expect(await formAlert(page).innerText()).toContain("Please agree to the terms and conditions.");

      await page.getByLabel("Password", { exact: true }).fill("hay-nets-and-rugs");
      await page.getByLabel("Confirm password", { exact: true }).fill("hay-nets-and-rugs");
      await page.getByLabel(/agree to the/).check();
      await page.getByLabel(/Send me e-mails/).check();
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => toast(page, "Account Created!").count(), SLOW).toBe(1);
      expect(await toast(page, "Account Created!").innerText()).toContain(
        "Please check your email to verify your account.",
      );
      await expect.poll(() => page.getByRole("link", { name: "Sign In" }).first().isVisible(), SLOW).toBe(true);

      const { services } = await app();
      const [profile] = await services.db.select().from(profiles).where(eq(profiles.email, email));
      expect(profile).toMatchObject({
        firstName: "Harriet",
        lastName: "Gallop",
        phone: "07700 900123",
      });
      expect(await services.db.select().from(consentRecords).where(eq(consentRecords.email, email))).toMatchObject([
        { purpose: "marketing", granted: true, source: "sign-up:join" },
      ]);

      const mail = await waitForMail((m) => m.to === email && /Confirm your Paddock/.test(m.subject));
      const link = mail.body.match(/https?:\/\/\S+/)?.[0];
      expect(link).toContain("/api/auth/verify-email");
      await page.goto(link!);
      await page.waitForURL((url) => url.pathname === "/");
      await hydrated(page);
      await expect.poll(() => toast(page, "Email confirmed").count(), SLOW).toBe(1);
      await expect.poll(() => page.getByRole("link", { name: "My Account" }).isVisible(), SLOW).toBe(true);
      const [account] = await services.db.select().from(userTable).where(eq(userTable.email, email));
      expect(account!.emailVerified).toBe(true);
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );

  it(
    "toggles each password between hidden and shown",
    async () => {
      const { page } = await openSlowPage();
      await page.goto("/join");
      await hydrated(page);
      const field = page.getByLabel("Password", { exact: true });
      expect(await field.getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Show password" }).click();
      expect(await field.getAttribute("type")).toBe("text");
      await page.getByRole("button", { name: "Hide password" }).click();
      expect(await field.getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Show confirm password" }).click();
      expect(await page.getByLabel("Confirm password", { exact: true }).getAttribute("type")).toBe("text");
      expect(
        await page.getByRole("main").getByRole("link", { name: "terms and conditions" }).getAttribute("href"),
      ).toBe("/terms");
      expect(await page.getByRole("main").getByRole("link", { name: "privacy policy" }).getAttribute("href")).toBe(
        "/privacy",
      );
      expect(await page.getByRole("main").getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin");
    },
    TEST_TIMEOUT,
  );

  it(
    "works without JavaScript",
    async () => {
      const { page } = await openSlowPage({ javaScriptEnabled: false });
      await page.goto("/join");
      const email = unique("nojs");
      await fillSignUp(page, { email, password: "tack-room-lantern", confirm: "tack-room-lantern" });
      await page.getByLabel(/agree to the/).check();
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      const { services } = await app();
      expect(await services.db.select().from(userTable).where(eq(userTable.email, email))).toHaveLength(1);
    },
    TEST_TIMEOUT,
  );
});

describe("the /auth tabs", () => {
  it(
    "switches between Sign In and Sign Up, and ?tab=signup opens Sign Up",
    async () => {
      const { page, errors } = await openSlowPage();
      await page.goto("/auth");
      await hydrated(page);
      expect(await page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");
      await page.getByRole("tab", { name: "Sign Up" }).click();
      await expect
        .poll(() => page.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected"), SLOW)
        .toBe("true");
      await expect.poll(() => page.getByLabel("First name").isVisible(), SLOW).toBe(true);
      await page.getByRole("tab", { name: "Sign Up" }).press("ArrowLeft");
      await expect
        .poll(() => page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected"), SLOW)
        .toBe("true");
      await page.goto("/auth?tab=signup");
      expect(await page.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );

  it(
    "shows the spec's sign-up messages: mismatch, too short, registration and already registered",
    async () => {
      const { page } = await openSlowPage();
      await page.goto("/auth?tab=signup");
      await hydrated(page);
      const email = unique("tabbed");
      await fillSignUp(page, { email, password: "abc", confirm: "abd" });
      await page.getByRole("button", { name: "Create account" }).click();
      await expect
        .poll(() => page.getByText("Password must be at least 8 characters").first().isVisible(), SLOW)
        .toBe(true);
      expect(await page.getByText("Passwords do not match", { exact: true }).first().isVisible()).toBe(true);

      await fillSignUp(page, { email, password: "password1", confirm: "password1" });
      await page.getByRole("button", { name: "Create account" }).click();
      await expect
        .poll(() => page.getByText("This password is too common. Please choose another.").first().isVisible(), SLOW)
        .toBe(true);

      await fillSignUp(page, { email, password: "mane-and-tail-spray", confirm: "mane-and-tail-spray" });
      await page.getByRole("button", { name: "Create account" }).click();
      await expect.poll(() => formAlert(page).innerText(), SLOW).toContain("Registration Successful!");
      expect(await formAlert(page).innerText()).toContain("Please check your email to confirm your account.");
      expect(await page.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");

      await page.goto("/auth?tab=signup");
      await hydrated(page);
      await fillSignUp(page, { email, password: "mane-and-tail-spray", confirm: "mane-and-tail-spray" });
      await page.getByRole("button", { name: "Create account" }).click();
      await expect
        .poll(() => formAlert(page).innerText(), SLOW)
        .toContain("This email is already registered. Please sign in instead.");
    },
    TEST_TIMEOUT,
  );
});

describe("signing in", () => {
  it(
    "refuses bad credentials with the spec's message, then welcomes the rider back to where they were going",
    async () => {
      const user = await createUser();
      const { page, errors } = await openSlowPage();
      await page.goto("/account");
      await page.waitForURL((url) => url.pathname === "/auth");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/account");
      await hydrated(page);
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill("not-my-password");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect
        .poll(() => formAlert(page).innerText(), SLOW)
        .toContain("Invalid email or password. Please check your credentials.");
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/account");
      await expect.poll(() => toast(page, "Welcome back!").count(), SLOW).toBe(1);
      expect(await toast(page, "Welcome back!").innerText()).toContain("You have successfully signed in.");
      await page.goto("/signin");
      expect(new URL(page.url()).pathname).toBe("/");
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );

  it(
    "says 'An unexpected error occurred. Please try again.' when the auth service fails",
    async () => {
      const { services } = await app();
      const user = await createUser();
      const { page } = await openSlowPage();
      await page.goto("/signin");
      await hydrated(page);
      const original = services.auth.handler;
      services.auth.handler = async () => {
        throw new Error("auth service down");
      };
      try {
        await page.getByLabel("Email", { exact: true }).fill(user.email);
        await page.getByLabel("Password", { exact: true }).fill(user.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await expect
          .poll(() => formAlert(page).innerText(), SLOW)
          .toContain("An unexpected error occurred. Please try again.");
      } finally {
        services.auth.handler = original;
      }
    },
    TEST_TIMEOUT,
  );

  it(
    "signs in and out without JavaScript",
    async () => {
      const user = await createUser();
      const { page } = await openSlowPage({ javaScriptEnabled: false });
      await page.goto("/signin");
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.goto("/account");
      expect(new URL(page.url()).pathname).toBe("/account");
      await page.getByRole("button", { name: "Sign out" }).first().click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.goto("/account");
      expect(new URL(page.url()).pathname).toBe("/auth");
    },
    TEST_TIMEOUT,
  );

  it(
    "the header shows My Account and My Basket signed in; Sign In and Join Now to /auth " +
      "signed out; the mobile menu uses /signin and /join",
    async () => {
      const { page, context } = await openSlowPage();
      await page.goto("/");
      expect(await page.getByRole("banner").getByRole("link", { name: "Sign In" }).first().getAttribute("href")).toBe(
        "/auth",
      );
      expect(
        await page.getByRole("banner").getByRole("link", { name: "Join Now" }).first().getAttribute("href"),
      ).toMatch(/^\/auth/);
      const mobile = page.locator("#mobile-menu");
      expect(await mobile.getByRole("link", { name: "Sign In", includeHidden: true }).getAttribute("href")).toBe(
        "/signin",
      );
      expect(await mobile.getByRole("link", { name: "Join Now", includeHidden: true }).getAttribute("href")).toBe(
        "/join",
      );
      await signIn(context, await createUser());
      await page.goto("/");
      expect(
        await page.getByRole("banner").getByRole("link", { name: "My Account" }).first().getAttribute("href"),
      ).toBe("/account");
      expect(await page.getByRole("banner").getByRole("link", { name: "My Basket" }).first().getAttribute("href")).toBe(
        "/basket",
      );
    },
    TEST_TIMEOUT,
  );
});

describe("a post from another site", () => {
  it(
    "to /signout is refused with 403 and signs nobody out; page actions are refused too",
    async () => {
      const { baseUrl, services } = await app();
      const user = await createUser();
      const { context } = await openSlowPage();
      const cookie = (await signIn(context, user)).map((c) => `${c.name}=${c.value}`).join("; ");
      const post = (path: string) =>
        fetch(`${baseUrl}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: "http://evil.test", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: "scope=everywhere",
        });
      // Refused before React Router (server/form-origin.ts), resource routes and page actions alike, saying why.
      for (const path of ["/signout", "/contact"]) {
        const refused = await post(path);
        expect(refused.status).toBe(403);
        expect(await refused.text()).toMatch(
          /^Forms may only be sent from this site\. This one was sent from http:\/\/evil\.test,/,
        );
        expect(refused.headers.getSetCookie()).toEqual([]);
      }
      const session = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
      expect(session?.user.email).toBe(user.email);
    },
    TEST_TIMEOUT,
  );
});

describe("recovery", () => {
  it(
    "resets a forgotten password from the e-mailed link, signing out other devices",
    async () => {
      const user = await createUser();
      const other = await openSlowPage();
      await signIn(other.context, user);
      const { page, errors } = await openSlowPage();
      await page.goto("/signin");
      await hydrated(page);
      await page.getByRole("link", { name: "Forgotten your password?" }).click();
      await page.waitForURL("**/forgot-password");
      // The sign-in page has an Email field too: fill only once the new page has rendered.
      await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect.poll(() => formAlert(page).innerText(), SLOW).toContain("If an account exists for that email");

      const mail = await waitForMail((m) => m.to === user.email && /Reset your Paddock password/.test(m.subject));
      await page.goto(mail.body.match(/https?:\/\/\S+/)![0]);
      await page.waitForURL((url) => url.pathname === "/reset-password");
      await hydrated(page);
      await page.getByLabel("New password", { exact: true }).fill("fresh-start-gallop");
      await page.getByLabel("Confirm new password", { exact: true }).fill("fresh-start-gallop");
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.waitForURL((url) => url.pathname === "/signin");
      await expect.poll(() => toast(page, "Password changed").count(), SLOW).toBe(1);

      await other.page.goto("/account");
      expect(new URL(other.page.url()).pathname).toBe("/auth");

      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill("fresh-start-gallop");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );

  it(
    "resends a confirmation link without saying whether the address has an account",
    async () => {
      const { page } = await openSlowPage();
      await page.goto("/signin");
      await hydrated(page);
      await page.getByText("Didn’t get your confirmation email?").click();
      await page.getByLabel("Email for the new link").fill(unique("nobody"));
      await page.getByRole("button", { name: "Send a new link" }).click();
      await expect
        .poll(() => formAlert(page).innerText(), SLOW)
        .toContain("If that email belongs to an account that still needs confirming");
    },
    TEST_TIMEOUT,
  );
});

describe("two-factor authentication", () => {
  it(
    "enrols with a QR code and backup codes, then asks for a code at sign-in",
    async () => {
      const user = await createUser();
      const { page, context, errors } = await openSlowPage();
      await signIn(context, user);
      await page.goto("/account/security");
      await hydrated(page);
      await page
        .getByRole("region", { name: "Two-factor authentication" })
        .getByLabel("Your password", { exact: true })
        .fill(user.password);
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      const qr = page.getByRole("img", { name: /QR code/ });
      await expect.poll(() => qr.isVisible(), SLOW).toBe(true);
      expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").count()).toBe(10);
      const secret = (await page.locator("[data-totp-secret]").innerText()).trim();
      await expectAccessible(page);
      await page.getByLabel("6-digit code from your app").fill(totp(secret));
      await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await expect.poll(() => toast(page, "Two-factor authentication is on").count(), SLOW).toBe(1);
      await expect.poll(() => page.getByText("Two-factor authentication is on.").isVisible(), SLOW).toBe(true);

      await page.getByRole("button", { name: "Sign out" }).first().click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.goto("/signin");
      await hydrated(page);
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/two-factor");
      await hydrated(page);
      await expectAccessible(page);
      await page.getByLabel("Code").fill(wrongTotp(secret));
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await expect.poll(() => formAlert(page).innerText(), SLOW).toContain("That code is not right");
      await page.getByLabel("Code").fill(totp(secret));
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => toast(page, "Welcome back!").count(), SLOW).toBe(1);
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );
});

describe("accessibility of the sign-in pages in both themes", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `/signin with an error shown passes axe in the ${theme} theme`,
      async () => {
        const { page, context } = await openSlowPage({ colorScheme: theme });
        await useTheme(context, theme);
        await page.goto("/signin");
        await hydrated(page);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await expect.poll(() => formAlert(page).count(), SLOW).toBe(1);
        await expectAccessible(page);
      },
      TEST_TIMEOUT,
    );
  }
});
