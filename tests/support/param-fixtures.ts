import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { campaigns, complaints, promoCodes } from "~/db/schema";
import { createCompetition, createPaidOrder, createVerifiedUser } from "~/server/demo/factories.server";
import type { Services } from "~/server/platform/services.server";

type Fixture = (services: Services) => Promise<string>;
const liveCompetition: Fixture = async (services) => String((await createCompetition(services.db)).id);

const paidOrder: Fixture = async (services) => {
  const competition = await createCompetition(services.db);
  const buyer = await createVerifiedUser(services);
  return (await createPaidOrder(services.db, { userId: buyer.id, competition, quantity: 1, firstTicket: 1 })).id;
};

const draftCampaign: Fixture = async (services) => {
  const [row] = await services.db
    .insert(campaigns)
    .values({ name: "Spring tack", subject: "New tack prizes", content: "Hello.", audience: "everyone" })
    .returning({ id: campaigns.id });
  return String(row?.id);
};

const promoCode: Fixture = async (services) => {
  const [row] = await services.db
    .insert(promoCodes)
    .values({ code: `FIXTURE-${crypto.randomUUID().slice(0, 8)}`, kind: "percent", value: 10 })
    .returning({ id: promoCodes.id });
  return String(row?.id);
};

const openComplaint: Fixture = async (services) => {
  const [row] = await services.db
    .insert(complaints)
    .values({ name: "Fixture Rider", email: "rider@example.test", details: "My tickets.", replyWorkingDays: 5 })
    .returning({ id: complaints.id });
  return String(row?.id);
};

/** A real record for each path parameter, made afresh for each use (an admin's post may delete it). */
const PARAM_FIXTURES: Record<string, Fixture> = {
  "admin/competitions/:id": async (services) => String((await createCompetition(services.db, { status: "draft" })).id),
  "admin/competitions/:id/cancel": liveCompetition,
  "admin/competitions/:id/pictures": liveCompetition,
  "admin/competitions/:id/draw": liveCompetition,
  "admin/competitions/:id/instant-wins": liveCompetition,
  "admin/competitions/:id/postal": liveCompetition,
  "admin/competitions/:id/participants.csv": liveCompetition,
  "admin/orders/:id": paidOrder,
  "admin/complaints/:id": openComplaint,
  "admin/marketing/:id": draftCampaign,
  "admin/marketing/:id/preview": draftCampaign,
  "admin/promo-codes/:id": promoCode,
  "competition/:id": liveCompetition,
  "competition/:id/numbers": liveCompetition,
  "api/competitions/:id/numbers": liveCompetition,
  "competitions/:id": liveCompetition,
  "competition/:id/share-card.png": liveCompetition,
  "checkout/:id": liveCompetition,
  // Someone else's order: the visitor (anonymous, or an administrator who is not its buyer) learns nothing of it.
  "checkout/hold/:orderId": paidOrder,
  "draws/:id": liveCompetition,
  "draws/:id/manifest.txt": liveCompetition,
  "draws/:id/draw.json": liveCompetition,
  "draws/:id/instant-wins.txt": liveCompetition,
  // A message the file mailer wrote: the development mail viewer reads it (and refuses any other name).
  "dev/mail/:file": async (services) => {
    const dir = path.join(services.env.DATA_DIR, "mail");
    await mkdir(dir, { recursive: true });
    const file = "fixture-message.eml";
    const message = [
      "From: Paddock <no-reply@paddock.local>",
      "To: buyer@example.test",
      "Subject: Verify your e-mail",
      "Date: Fri, 27 Nov 2026 12:00:00 +0000",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Open https://paddock.example/verify to confirm.",
      "",
    ].join("\r\n");
    await writeFile(path.join(dir, file), message);
    return file;
  },
  // A well-formed claim token that matches no claim: the page must refuse it plainly, whatever is posted.
  "prize-claim/:token": async () => "Q2xhaW1MaW5rVGhhdE1hdGNoZXNOb0NsYWltQXRBbGw",
};

/** The names of a route path's parameters (`:id` gives `id`). */
export const paramNames = (path: string) => [...path.matchAll(/:([^/]+)/g)].map((m) => m[1] as string);

/** The route's path with each parameter filled by `value`, and the params React Router would pass. */
export function fillPath(path: string, value: string) {
  const params = Object.fromEntries(paramNames(path).map((name) => [name, value]));
  return { url: `/${path.replace(/:[^/]+/g, encodeURIComponent(value))}`, params };
}

/** A URL and params for a route, its parameters naming a real record made for it by PARAM_FIXTURES. */
export async function concreteRoute(services: Services, path: string) {
  if (paramNames(path).length === 0) return { url: `/${path}`, params: {} as Record<string, string> };
  const fixture = PARAM_FIXTURES[path];
  if (!fixture) throw new Error(`add a fixture for ${path} to PARAM_FIXTURES`);
  return fillPath(path, await fixture(services));
}
