import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { toLondonWallTime } from "~/domain/london-time";
import * as exportRoute from "~/routes/draws/participants-csv";
import * as postalPage from "~/routes/postal/postal-entries";
import { csvField, EXPORT_BATCH, participantsCsv } from "~/server/draws/participants-export.server";
import { useFileValue } from "../support/file-value";
import { signedInAs } from "./auth-helpers";
import { CORRECT, useCheckoutHarness, WRONG } from "./checkout-harness";

const h = useCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
const boss = useFileValue(() => signedInAs(h().services, "admin"));

describe("exporting participants", () => {
  it("gives staff every ticket, paid and postal, as CSV with no secrets, and audits the export", async () => {
    const comp = await h().createCompetition();
    const { buyer } = await h().paidOrder(comp.id, 2, CORRECT, [1, 2]);
    await boss().v.post(
      postalPage,
      `/admin/competitions/${comp.id}/postal`,
      {
        fullName: '=Vane, "Harriet"',
        "dateOfBirth.day": "1",
        "dateOfBirth.month": "5",
        "dateOfBirth.year": "1990",
        address: "1 Mill Lane",
        contactNumber: "01531 000000",
        email: "harriet@example.test",
        termsAccepted: "on",
        skillAnswer: WRONG,
        receivedAt: toLondonWallTime(new Date(Date.now() - 3_600_000)),
        envelopeRef: "E-1",
      },
      { id: String(comp.id) },
    );
    const out = await boss().v.get(exportRoute, `/admin/competitions/${comp.id}/participants.csv`, {
      id: String(comp.id),
    });
    expect(out.status).toBe(200);
    expect(out.headers?.["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (out.data as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe("ticket_number,entry_ref,source,status,answer_correct,entered_at,order_id,name,email");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^1,[0-9A-F]{16},paid,live,yes,.*,${buyer.email}$`));
    expect(lines[3]).toContain(`postal,live,no,`);
    expect(lines[3]).toContain(`"'=Vane, ""Harriet""",harriet@example.test`);
    expect(out.data).not.toMatch(/password|token|secret|pi_|cs_/i);
    const [audit] = await h()
      .services.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "participants.export"), eq(auditLog.subject, `competition:${comp.id}`)));
    expect(audit?.actorUserId).toBe(boss().id);
  });

  it("reads in batches by ticket number, so memory does not grow with the competition", async () => {
    const comp = await h().createCompetition({ totalTickets: 20_000 });
    const rows = EXPORT_BATCH * 2 + 1;
    await h().services.db.execute(sql`
      insert into tickets (competition_id, ticket_number, skill_answer, is_correct_answer)
      select ${comp.id}, n, 'Eventing', true from generate_series(1, ${rows}) as n`);
    const stream = await participantsCsv(h().services.db, h().services.logger, null, comp.id);
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      lines += decoder.decode(value).split("\r\n").length - 1;
    }
    expect(lines).toBe(rows + 1);
    // The header, then one chunk per batch of EXPORT_BATCH rows.
    expect(chunks).toBe(1 + Math.ceil(rows / EXPORT_BATCH));
  });

  it("quotes fields as RFC 4180 asks and defuses spreadsheet formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(null)).toBe("");
  });

  it("refuses an unknown competition with 404", async () => {
    const out = await boss().v.get(exportRoute, "/admin/competitions/999999/participants.csv", { id: "999999" });
    expect(out.status).toBe(404);
  });
});
