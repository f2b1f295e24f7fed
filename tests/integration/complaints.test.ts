import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, complaintReplies, complaints, emailOutbox } from "~/db/schema";
import * as accountPage from "~/routes/accounts/account-complaints";
import * as threadPage from "~/routes/admin/complaint";
import * as staffPage from "~/routes/admin/complaints";
import * as publicPage from "~/routes/engagement/complaints";
import { COMPLAINT_MISSING, COMPLAINT_REPLY_MAX } from "~/schemas/complaint";
import { COMPLAINT_REPLY_MESSAGES } from "~/server/admin/complaint-replies.server";
import { COMPLAINT_PROGRESS_MESSAGES } from "~/server/admin/complaints.server";
import { PUBLIC_FORM_RATE_LIMITS } from "~/server/engagement/public-form.server";
import { createTestServices, type TestServices } from "../support/services";
import { signedInAs, visitor } from "./auth-helpers";

let services: TestServices;
beforeAll(async () => {
  services = await createTestServices({ SUPPORT_EMAIL: "help@paddock.test", ADMIN_REQUIRE_2FA: "false" });
});
afterAll(async () => {
  await services?.dispose();
});
// Monday 23 November 2026, 10:00 in London: five working days later is Monday 30 November.
const MONDAY = new Date("2026-11-23T10:00:00Z");
beforeEach(() => {
  services.now = () => MONDAY;
});

const complaint = (email: string) => ({
  name: "Jane Rider",
  email,
  orderReference: "order 1a2b3c4d",
  details: "My tickets did not arrive in my account after I paid.",
});

describe("making a complaint", () => {
  it("stores it with a reference, and e-mails the reference, reply date and how to escalate", async () => {
    const out = await visitor(services).post(publicPage, "/complaints", complaint("jane@example.test"));
    expect(out.status).toBe(200);
    const [row] = await services.db.select().from(complaints).where(eq(complaints.email, "jane@example.test"));
    if (!row) throw new Error("no complaint stored");
    const reference = `PDK-C-${String(row.id).padStart(6, "0")}`;
    expect(out.data.receipt).toEqual({ status: "sent", reference, replyBy: "30 November 2026", workingDays: 5 });
    expect(out.data.notice.title).toBe(`Complaint received: ${reference}`);
    expect(row).toMatchObject({ status: "open", orderReference: "order 1a2b3c4d", replyWorkingDays: 5 });

    const [ack] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, "jane@example.test"));
    expect(ack?.kind).toBe("complaint-acknowledgement");
    expect(ack?.subject).toContain(reference);
    expect(ack?.text).toContain("We will reply within 5 working days, by 30 November 2026 at the latest.");
    expect(ack?.text).toContain("CEDR (Centre for Effective Dispute Resolution)");
    expect(ack?.text).toContain("https://www.cedr.com/consumer/");
    const [copy] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "complaint"));
    expect(copy).toMatchObject({ to: "help@paddock.test", replyTo: "jane@example.test" });
  });

  it("refuses a complaint with no details, with the form's message, and stores nothing", async () => {
    const before = (await services.db.select().from(complaints)).length;
    const out = await visitor(services).post(publicPage, "/complaints", {
      ...complaint("blank@example.test"),
      details: " ",
    });
    expect(out.status).toBe(400);
    expect(out.data.notice).toEqual(COMPLAINT_MISSING);
    expect(await services.db.select().from(complaints)).toHaveLength(before);
  });

  it("is rate-limited like the contact form", async () => {
    const v = visitor(services);
    const limit = PUBLIC_FORM_RATE_LIMITS.perEmail.limit;
    for (let i = 0; i < limit; i++) {
      expect((await v.post(publicPage, "/complaints", complaint("busy@example.test"))).status).toBe(200);
    }
    const over = await v.post(publicPage, "/complaints", complaint("busy@example.test"));
    expect(over.status).toBe(429);
    expect(await services.db.select().from(complaints).where(eq(complaints.email, "busy@example.test"))).toHaveLength(
      limit,
    );
  });
});

describe("staff and complaints", () => {
  it("a moderator sees open complaints with their age, marks one answered then resolved, each logged", async () => {
    await visitor(services).post(publicPage, "/complaints", complaint("age@example.test"));
    const [row] = await services.db.select().from(complaints).where(eq(complaints.email, "age@example.test"));
    if (!row) throw new Error("no complaint stored");
    const mod = await signedInAs(services, "moderator");

    services.now = () => new Date("2026-12-01T09:00:00Z"); // 7 days 23 hours on: the reply is overdue
    const list = await mod.v.get(staffPage, "/admin/complaints");
    const shown = list.data.complaints.find((c: { id: number }) => c.id === row.id);
    expect(shown).toMatchObject({ status: "open", ageDays: 7, overdue: true });
    expect(shown.reference).toMatch(/^PDK-C-\d{6}$/);

    const answer = await mod.v.post(staffPage, "/admin/complaints", {
      intent: "answered",
      complaintId: String(row.id),
    });
    expect(answer.status).toBe(302);
    const again = await mod.v.post(staffPage, "/admin/complaints", { intent: "answered", complaintId: String(row.id) });
    expect(again.status).toBe(409);
    expect(again.data.notice.description).toBe(COMPLAINT_PROGRESS_MESSAGES.already);
    await mod.v.post(staffPage, "/admin/complaints", { intent: "resolved", complaintId: String(row.id) });

    const after = await mod.v.get(staffPage, "/admin/complaints");
    expect(after.data.complaints.some((c: { id: number }) => c.id === row.id)).toBe(false);
    const resolved = await mod.v.get(staffPage, "/admin/complaints?status=resolved");
    expect(resolved.data.complaints.find((c: { id: number }) => c.id === row.id)).toMatchObject({ status: "resolved" });
    const logged = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `complaint:${row.id}`));
    expect(logged.map((l) => [l.action, l.actorUserId])).toEqual([
      ["complaint.answered", mod.id],
      ["complaint.resolved", mod.id],
    ]);
  });

  it("answers 404 for a complaint that does not exist and 400 for an id out of range", async () => {
    const mod = await signedInAs(services, "moderator");
    const missing = await mod.v.post(staffPage, "/admin/complaints", { intent: "resolved", complaintId: "999999" });
    expect(missing.status).toBe(404);
    const huge = await mod.v.post(staffPage, "/admin/complaints", { intent: "resolved", complaintId: "9999999999" });
    expect(huge.status).toBe(400);
  });
});

describe("replying to a complaint from the console", () => {
  /** A complaint sent by `from` (signed in or not), and its row. */
  async function sent(from: ReturnType<typeof visitor>, email: string) {
    expect((await from.post(publicPage, "/complaints", complaint(email))).status).toBe(200);
    const [row] = await services.db.select().from(complaints).where(eq(complaints.email, email));
    if (!row) throw new Error("no complaint stored");
    return row;
  }
  const thread = (id: number) => `/admin/complaints/${id}`;
  const reply = (id: number, body: string, final = false) => ({
    intent: "reply",
    complaintId: String(id),
    body,
    ...(final ? { final: "on" } : {}),
  });

  it("a signed-in person's form starts with their name and address; the complaint is tied to the account", async () => {
    const rider = await signedInAs(services, "none");
    const page = await rider.v.get(publicPage, "/complaints");
    expect(page.data.you).toEqual({ name: "Role none", email: rider.email });
    expect((await visitor(services).get(publicPage, "/complaints")).data.you).toBeNull();
    const row = await sent(rider.v, rider.email);
    expect(row.userId).toBe(rider.id);
    const [ack] = await services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, rider.email), eq(emailOutbox.kind, "complaint-acknowledgement")));
    expect(ack?.text).toContain("You can read it, and every reply we send, in your account:");
  });

  it("staff write a reply: e-mailed, kept in the thread, shown in the account, audited", async () => {
    const rider = await signedInAs(services, "none");
    const row = await sent(rider.v, rider.email);
    const mod = await signedInAs(services, "moderator");

    const out = await mod.v.post(threadPage, thread(row.id), reply(row.id, "We have found your order.\n\nSorry."), {
      id: String(row.id),
    });
    expect(out.status).toBe(302);
    expect(out.location).toBe(thread(row.id));
    const [stored] = await services.db.select().from(complaintReplies).where(eq(complaintReplies.complaintId, row.id));
    expect(stored).toMatchObject({ authorUserId: mod.id, body: "We have found your order.\n\nSorry.", final: false });
    const [after] = await services.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(after).toMatchObject({ status: "answered", answeredAt: MONDAY, resolvedAt: null });

    const mail = (await services.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "complaint-reply"))).find(
      (m) => m.to === rider.email,
    );
    expect(mail?.subject).toMatch(/^Our reply to your complaint \(PDK-C-\d{6}\)$/);
    expect(mail?.text).toContain("We have found your order.");
    expect(mail?.text).toContain("/account/complaints");
    expect(mail?.replyTo).toBe("help@paddock.test");

    const staffView = await mod.v.get(threadPage, thread(row.id), { id: String(row.id) });
    expect(staffView.data.complaint.replies).toEqual([
      expect.objectContaining({ body: "We have found your order.\n\nSorry.", authorName: "Role moderator" }),
    ]);
    const mine = await rider.v.get(accountPage, "/account/complaints");
    expect(mine.data.complaints).toEqual([
      expect.objectContaining({
        id: row.id,
        status: "answered",
        replies: [expect.objectContaining({ body: "We have found your order.\n\nSorry.", final: false })],
      }),
    ]);
    // Staff names stay in the console.
    expect(JSON.stringify(mine.data)).not.toContain("Role moderator");

    const [audit] = await services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `complaint:${row.id}`));
    expect(audit).toMatchObject({
      action: "complaint.replied",
      actorUserId: mod.id,
      before: { status: "open" },
      after: { status: "answered" },
    });
  });

  it("a final reply resolves it and tells them how to escalate; then it takes no more replies", async () => {
    const row = await sent(visitor(services), "final@example.test");
    const mod = await signedInAs(services, "moderator");
    const params = { id: String(row.id) };
    const out = await mod.v.post(threadPage, thread(row.id), reply(row.id, "Refunded in full.", true), params);
    expect(out.status).toBe(302);
    const [after] = await services.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(after).toMatchObject({ status: "resolved", resolvedAt: MONDAY, answeredAt: MONDAY });
    const [mail] = await services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, "final@example.test"), eq(emailOutbox.kind, "complaint-reply")));
    expect(mail?.subject).toMatch(/^Our final reply to your complaint/);
    expect(mail?.text).toContain("This is our final reply");
    expect(mail?.text).toContain("https://www.cedr.com/consumer/");
    // Sent signed out: no account link.
    expect(mail?.text).not.toContain("/account/complaints");

    const more = await mod.v.post(threadPage, thread(row.id), reply(row.id, "One more thing."), params);
    expect(more.status).toBe(409);
    expect(more.data.notice.description).toBe(COMPLAINT_REPLY_MESSAGES.resolved);
    expect(
      await services.db.select().from(complaintReplies).where(eq(complaintReplies.complaintId, row.id)),
    ).toHaveLength(1);
  });

  it("refuses an empty or over-long reply with its message, or another complaint's id; sends nothing", async () => {
    const row = await sent(visitor(services), "limits@example.test");
    const mod = await signedInAs(services, "moderator");
    const params = { id: String(row.id) };
    const mails = async () =>
      (await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, "limits@example.test"))).length;
    const before = await mails();

    const empty = await mod.v.post(threadPage, thread(row.id), reply(row.id, "   "), params);
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.body).toEqual(["Write your reply"]);
    const long = await mod.v.post(
      threadPage,
      thread(row.id),
      reply(row.id, "x".repeat(COMPLAINT_REPLY_MAX + 1)),
      params,
    );
    expect(long.status).toBe(400);
    expect(long.data.result.error.body).toEqual([`Please use ${COMPLAINT_REPLY_MAX} characters or fewer.`]);
    const exact = "y".repeat(COMPLAINT_REPLY_MAX);
    const other = await mod.v.post(threadPage, thread(row.id), reply(row.id + 1000, exact), params);
    expect(other.status).toBe(400);

    expect(await services.db.select().from(complaintReplies).where(eq(complaintReplies.complaintId, row.id))).toEqual(
      [],
    );
    expect(await mails()).toBe(before);
    const [still] = await services.db.select().from(complaints).where(eq(complaints.id, row.id));
    expect(still?.status).toBe("open");
    // The longest reply allowed goes.
    expect((await mod.v.post(threadPage, thread(row.id), reply(row.id, exact), params)).status).toBe(302);
  });

  it("refuses replies without complaint:answer, and the thread without complaint:read", async () => {
    const row = await sent(visitor(services), "guarded@example.test");
    const params = { id: String(row.id) };
    const rider = await signedInAs(services, "none");
    const refusedPost = await rider.v.post(threadPage, thread(row.id), reply(row.id, "Not staff."), params);
    expect(refusedPost.location).toBe("/");
    expect((await rider.v.get(threadPage, thread(row.id), params)).location).toBe("/");
    expect(await services.db.select().from(complaintReplies).where(eq(complaintReplies.complaintId, row.id))).toEqual(
      [],
    );
    const mod = await signedInAs(services, "moderator");
    expect((await mod.v.get(threadPage, thread(999_999), { id: "999999" })).status).toBe(404);
  });

  it("the account lists complaints sent to its confirmed address signed out too, never others'", async () => {
    const rider = await signedInAs(services, "none");
    const signedOut = await sent(visitor(services), rider.email);
    await sent(visitor(services), "someone-else@example.test");
    const mine = await rider.v.get(accountPage, "/account/complaints");
    expect(mine.data.complaints.map((c: { id: number }) => c.id)).toEqual([signedOut.id]);
  });
});
