import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, complaints, emailOutbox } from "~/db/schema";
import * as staffPage from "~/routes/admin/complaints";
import * as publicPage from "~/routes/engagement/complaints";
import { COMPLAINT_MISSING } from "~/schemas/complaint";
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
