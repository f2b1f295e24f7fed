import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactor, user as userTable } from "~/db/schema";
import * as accountSecurity from "~/routes/accounts/account-security";
import * as signin from "~/routes/accounts/signin";
import * as twoFactorRoute from "~/routes/accounts/two-factor";
import * as admin from "~/routes/admin/dashboard";
import { fieldError } from "~/schemas/form";
import { createVerifiedUser } from "~/server/demo/factories.server";
import { createTestServices, type TestServices } from "../support/services";
import { totp, visitor, wrongTotp } from "./auth-helpers";

let services: TestServices;
const email = "twofactor@example.test";
const password = "gymkhana-champion-2026";
let userId: string;

beforeAll(async () => {
  // ADMIN_REQUIRE_2FA is unset here, as in production: the admin area needs two-factor.
  services = await createTestServices();
  ({ id: userId } = await createVerifiedUser(services, { email, password, name: "Tess Factor", roles: ["admin"] }));
});
afterAll(async () => {
  await services?.dispose();
});

/** A code from the next 30-second step, so the same code is never accepted twice in a test. */
const nextCode = (secret: string, stepsAhead = 0) => totp(secret, Date.now() + stepsAhead * 30_000);

describe("two-factor authentication", () => {
  let secret = "";
  let backupCodes: string[] = [];

  it("an admin without two-factor is sent to set it up before the admin area opens", async () => {
    const v = visitor(services);
    await v.post(signin, "/signin", { intent: "signin", email, password });
    const out = await v.get(admin, "/admin");
    expect(out.status).toBe(302);
    expect(out.location).toBe("/account/security");
    expect(v.jar.has("paddock_toast")).toBe(true);
  });

  it("enrols with a QR code and backup codes, and turns on only after a correct code", async () => {
    const v = visitor(services);
    await v.post(signin, "/signin", { intent: "signin", email, password });
    const wrongPassword = await v.post(accountSecurity, "/account/security", {
      intent: "enable-2fa",
      password: "nope-nope-nope",
    });
    expect(fieldError(wrongPassword.data.result, "password")).toBe("That password is not right.");

    const started = await v.post(accountSecurity, "/account/security", { intent: "enable-2fa", password });
    expect(started.status).toBe(200);
    const enrolment = started.data.enrolment;
    expect(enrolment.totpURI).toMatch(/^otpauth:\/\/totp\/Paddock:twofactor%40example\.test\?/);
    expect(Buffer.from(enrolment.qrDataUrl.split(",")[1], "base64").toString()).toMatch(/^<svg/);
    expect(enrolment.backupCodes).toHaveLength(10);
    secret = enrolment.secret;
    backupCodes = enrolment.backupCodes;
    expect((await v.get(accountSecurity, "/account/security")).data.twoFactor).toBe("pending");

    const wrong = await v.post(accountSecurity, "/account/security", {
      intent: "confirm-2fa",
      code: wrongTotp(enrolment.secret),
      totpURI: enrolment.totpURI,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.enrolment.secret).toBe(secret);

    const confirmed = await v.post(accountSecurity, "/account/security", {
      intent: "confirm-2fa",
      code: nextCode(secret),
      totpURI: enrolment.totpURI,
    });
    expect(confirmed.status).toBe(302);
    const [row] = await services.db.select().from(userTable).where(eq(userTable.id, userId));
    expect(row!.twoFactorEnabled).toBe(true);
    expect((await v.get(accountSecurity, "/account/security")).data.twoFactor).toBe("on");
    expect((await v.get(admin, "/admin")).status).toBe(200);
  });

  it("signing in then asks for a code; a wrong one is refused and a right one completes sign-in", async () => {
    const v = visitor(services);
    const first = await v.post(signin, "/signin", { intent: "signin", email, password, redirectTo: "/admin" });
    expect(first.status).toBe(302);
    expect(first.location).toBe("/two-factor?redirectTo=%2Fadmin");
    expect(v.jar.has("session_token")).toBe(false);
    expect(v.jar.has("two_factor")).toBe(true);
    expect((await v.get(twoFactorRoute, "/two-factor")).status).toBe(200);

    const wrong = await v.post(twoFactorRoute, "/two-factor", { code: wrongTotp(secret), redirectTo: "/admin" });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.data.result, "code")).toMatch(/not right/);
    const right = await v.post(twoFactorRoute, "/two-factor", { code: nextCode(secret, 1), redirectTo: "/admin" });
    expect(right.status).toBe(302);
    expect(right.location).toBe("/admin");
    expect(v.jar.has("session_token")).toBe(true);
    expect((await v.get(admin, "/admin")).status).toBe(200);
  });

  it("a backup code works once in place of the app", async () => {
    const code = backupCodes[0]!;
    const v = visitor(services);
    await v.post(signin, "/signin", { intent: "signin", email, password });
    const used = await v.post(twoFactorRoute, "/two-factor", { code: code.replace("-", "") });
    expect(used.status).toBe(302);
    const again = visitor(services);
    await again.post(signin, "/signin", { intent: "signin", email, password });
    const reused = await again.post(twoFactorRoute, "/two-factor", { code });
    expect(reused.status).toBe(400);
  });

  it("non-ASCII redirect targets go out percent-encoded, after the code and from the page once signed in", async () => {
    const v = visitor(services);
    const first = await v.post(signin, "/signin", { intent: "signin", email, password, redirectTo: "/\u3000" });
    expect(first.location).toBe(`/two-factor?redirectTo=${encodeURIComponent("/%E3%80%80")}`);
    const done = await v.post(twoFactorRoute, "/two-factor", { code: backupCodes[2]!, redirectTo: "/\u3000" });
    expect(done).toMatchObject({ status: 302, location: "/%E3%80%80" });
    const away = await v.get(twoFactorRoute, `/two-factor?redirectTo=${encodeURIComponent("/é🐎")}`);
    expect(away).toMatchObject({ status: 302, location: "/%C3%A9%F0%9F%90%8E" });
  });

  it("the challenge page is only for someone mid-sign-in", async () => {
    expect((await visitor(services).get(twoFactorRoute, "/two-factor")).location).toBe("/signin");
  });

  it("turning it off needs the password and a fresh code", async () => {
    const v = visitor(services);
    await v.post(signin, "/signin", { intent: "signin", email, password });
    await v.post(twoFactorRoute, "/two-factor", { code: backupCodes[1]! });
    const noCode = await v.post(accountSecurity, "/account/security", {
      intent: "disable-2fa",
      password,
      code: wrongTotp(secret),
    });
    expect(noCode.status).toBe(400);
    expect(fieldError(noCode.data.result, "code")).toMatch(/not right/);
    const badPassword = await v.post(accountSecurity, "/account/security", {
      intent: "disable-2fa",
      password: "wrong-password-here",
      code: nextCode(secret),
    });
    expect(fieldError(badPassword.data.result, "password")).toBe("That password is not right.");
    const off = await v.post(accountSecurity, "/account/security", {
      intent: "disable-2fa",
      password,
      code: nextCode(secret),
    });
    expect(off.status).toBe(302);
    const [row] = await services.db.select().from(userTable).where(eq(userTable.id, userId));
    expect(row!.twoFactorEnabled).toBe(false);
    expect(await services.db.select().from(twoFactor).where(eq(twoFactor.userId, userId))).toHaveLength(0);
    expect((await v.get(admin, "/admin")).location).toBe("/account/security");
  });
});
