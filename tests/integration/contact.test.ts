import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complaints, contactSubmissions, emailOutbox, newsletterSubscriptions } from "~/db/schema";
import * as complaintsPage from "~/routes/engagement/complaints";
import * as contactPage from "~/routes/engagement/contact";
import * as newsletterPage from "~/routes/engagement/newsletter";
import { CONTACT_INVALID, CONTACT_MISSING, contactCheck } from "~/schemas/contact";
import { fieldErrorsOf, invalidReply, parseSubmission } from "~/schemas/form";
import { CONTACT_RATE_LIMITS, submitContactMessage } from "~/server/engagement/contact.server";
import { createTestServices, type TestServices } from "../support/services";
import { type RouteModule, visitor } from "./auth-helpers";

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices({ SUPPORT_EMAIL: "help@paddock.test" });
});

afterAll(async () => {
  await services?.dispose();
});

/** The form as the action and the page check it: the schema's value, or the notice and field messages. */
function parseContact(form: FormData) {
  const submission = parseSubmission(form, contactCheck.schema);
  if (submission.status === "success") return { success: true as const, data: submission.value };
  const reply = invalidReply(submission, contactCheck.notice);
  return { success: false as const, notice: reply.notice, errors: fieldErrorsOf(reply.result) };
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const valid = {
  name: "Jane Rider",
  email: "jane@example.test",
  subject: "Postal entry",
  message: "How do I send a free entry?",
};

async function submit(fields: Record<string, string>, now = new Date("2026-04-01T09:00:00Z"), clientIp?: string) {
  const parsed = parseContact(form(fields));
  if (!parsed.success) return { parsed };
  return { parsed, outcome: await submitContactMessage(services, parsed.data, { now, clientIp }) };
}

describe("contact form", () => {
  it("stores the message and queues exactly one e-mail to the support inbox, replying to the sender", async () => {
    const { outcome } = await submit({ ...valid, email: "  jane@example.test ", subject: "Postal\r\nentry" });
    expect(outcome?.status).toBe("sent");
    const id = outcome?.status === "sent" ? outcome.id : -1;

    const [row] = await services.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({
      name: "Jane Rider",
      email: "jane@example.test",
      subject: "Postal entry",
      message: valid.message,
    });

    const mail = await services.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "contact"));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: "help@paddock.test",
      replyTo: "jane@example.test",
      subject: "[Contact] Postal entry",
    });
    expect(mail[0]?.text).toContain(valid.message);
    expect(mail[0]?.text).toContain("Jane Rider");
  });

  it("stores nothing when a field is empty, and says which with the spec's message", async () => {
    const before = await services.db.$count(contactSubmissions);
    for (const field of ["name", "email", "subject", "message"] as const) {
      const { parsed, outcome } = await submit({ ...valid, [field]: "   " });
      expect(outcome).toBeUndefined();
      expect(parsed.success).toBe(false);
      if (!parsed.success) {
        expect(parsed.notice).toEqual(CONTACT_MISSING);
        expect(Object.keys(parsed.errors)).toEqual([field]);
      }
    }
    expect(await services.db.$count(contactSubmissions)).toBe(before);
  });

  it("rejects a malformed address and over-long text", async () => {
    const bad = parseContact(form({ ...valid, email: "jane-at-example" }));
    expect(bad.success === false && bad.notice).toEqual(CONTACT_INVALID);
    expect(bad.success === false && bad.errors.email).toMatch(/valid email/);
    const long = parseContact(form({ ...valid, message: "x".repeat(5001) }));
    expect(long.success === false && long.errors.message).toMatch(/5000 characters/);
  });

  it("refuses a sixth message from one address within the hour and stores nothing for it", async () => {
    const email = "busy@example.test";
    const start = new Date("2026-04-02T09:00:00Z");
    for (let i = 0; i < CONTACT_RATE_LIMITS.perEmail.limit; i++) {
      const { outcome } = await submit(
        { ...valid, email: i % 2 ? email.toUpperCase() : email },
        new Date(start.getTime() + i * 1000),
      );
      expect(outcome?.status).toBe("sent");
    }
    const { outcome } = await submit({ ...valid, email }, new Date(start.getTime() + 10_000));
    expect(outcome).toMatchObject({ status: "rate-limited" });
    expect(await services.db.$count(contactSubmissions, eq(contactSubmissions.email, email))).toBe(3);

    const nextHour = await submit({ ...valid, email }, new Date(start.getTime() + 3_600_000));
    expect(nextHour.outcome?.status).toBe("sent");
  });

  it("limits one client address across many sender addresses when behind a trusted proxy", async () => {
    const now = new Date("2026-04-03T09:00:00Z");
    const ip = "198.51.100.23";
    for (let i = 0; i < CONTACT_RATE_LIMITS.perIp.limit; i++) {
      expect((await submit({ ...valid, email: `sender${i}@example.test` }, now, ip)).outcome?.status).toBe("sent");
    }
    expect((await submit({ ...valid, email: "one-more@example.test" }, now, ip)).outcome?.status).toBe("rate-limited");
    expect((await submit({ ...valid, email: "one-more@example.test" }, now, "198.51.100.24")).outcome?.status).toBe(
      "sent",
    );
  });

  it("without a trusted proxy, the socket address limits one client across senders on every public form", async () => {
    expect(services.env.TRUST_PROXY).toBeFalsy();
    const rows = async (table: typeof complaints | typeof contactSubmissions | typeof newsletterSubscriptions) =>
      (await services.db.select({ id: table.id }).from(table)).length;
    type PublicForm = {
      page: RouteModule;
      path: string;
      table: Parameters<typeof rows>[0];
      fields: Record<string, string>;
    };
    const forms: PublicForm[] = [
      { page: newsletterPage, path: "/newsletter", table: newsletterSubscriptions, fields: { consent: "on" } },
      { page: contactPage, path: "/contact", table: contactSubmissions, fields: { ...valid } },
      {
        page: complaintsPage,
        path: "/complaints",
        table: complaints,
        fields: { name: "Jane Rider", details: "My tickets did not arrive after I paid." },
      },
    ];
    for (const { page, path, table, fields } of forms) {
      const ip = `198.51.100.${forms.findIndex((f) => f.path === path) + 40}`;
      const client = visitor(services, ip);
      const limit = CONTACT_RATE_LIMITS.perIp.limit;
      for (let i = 0; i < limit; i++) {
        const sent = await client.post(page, path, { ...fields, email: `socket${i}${path.slice(1)}@example.test` });
        expect(sent.status).toBe(200);
      }
      const before = await rows(table);
      const over = await client.post(page, path, { ...fields, email: `socket-over${path.slice(1)}@example.test` });
      expect(over.status).toBe(429);
      expect(await rows(table)).toBe(before);
      const elsewhere = await visitor(services, "198.51.100.99").post(page, path, {
        ...fields,
        email: `socket-over${path.slice(1)}@example.test`,
      });
      expect(elsewhere.status).toBe(200);
    }
  });
});
