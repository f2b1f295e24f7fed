import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session as sessionTable, user as userTable } from "~/db/schema";
import * as forgot from "~/routes/accounts/forgot-password";
import * as reset from "~/routes/accounts/reset-password";
import * as signin from "~/routes/accounts/signin";
import * as signout from "~/routes/accounts/signout";
import { fieldError } from "~/schemas/form";
import { createVerifiedUser } from "~/server/demo/factories.server";
import { createTestServices, type TestServices } from "../support/services";
import { lastMailTo, mailCount, visitor } from "./auth-helpers";

let services: TestServices;
const email = "recover@example.test";
const password = "old-paddock-password";
let userId: string;

beforeAll(async () => {
  services = await createTestServices();
  ({ id: userId } = await createVerifiedUser(services, { email, password, name: "Rose Canter" }));
});
afterAll(async () => {
  await services?.dispose();
});

const sessionsOf = async (id: string) => services.db.select().from(sessionTable).where(eq(sessionTable.userId, id));

describe("password reset", () => {
  it("answers the same for known and unknown addresses, and only the account holder gets a link", async () => {
    const v = visitor(services);
    const known = await v.post(forgot, "/forgot-password", { email });
    const unknown = await v.post(forgot, "/forgot-password", { email: "stranger@example.test" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.data.notice).toEqual(known.data.notice);
    expect(known.data.notice.description).toMatch(/If an account exists/);
    expect(await mailCount(services, email, "password-reset")).toBe(1);
    expect(await mailCount(services, "stranger@example.test", "password-reset")).toBe(0);
  });

  it("the e-mailed link sets a new password, signs out every device, and the old password stops working", async () => {
    const laptop = visitor(services);
    const phone = visitor(services);
    await laptop.post(signin, "/signin", { intent: "signin", email, password });
    await phone.post(signin, "/signin", { intent: "signin", email, password });
    expect((await sessionsOf(userId)).length).toBeGreaterThanOrEqual(2);

    const v = visitor(services);
    await v.post(forgot, "/forgot-password", { email });
    const mail = await lastMailTo(services, email, "password-reset");
    expect(mail.link).toContain("/api/auth/reset-password/");
    const opened = await v.openLink(mail.link);
    expect(opened.status).toBe(302);
    const landing = new URL(opened.location!, services.env.BASE_URL);
    expect(landing.pathname).toBe("/reset-password");
    const token = landing.searchParams.get("token")!;
    expect((await v.get(reset, `${landing.pathname}${landing.search}`)).data.token).toBe(token);

    const mismatch = await v.post(reset, "/reset-password", {
      token,
      password: "brand-new-stirrups",
      confirmPassword: "other",
    });
    expect(fieldError(mismatch.data.result, "confirmPassword")).toBe("Passwords do not match");
    const common = await v.post(reset, "/reset-password", {
      token,
      password: "iloveyou123",
      confirmPassword: "iloveyou123",
    });
    expect(fieldError(common.data.result, "password")).toBe("This password is too common. Please choose another.");
    const done = await v.post(reset, "/reset-password", {
      token,
      password: "brand-new-stirrups",
      confirmPassword: "brand-new-stirrups",
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/signin");
    expect(await sessionsOf(userId)).toHaveLength(0);

    const old = await visitor(services).post(signin, "/signin", { intent: "signin", email, password });
    expect(old.status).toBe(401);
    const fresh = await visitor(services).post(signin, "/signin", {
      intent: "signin",
      email,
      password: "brand-new-stirrups",
    });
    expect(fresh.status).toBe(302);

    const reused = await v.post(reset, "/reset-password", {
      token,
      password: "another-new-one-here",
      confirmPassword: "another-new-one-here",
    });
    expect(reused.status).toBe(400);
    expect(reused.data.notice.description).toMatch(/invalid or has expired/);
  });

  it("a bad link shows the invalid-link message", async () => {
    const out = await visitor(services).get(reset, "/reset-password?error=INVALID_TOKEN");
    expect(out.data.token).toBeNull();
  });
});

describe("resending the confirmation link", () => {
  it("answers the same whatever the address, and mails only an unconfirmed account", async () => {
    const unconfirmed = "unconfirmed@example.test";
    await services.auth.api.signUpEmail({
      body: { email: unconfirmed, password: "pending-rider-pass", name: "Una Firmed" },
    });
    const before = await mailCount(services, unconfirmed, "verify-email");
    const confirmedBefore = await mailCount(services, email, "verify-email");
    const v = visitor(services);
    const answers = [];
    for (const address of [unconfirmed, email, "ghost@example.test"]) {
      const out = await v.post(signin, "/signin", { intent: "resend", email: address });
      expect(out.status).toBe(200);
      answers.push(out.data.notice);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailCount(services, unconfirmed, "verify-email")).toBe(before + 1);
    expect(await mailCount(services, email, "verify-email")).toBe(confirmedBefore);
    expect(await mailCount(services, "ghost@example.test", "verify-email")).toBe(0);
  });

  it("a broken or expired link is explained on /signin", async () => {
    const out = await visitor(services).get(signin, "/signin?verified=1&error=INVALID_TOKEN");
    expect(out.data.linkNotice.title).toBe("Link not valid");
  });
});

describe("signing out", () => {
  it("signs out this device only, or every device", async () => {
    const [account] = await services.db.select().from(userTable).where(eq(userTable.email, email));
    const pw = "brand-new-stirrups";
    const a = visitor(services);
    const b = visitor(services);
    await a.post(signin, "/signin", { intent: "signin", email, password: pw });
    await b.post(signin, "/signin", { intent: "signin", email, password: pw });
    const before = (await sessionsOf(account!.id)).length;
    const out = await a.post(signout, "/signout", {});
    expect(out.location).toBe("/");
    expect(a.jar.has("session_token")).toBe(false);
    expect(await sessionsOf(account!.id)).toHaveLength(before - 1);
    const all = await b.post(signout, "/signout", { scope: "everywhere" });
    expect(all.location).toBe("/");
    expect(await sessionsOf(account!.id)).toHaveLength(0);
    expect((await signout.loader()).status).toBe(302);
  });
});
