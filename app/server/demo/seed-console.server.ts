import { and, asc, desc, eq } from "drizzle-orm";
import { MARKETING_CONSENT_WORDING } from "~/content/account";
import { complaints, orders } from "~/db/schema";
import { toLondonWallTime } from "~/domain/london-time";
import { PromoCodeFormSchema } from "~/schemas/admin-promo-code";
import { CampaignFormSchema } from "~/schemas/campaign";
import { ComplaintSchema } from "~/schemas/complaint";
import { replyToComplaint } from "../admin/complaint-replies.server";
import { createPromoCode } from "../admin/promo-codes.server";
import { submitComplaint } from "../engagement/complaints.server";
import { changeCampaignState, createCampaign } from "../marketing/campaigns.server";
import { sendDueCampaigns } from "../marketing/sending.server";
import { recordConsent } from "../platform/consent.server";
import type { Services } from "../platform/services.server";

/**
 * The console's other records in the demo data (issue 24): a complaint with staff's reply, a campaign sent to the
 * demo buyers who chose marketing at sign-up and a draft, and two promo codes (one running, one expired), each made
 * through its use-case at the time it would have happened, so every console list and detail page has something to
 * show. Every form's values go through that form's schema first, as staff's would.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type DemoPerson = { id: string; email: string; firstName: string; lastName: string };
export type ConsoleSeed = { staffId: string; buyers: readonly DemoPerson[]; joined: Date };

const at = (services: Services, instant: Date): Services => ({ ...services, now: () => instant });
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** One demo buyer in four ticked "send me news and offers" when they joined, as sign-up records it. */
export const MARKETING_EVERY = 4;

async function recordSignUpConsents(services: Services, { buyers, joined }: ConsoleSeed) {
  for (const [i, buyer] of buyers.entries()) {
    if (i % MARKETING_EVERY !== 0) continue;
    await recordConsent(services.db, {
      email: buyer.email,
      userId: buyer.id,
      granted: true,
      wording: MARKETING_CONSENT_WORDING,
      source: "sign-up:join",
      at: joined,
    });
  }
}

const SENT_CAMPAIGN = {
  name: "Spring newsletter",
  subject: "New prizes in the paddock this spring",
  content: [
    "Hello,",
    "Three new prizes are open for entries this week, from a hand-stitched bridle to a season of lessons.",
    "As always, every competition has a free postal entry route with the same odds. Good luck!",
  ].join("\n\n"),
  audience: "everyone",
} as const;

const DRAFT_CAMPAIGN = {
  name: "Last chance reminder",
  subject: "Closing soon: your last chance to enter",
  content: "Hello,\n\nA few of our competitions close this weekend. Answer the question and enter before they go.",
  audience: "recent-buyers",
} as const;

/** A campaign written and scheduled four days ago, sent by the sending job at its time; and a draft written today. */
async function seedCampaigns(services: Services, { staffId }: ConsoleSeed) {
  const now = services.now();
  const written = ago(now, 5 * DAY_MS);
  const sendAt = new Date(Math.floor((written.getTime() + DAY_MS) / HOUR_MS) * HOUR_MS);
  const sent = await createCampaign(at(services, written), staffId, CampaignFormSchema.parse(SENT_CAMPAIGN));
  if (!sent.ok) throw new Error(`demo campaign refused: ${sent.message}`);
  const scheduled = await changeCampaignState(at(services, written), staffId, sent.id, "schedule", sendAt);
  if (!scheduled.ok) throw new Error(`demo campaign not scheduled: ${scheduled.message}`);
  await sendDueCampaigns(at(services, sendAt));
  const draft = await createCampaign(
    at(services, ago(now, 2 * HOUR_MS)),
    staffId,
    CampaignFormSchema.parse(DRAFT_CAMPAIGN),
  );
  if (!draft.ok) throw new Error(`demo draft campaign refused: ${draft.message}`);
}

/** A code running now with no end, and one whose fortnight ended a week ago: as staff type them on the form. */
async function seedPromoCodes(services: Services, { staffId }: ConsoleSeed) {
  const now = services.now();
  const month = ago(now, 30 * DAY_MS);
  const codes = [
    { promo: "WELCOME10", kind: "percent", value: "10", minimumSpend: "5.00", maxUsesPerPerson: "1", created: month },
    {
      promo: "SPRING-FAIR",
      kind: "fixed",
      value: "2.50",
      startsAt: toLondonWallTime(ago(now, 21 * DAY_MS)),
      endsAt: toLondonWallTime(ago(now, 7 * DAY_MS)),
      maxUses: "200",
      created: ago(now, 22 * DAY_MS),
    },
  ];
  for (const { created, ...form } of codes) {
    const values = PromoCodeFormSchema.parse({ minimumSpend: "", startsAt: "", endsAt: "", ...form });
    const made = await createPromoCode(at(services, created), staffId, values);
    if (!made.ok) throw new Error(`demo promo code ${form.promo} refused: ${made.message}`);
  }
}

/** A buyer's complaint about one of their paid orders, two days ago, and staff's first (not final) reply. */
async function seedComplaint(services: Services, { staffId, buyers }: ConsoleSeed) {
  const now = services.now();
  const buyer = buyers[1];
  if (!buyer) throw new Error("no demo buyer to complain");
  const [order] = await services.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, buyer.id), eq(orders.paymentStatus, "paid")))
    .orderBy(asc(orders.paidAt))
    .limit(1);
  const input = ComplaintSchema.parse({
    name: `${buyer.firstName} ${buyer.lastName}`,
    email: buyer.email,
    orderReference: order?.id ?? "",
    details: [
      "I paid for three tickets but my account only showed two for about an hour afterwards.",
      "They all appear now, but I would like to know what happened and that my third entry is in the draw.",
    ].join(" "),
  });
  const sentAt = ago(now, 2 * DAY_MS);
  const receipt = await submitComplaint(services, input, { now: sentAt }, buyer.id);
  if (receipt.status !== "sent") throw new Error(`demo complaint refused: ${receipt.status}`);
  const [complaint] = await services.db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.email, buyer.email))
    .orderBy(desc(complaints.id))
    .limit(1);
  if (!complaint) throw new Error("the demo complaint was not stored");
  const reply = await replyToComplaint(at(services, ago(now, 1 * DAY_MS)), staffId, {
    complaintId: complaint.id,
    body: [
      `Dear ${buyer.firstName},`,
      "Thank you for letting us know. Your three tickets were numbered when your payment was confirmed; the page " +
        "you saw was showing the two it had loaded before that. All three are in the draw.",
      "We will write again once we have checked why the page did not update.",
    ].join("\n\n"),
    final: false,
  });
  if (!reply.ok) throw new Error(`demo complaint reply refused: ${reply.message}`);
}

export async function seedConsoleRecords(services: Services, seed: ConsoleSeed) {
  await recordSignUpConsents(services, seed);
  await seedCampaigns(services, seed);
  await seedPromoCodes(services, seed);
  await seedComplaint(services, seed);
}
