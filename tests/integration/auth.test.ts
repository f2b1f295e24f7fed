import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, profiles, session as sessionTable, user as userTable } from "~/db/schema";
import * as authRoute from "~/routes/accounts/auth";
import * as join from "~/routes/accounts/join";
import * as signin from "~/routes/accounts/signin";
import { fieldError } from "~/schemas/form";
import { createTestServices, type TestServices } from "../support/services";
import { Jar, lastMailTo, mailCount, visitor } from "./auth-helpers";

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.dispose();
});

const joinForm = (email: string, extra: Record<string, string> = {}) => ({
  intent: "signup",
  firstName: "Harriet",
  lastName: "Gallop",
  email,
  phone: "07700 900123",
  password: "saddle-soap-and-hay",
  confirmPassword: "saddle-soap-and-hay",
  agreeTerms: "on",
  marketingConsent: "on",
  ...extra,
});

describe("joining", () => {
  it("a new rider joins, gets a link, cannot sign in until they open it, and the link signs them in", async () => {
    const rider = visitor(services);
    const email = "harriet@example.test";
    const joined = await rider.post(join, "/join", joinForm(email));
    expect(joined.status).toBe(302);
    expect(joined.location).toBe("/");
    expect(rider.jar.has("session_token")).toBe(false);

    const [account] = await services.db.select().from(userTable).where(eq(userTable.email, email));
    expect(account).toMatchObject({ name: "Harriet Gallop", emailVerified: false });
    const [profile] = await services.db.select().from(profiles).where(eq(profiles.userId, account!.id));
    expect(profile).toMatchObject({
      email,
      firstName: "Harriet",
      lastName: "Gallop",
      phone: "07700 900123",
    });
    const consents = await services.db.select().from(consentRecords).where(eq(consentRecords.userId, account!.id));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ purpose: "marketing", granted: true, source: "sign-up:join" });
    expect(consents[0]!.wording).toMatch(/unsubscribe/);

    const early = await rider.post(signin, "/signin", { intent: "signin", email, password: "saddle-soap-and-hay" });
    expect(early.status).toBe(403);
    expect(early.data.notice.title).toBe("Please confirm your email");

    const mail = await lastMailTo(services, email, "verify-email");
    expect(mail.link).toContain("/api/auth/verify-email?token=");
    const opened = await rider.openLink(mail.link);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe("/signin?verified=1");
    expect(rider.jar.has("session_token")).toBe(true);
    const landing = await rider.get(signin, "/signin?verified=1");
    expect(landing.location).toBe("/");
    const [confirmed] = await services.db.select().from(userTable).where(eq(userTable.email, email));
    expect(confirmed!.emailVerified).toBe(true);
  });

  it("without the marketing box ticked, no consent is recorded", async () => {
    const email = "nomarketing@example.test";
    const { marketingConsent: _omit, ...form } = joinForm(email);
    const out = await visitor(services).post(join, "/join", form);
    expect(out.status).toBe(302);
    const [profile] = await services.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile).toMatchObject({ firstName: "Harriet", lastName: "Gallop" });
    expect(await services.db.select().from(consentRecords).where(eq(consentRecords.email, email))).toHaveLength(0);
  });

  it("refuses bad passwords and missing terms with the spec's messages, and creates nothing", async () => {
    // Mismatched, short and common passwords, and the terms left unticked.
    const v = visitor(services);
    const mismatch = await v.post(
      join,
      "/join",
      joinForm("m@example.test", { confirmPassword: "something-else-entirely" }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.notice).toMatchObject({
      title: "Password Mismatch",
      description: "Passwords do not match. Please try again.",
    });
    const terms = await v.post(join, "/join", joinForm("t@example.test", { agreeTerms: "" }));
    expect(terms.data.notice).toMatchObject({
      title: "Terms Required",
      description: "Please agree to the terms and conditions.",
    });
    const short = await v.post(
      authRoute,
      "/auth?tab=signup",
      joinForm("s@example.test", { password: "abc12", confirmPassword: "abc12" }),
    );
    // One minimum everywhere, as the form's hint says.
    expect(fieldError(short.data.result, "password")).toBe("Password must be at least 8 characters");
    const seven = await v.post(
      authRoute,
      "/auth?tab=signup",
      joinForm("s@example.test", { password: "abc1234", confirmPassword: "abc1234" }),
    );
    expect(fieldError(seven.data.result, "password")).toBe("Password must be at least 8 characters");
    const common = await v.post(
      authRoute,
      "/auth?tab=signup",
      joinForm("s@example.test", { password: "Password123", confirmPassword: "Password123" }),
    );
    expect(fieldError(common.data.result, "password")).toBe("This password is too common. Please choose another.");
    const authMismatch = await v.post(
      authRoute,
      "/auth?tab=signup",
      joinForm("s@example.test", { confirmPassword: "nope-nope-nope" }),
    );
    expect(fieldError(authMismatch.data.result, "confirmPassword")).toBe("Passwords do not match");
    const missing = await v.post(authRoute, "/auth?tab=signup", {
      intent: "signup",
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
    });
    expect(Object.keys(missing.data.result.error).sort()).toEqual([
      "confirmPassword",
      "email",
      "firstName",
      "lastName",
      "password",
    ]);
    for (const email of ["m@example.test", "t@example.test", "s@example.test"]) {
      expect(await services.db.select().from(userTable).where(eq(userTable.email, email))).toHaveLength(0);
    }
  });

  it("the API refuses a common password too, so no route round our forms allows one", async () => {
    await expect(
      services.auth.api.signUpEmail({ body: { email: "api@example.test", password: "qwertyuiop", name: "A B" } }),
    ).rejects.toThrow(/too common/);
  });

  it("says when an address is already registered (the spec's one disclosure), on both sign-up forms", async () => {
    const v = visitor(services);
    const first = await v.post(authRoute, "/auth?tab=signup", joinForm("twice@example.test"));
    expect(first.status).toBe(200);
    expect(first.data.notice).toMatchObject({
      title: "Registration Successful!",
      description: "Please check your email to confirm your account.",
    });
    const again = await v.post(authRoute, "/auth?tab=signup", joinForm("Twice@Example.test"));
    expect(again.status).toBe(409);
    expect(again.data.notice.description).toBe("This email is already registered. Please sign in instead.");
    const viaJoin = await v.post(join, "/join", joinForm("twice@example.test"));
    expect(viaJoin.data.notice).toMatchObject({
      title: "Sign Up Failed",
      description: "This email is already registered. Please sign in instead.",
    });
    expect(await mailCount(services, "twice@example.test", "verify-email")).toBe(1);
  });
});

describe("signing in", () => {
  const email = "signin@example.test";
  const password = "bridle-path-at-dawn";

  beforeAll(async () => {
    await visitor(services).post(join, "/join", joinForm(email, { password, confirmPassword: password }));
    await services.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.email, email));
  });

  it("rejects a wrong password with the spec's message; the right one signs in, back where they were", async () => {
    const v = visitor(services);
    const wrong = await v.post(signin, "/signin", { intent: "signin", email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.data.notice).toMatchObject({
      title: "Sign In Failed",
      description: "Invalid email or password. Please check your credentials.",
    });
    const unknown = await v.post(signin, "/signin", {
      intent: "signin",
      email: "nobody@example.test",
      password: "not-the-password",
    });
    expect(unknown.data.notice.description).toBe("Invalid email or password. Please check your credentials.");
    const ok = await v.post(authRoute, "/auth", { intent: "signin", email, password, redirectTo: "/account" });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/account");
    expect(v.jar.has("session_token")).toBe(true);
    expect(v.jar.has("paddock_toast")).toBe(true);
  });

  it("never redirects off-site after sign-in", async () => {
    for (const redirectTo of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const v = visitor(services);
      const ok = await v.post(signin, "/signin", { intent: "signin", email, password, redirectTo });
      expect(ok.location).toBe("/");
    }
  });

  it("sends a signed-in visitor away from /signin, /join and /auth: home, or the same-site redirectTo", async () => {
    const v = visitor(services);
    await v.post(signin, "/signin", { intent: "signin", email, password });
    for (const [mod, path] of [
      [signin, "/signin"],
      [join, "/join"],
      [authRoute, "/auth"],
    ] as const) {
      expect((await v.get(mod, path)).location).toBe("/");
    }
    expect((await v.get(authRoute, "/auth?redirectTo=%2Fbasket")).location).toBe("/basket");
    expect((await v.get(join, "/join?redirectTo=%2F%2Fevil.example")).location).toBe("/");
  });

  it("non-ASCII redirect targets go out percent-encoded, from every page that redirects after sign-in", async () => {
    const targets = [
      ["/\u3000", "/%E3%80%80"],
      ["/é", "/%C3%A9"],
      ["/🐎?q=\u2028", "/%F0%9F%90%8E?q=%E2%80%A8"],
    ] as const;
    for (const [target, encoded] of targets) {
      const fresh = visitor(services);
      const signedIn = await fresh.post(signin, "/signin", { intent: "signin", email, password, redirectTo: target });
      expect(signedIn).toMatchObject({ status: 302, location: encoded });
      const onAuth = await visitor(services).post(authRoute, "/auth", {
        intent: "signin",
        email,
        password,
        redirectTo: target,
      });
      expect(onAuth).toMatchObject({ status: 302, location: encoded });
      for (const [mod, path] of [
        [signin, "/signin"],
        [join, "/join"],
        [authRoute, "/auth"],
      ] as const) {
        const away = await fresh.get(mod, `${path}?redirectTo=${encodeURIComponent(target)}`);
        expect(away).toMatchObject({ status: 302, location: encoded });
      }
    }
  });

  it("shows /auth with the Sign Up tab when asked", async () => {
    const v = visitor(services);
    expect((await v.get(authRoute, "/auth?tab=signup")).data.tab).toBe("signup");
    expect((await v.get(authRoute, "/auth")).data.tab).toBe("signin");
  });

  it("keeps sessions in the database with an httpOnly cookie", async () => {
    const v = visitor(services);
    const ok = await v.post(signin, "/signin", { intent: "signin", email, password });
    const cookie = ok.setCookies.find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const [account] = await services.db.select().from(userTable).where(eq(userTable.email, email));
    const rows = await services.db.select().from(sessionTable).where(eq(sessionTable.userId, account!.id));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe("better-auth's own endpoints", () => {
  const email = "endpoints@example.test";
  const password = "canter-then-gallop";

  beforeAll(async () => {
    await visitor(services).post(join, "/join", joinForm(email, { password, confirmPassword: password }));
    await services.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.email, email));
  });

  /** A request straight to /api/auth, as anyone can send one, with this browser's cookies. */
  const direct = (path: string, jar: Jar, body?: unknown) =>
    services.auth.handler(
      new Request(`${services.env.BASE_URL}/api/auth${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          origin: services.env.BASE_URL,
          cookie: jar.header(),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );

  it("answers 404 for every endpoint the site does not use, even signed in, and changes nothing", async () => {
    const v = visitor(services);
    await v.post(signin, "/signin", { intent: "signin", email, password });
    expect(v.jar.has("session_token")).toBe(true);
    const closed: [string, unknown][] = [
      ["/update-user", { name: "x".repeat(50_025), image: "javascript:alert(1)" }],
      ["/delete-user", { password }],
      ["/set-password", { newPassword: "a-new-password-here" }],
      ["/revoke-other-sessions", {}],
      ["/list-sessions", undefined],
      ["/list-accounts", undefined],
      ["/get-session", undefined],
      ["/two-factor/get-totp-uri", { password }],
      ["/sign-in/social", { provider: "google" }],
      ["/ok", undefined],
      ["/error", undefined],
    ];
    for (const [path, body] of closed) {
      const res = await direct(path, v.jar, body);
      expect([path, res.status]).toEqual([path, 404]);
    }
    const [account] = await services.db.select().from(userTable).where(eq(userTable.email, email));
    expect(account).toMatchObject({ name: "Harriet Gallop", image: null });
    // The ones the site uses still answer.
    expect((await direct("/sign-out", v.jar, {})).status).toBe(200);
  });

  it("refuses a direct sign-up with an over-long name, an image or any other field, and creates nothing", async () => {
    const jar = new Jar();
    const base = { email: "direct@example.test", password: "a-fine-long-password" };
    for (const body of [
      { ...base, name: "x".repeat(50_025) },
      { ...base, name: "Direct Rider", image: "javascript:alert(1)" },
      { ...base, name: "Direct Rider", role: "admin" },
      { ...base, name: "   " },
    ]) {
      const res = await direct("/sign-up/email", jar, body);
      expect(res.status).toBe(400);
    }
    expect(await services.db.select().from(userTable).where(eq(userTable.email, base.email))).toHaveLength(0);
    const fine = await direct("/sign-up/email", jar, { ...base, name: "Direct Rider" });
    expect(fine.status).toBe(200);
  });
});
