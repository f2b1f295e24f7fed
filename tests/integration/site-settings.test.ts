import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orders, profiles, siteSettings } from "~/db/schema";
import { DEFAULT_SITE_SETTINGS, paidEntryClosedMessage } from "~/domain/site-settings";
import * as settingsPage from "~/routes/admin/settings";
import * as competitionPage from "~/routes/catalogue/competition";
import * as fairPlay from "~/routes/site/fair-play";
import { getSiteSettings } from "~/server/platform/site-settings.server";
import { useFileValue } from "../support/file-value";
import { signedInAs, visitor } from "./auth-helpers";
import { CORRECT, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
const boss = useFileValue(() => signedInAs(h().services, "admin"));

const form = (overrides: Record<string, string | undefined> = {}) => {
  const d = DEFAULT_SITE_SETTINGS;
  const fields: Record<string, string | undefined> = {
    paidEntryGB: "on",
    paidEntryIE: "on",
    complaintReplyWorkingDays: String(d.complaintReplyWorkingDays),
    disputeBodyName: d.disputeBody.name,
    disputeBodyUrl: d.disputeBody.url,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
};
const save = (overrides: Record<string, string | undefined>) =>
  boss().v.post(settingsPage, "/admin/settings", form(overrides));

async function irishBuyer() {
  const buyer = await h().createBuyer();
  await h().services.db.update(profiles).set({ country: "IE" }).where(eq(profiles.userId, buyer.id));
  return buyer;
}
const ordersOf = async (userId: string) =>
  (await h().services.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]?.n;

describe("paid entry by country", () => {
  it("an admin switches Ireland off: the change is logged, and only that key is written", async () => {
    const out = await save({ paidEntryIE: undefined });
    expect(out.status).toBe(302);
    expect((await getSiteSettings(h().services.db)).paidEntry).toEqual({ GB: true, IE: false });
    const rows = await h().services.db.select().from(siteSettings);
    expect(rows.map((r) => r.key)).toEqual(["paid_entry.IE"]);
    const [entry] = await h().services.db.select().from(auditLog).where(eq(auditLog.subject, "setting:paid_entry.IE"));
    expect(entry).toMatchObject({ actorUserId: boss().id, action: "setting.changed", before: { value: true } });
    expect(entry?.after).toEqual({ value: false });

    // Saving the same again changes and logs nothing.
    await save({ paidEntryIE: undefined });
    const logged = await h().services.db.select().from(auditLog).where(eq(auditLog.action, "setting.changed"));
    expect(logged).toHaveLength(1);
  });

  it("checkout refuses an Irish resident with the reason, writes no order, still sells to the UK", async () => {
    await save({ paidEntryIE: undefined });
    const comp = await h().createCompetition();
    const irish = await irishBuyer();
    const line = { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT };
    for (const source of ["single", "basket"] as const) {
      const refused = await h().checkout(irish, [line], { source });
      expect(refused).toMatchObject({ ok: false, status: 403, message: paidEntryClosedMessage("IE") });
    }
    expect(await ordersOf(irish.id)).toBe(0);
    const british = await h().createBuyer();
    expect(await h().checkout(british, [line])).toMatchObject({ ok: true });

    // Switched back on, the same Irish resident may pay again.
    await save({});
    expect(await h().checkout(irish, [line])).toMatchObject({ ok: true });
  });

  it("the competition page shows an Irish resident the postal route only, and every visitor a note", async () => {
    await save({ paidEntryIE: undefined });
    const comp = await h().createCompetition();
    const irish = await signedInAs(h().services, "none");
    await h()
      .services.db.update(profiles)
      .set({ country: "IE", dateOfBirth: "1990-01-01", eligibilityConfirmedAt: new Date() })
      .where(eq(profiles.userId, irish.id));
    const path = `/competition/${comp.id}`;
    const mine = await irish.v.get(competitionPage, path, { id: String(comp.id) });
    expect(mine.data.paidEntry.closedToYou).toBe(paidEntryClosedMessage("IE"));
    const anyone = await visitor(h().services).get(competitionPage, path, { id: String(comp.id) });
    expect(anyone.data.paidEntry).toEqual({
      closedToYou: null,
      note: "Paid entry is closed to residents of Ireland at the moment; they can enter free by post.",
    });
    await save({});
    const reopened = await irish.v.get(competitionPage, path, { id: String(comp.id) });
    expect(reopened.data.paidEntry).toEqual({ closedToYou: null, note: null });
  });

  it("refuses a bad reply time or dispute address with the field's message and saves nothing", async () => {
    await save({});
    const before = await h().services.db.select().from(siteSettings);
    const out = await save({ complaintReplyWorkingDays: "0", disputeBodyUrl: "http://example.test" });
    expect(out.status).toBe(400);
    expect(out.data.result.error.complaintReplyWorkingDays).toEqual([
      "Enter a whole number of working days from 1 to 20.",
    ]);
    expect(out.data.result.error.disputeBodyUrl).toEqual(["Enter the body's web address, starting https://"]);
    expect(await h().services.db.select().from(siteSettings)).toEqual(before);
  });
});

describe("the fair-play page follows the live settings", () => {
  it("lists the countries open to paid entry and the complaint reply time as set", async () => {
    await save({});
    const open = await visitor(h().services).get(fairPlay, "/fair-play");
    expect(open.data.settings.paidEntry).toEqual({ GB: true, IE: true });
    await save({ paidEntryIE: undefined, complaintReplyWorkingDays: "7" });
    const closed = await visitor(h().services).get(fairPlay, "/fair-play");
    expect(closed.data.settings).toMatchObject({ paidEntry: { GB: true, IE: false }, complaintReplyWorkingDays: 7 });
    await save({});
  });
});
