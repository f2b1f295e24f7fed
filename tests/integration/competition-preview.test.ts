import { describe, expect, it } from "vitest";
import * as competitionPage from "~/routes/catalogue/competition";
import type { SessionUser } from "~/server/accounts/session.server";
import { mayPreviewCompetitions } from "~/server/admin/staff.server";
import { useFileValue } from "../support/file-value";
import { signedInAs, visitor } from "./auth-helpers";
import { CORRECT, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
const boss = useFileValue(() => signedInAs(h().services, "admin"));

const previewPath = (id: number) => `/competition/${id}?preview=1`;

describe("previewing an unpublished competition's public page", () => {
  it("shows staff who edit competitions a draft as it will look, marked as a preview, never cached", async () => {
    const draft = await h().createCompetition({ status: "draft", title: "Win a draft saddle" });
    const out = await boss().v.get(competitionPage, previewPath(draft.id), { id: String(draft.id) });
    expect(out.status).toBe(200);
    expect(out.data.preview).toBe(true);
    expect(out.data.competition).toMatchObject({ id: draft.id, title: "Win a draft saddle", status: "active" });
    expect(out.data.competition).not.toHaveProperty("correctAnswer");
    expect(out.headers?.["cache-control"]).toBe("private, no-store");

    const scheduled = await h().createCompetition({ status: "scheduled" });
    const later = await boss().v.get(competitionPage, previewPath(scheduled.id), { id: String(scheduled.id) });
    expect(later.data.preview).toBe(true);
  });

  it("gives everyone else, and staff without ?preview=1, what a draft always gave: back to the list", async () => {
    const draft = await h().createCompetition({ status: "draft" });
    const params = { id: String(draft.id) };
    const moderator = await signedInAs(h().services, "moderator");
    const buyer = await signedInAs(h().services, "none");
    for (const who of [visitor(h().services), buyer.v, moderator.v]) {
      const out = await who.get(competitionPage, previewPath(draft.id), params);
      expect(out.status).toBe(302);
      expect(out.location).toBe("/competitions");
    }
    const plain = await boss().v.get(competitionPage, `/competition/${draft.id}`, params);
    expect(plain.status).toBe(302);
  });

  it("never sells from a preview: the page's own action refuses a draft, even to an admin", async () => {
    const draft = await h().createCompetition({ status: "draft" });
    const out = await boss().v.post(
      competitionPage,
      previewPath(draft.id),
      { intent: "checkout", competitionId: String(draft.id), quantity: "1", answer: CORRECT },
      { id: String(draft.id) },
    );
    expect(out.status).toBe(302);
    expect(out.location).toBe("/competitions");
  });

  it("is no preview for a published competition: the ordinary page, cached as usual for visitors", async () => {
    const live = await h().createCompetition();
    const out = await boss().v.get(competitionPage, previewPath(live.id), { id: String(live.id) });
    expect(out.status).toBe(200);
    expect(out.data.preview).toBe(false);
  });

  it("needs the two-factor sign-in the console needs, when the console requires it", async () => {
    const strict = { ...h().services, env: { ...h().services.env, ADMIN_REQUIRE_2FA: true } };
    const user = { id: boss().id, twoFactorEnabled: false } as SessionUser;
    expect(await mayPreviewCompetitions(strict, user)).toBe(false);
    expect(await mayPreviewCompetitions(strict, { ...user, twoFactorEnabled: true })).toBe(true);
    expect(await mayPreviewCompetitions(h().services, null)).toBe(false);
  });
});
