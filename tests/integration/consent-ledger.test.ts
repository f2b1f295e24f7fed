import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, newsletterSubscriptions } from "~/db/schema";
import * as account from "~/routes/accounts/account";
import * as privacy from "~/routes/accounts/account-privacy";
import * as signin from "~/routes/accounts/signin";
import * as consentPage from "~/routes/admin/consent";
import { NEWSLETTER_CONSENT_TEXT } from "~/schemas/newsletter";
import { createVerifiedUser } from "~/server/demo/factories.server";
import {
  confirmNewsletter,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/server/engagement/newsletter.server";
import { addressHash, consentStateOf, recordConsent } from "~/server/platform/consent.server";
import { selfExclude } from "~/server/protection/player-protection.server";
import { createTestServices, type TestServices } from "../support/services";
import { signedInAs, visitor } from "./auth-helpers";

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices({ ADMIN_REQUIRE_2FA: "false" });
});
afterAll(async () => {
  await services?.dispose();
});

async function member(email: string, password = "a-fine-long-password") {
  const { id } = await createVerifiedUser(services, { email, password, name: "Ledger Rider" });
  const v = visitor(services);
  await v.post(signin, "/signin", { intent: "signin", email, password });
  return { id, email, password, v };
}

const profileForm = (email: string, consent: boolean) => ({
  intent: "profile",
  firstName: "Ledger",
  lastName: "Rider",
  email,
  phone: "",
  ...(consent ? { marketingConsent: "on" } : {}),
});

const tokenOf = async (email: string) =>
  (await services.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0]
    ?.unsubscribeToken ?? "";

/** A newsletter sign-up and its confirmation link opened (double opt-in): only then is consent recorded. */
async function subscribeAndConfirm(email: string, now: Date) {
  await subscribeToNewsletter(services, { email, consent: "on", firstName: undefined, lastName: undefined }, { now });
  const [row] = await services.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  await confirmNewsletter(services, row?.confirmationToken ?? "", now);
}

describe("the consent ledger is append-only", () => {
  it("refuses to change or delete a record, but lets an erasure blank the address", async () => {
    await recordConsent(services.db, { email: "fixed@example.test", granted: true, wording: "Yes", source: "account" });
    const [row] = await services.db.select().from(consentRecords).where(eq(consentRecords.email, "fixed@example.test"));
    expect(row?.addressHash).toBe(addressHash("FIXED@example.test "));
    const where = eq(consentRecords.id, row!.id);
    await expect(services.db.update(consentRecords).set({ granted: false }).where(where)).rejects.toThrow();
    await expect(services.db.update(consentRecords).set({ wording: "Changed" }).where(where)).rejects.toThrow();
    await expect(
      services.db.update(consentRecords).set({ email: "other@example.test" }).where(where),
    ).rejects.toThrow();
    await expect(services.db.delete(consentRecords).where(where)).rejects.toThrow();
    await services.db.update(consentRecords).set({ email: "erased" }).where(where);
    const [after] = await services.db.select().from(consentRecords).where(where);
    expect(after).toMatchObject({ email: "erased", granted: true, wording: "Yes", addressHash: row!.addressHash });
  });
});

describe("a person's current choice comes from the ledger", () => {
  it("a newsletter sign-up under a member's address counts for them; its unsubscribe link withdraws it", async () => {
    const rider = await member("ledger-news@example.test");
    expect((await rider.v.get(account, "/account")).data.profile.marketingConsent).toBe(false);

    await subscribeAndConfirm(rider.email, new Date("2026-11-01T09:00:00Z"));
    expect((await rider.v.get(account, "/account")).data.profile.marketingConsent).toBe(true);
    const granted = await rider.v.get(privacy, "/account/privacy");
    expect(granted.data.consents).toMatchObject([
      { granted: true, source: "newsletter-form", wording: NEWSLETTER_CONSENT_TEXT },
    ]);

    await unsubscribeFromNewsletter(services.db, await tokenOf(rider.email), {
      now: new Date("2026-11-02T09:00:00Z"),
      source: "newsletter-one-click",
    });
    expect(await consentStateOf(services.db, { userId: rider.id, email: rider.email })).toMatchObject({
      status: "withdrawn",
      source: "newsletter-one-click",
    });
    expect((await rider.v.get(account, "/account")).data.profile.marketingConsent).toBe(false);
    const history = (await rider.v.get(privacy, "/account/privacy")).data.consents;
    expect(history.map((c: { granted: boolean }) => c.granted)).toEqual([false, true]);
  });

  it("ticking the box in the profile again after unsubscribing records a new grant", async () => {
    const rider = await member("ledger-again@example.test");
    await rider.v.post(account, "/account?edit=1", profileForm(rider.email, true));
    await rider.v.post(account, "/account?edit=1", profileForm(rider.email, false));
    await rider.v.post(account, "/account?edit=1", profileForm(rider.email, false));
    await rider.v.post(account, "/account?edit=1", profileForm(rider.email, true));
    const history = (await rider.v.get(privacy, "/account/privacy")).data.consents;
    expect(history.map((c: { granted: boolean; source: string }) => [c.granted, c.source])).toEqual([
      [true, "account"],
      [false, "account"],
      [true, "account"],
    ]);
  });

  it("self-exclusion withdraws consent in the ledger", async () => {
    const rider = await member("ledger-excluded@example.test");
    await rider.v.post(account, "/account?edit=1", profileForm(rider.email, true));
    await selfExclude(services, rider.id, 6, new Date());
    expect(await consentStateOf(services.db, { userId: rider.id, email: rider.email })).toMatchObject({
      status: "withdrawn",
      source: "self_exclusion",
    });
  });

  it("deleting an account withdraws its consent first, so the address starts again from 'withdrawn'", async () => {
    const rider = await member("ledger-leaving@example.test");
    await rider.v.post(account, "/account?edit=1", profileForm(rider.email, true));
    const gone = await rider.v.post(privacy, "/account/privacy", {
      intent: "delete-account",
      confirm: "DELETE",
      password: rider.password,
    });
    expect(gone.status).toBe(302);
    const kept = await services.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.addressHash, addressHash(rider.email)));
    expect(kept.map((r) => [r.email, r.userId, r.granted, r.source])).toEqual([
      ["erased", null, true, "account"],
      ["erased", null, false, "account-deletion"],
    ]);
    expect(await consentStateOf(services.db, { email: rider.email })).toMatchObject({ status: "withdrawn" });
    const back = await member(rider.email);
    expect((await back.v.get(account, "/account")).data.profile.marketingConsent).toBe(false);
  });
});

describe("staff see a person's consent history", () => {
  it("by address, with the account that holds it and the records made without an account", async () => {
    const rider = await member("ledger-staff-view@example.test");
    await subscribeAndConfirm(rider.email, new Date());
    await rider.v.post(account, "/account?edit=1", profileForm(rider.email, false));
    const admin = await signedInAs(services, "admin");
    const view = await admin.v.get(
      consentPage,
      `/admin/consent?email=${encodeURIComponent("Ledger-Staff-View@example.test")}`,
    );
    expect(view.status).toBe(200);
    expect(view.data.result.account).toMatchObject({ id: rider.id, email: rider.email });
    expect(view.data.result.entries.map((e: { granted: boolean; source: string }) => [e.granted, e.source])).toEqual([
      [false, "account"],
      [true, "newsletter-form"],
    ]);
  });

  it("an address that is not one is refused with a message and looks nothing up", async () => {
    const admin = await signedInAs(services, "admin");
    const view = await admin.v.get(consentPage, "/admin/consent?email=not-an-address");
    expect(view.data.lookup).toEqual({ email: "not-an-address", error: "Please enter a valid email address." });
    expect(view.data.result).toBeNull();
  });

  it("a moderator may not see it", async () => {
    const moderator = await signedInAs(services, "moderator");
    const view = await moderator.v.get(consentPage, "/admin/consent?email=ledger-staff-view@example.test");
    expect(view.status).toBe(403);
  });
});
