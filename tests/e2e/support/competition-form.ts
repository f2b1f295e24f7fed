// The admin's competition form as the journeys fill it in (/admin/create-competition): one numnah competition whose
// title, price, size and times each journey chooses.
import type { Page } from "playwright-core";
import { toLondonWallTime } from "~/domain/london-time";

export const NUMNAH_OPTIONS = ["The seat", "The panels", "The pommel", "The cantle"];
export const NUMNAH_ANSWER = "The panels";

/** A form field by its exact label. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

type CompetitionTerms = { title: string; entryPrice: string; totalTickets: number; goLive: Date; closes: Date };

/** Fills every field of the competition form; the caller submits it. */
export async function fillCompetitionForm(page: Page, terms: CompetitionTerms) {
  const values: [label: string, value: string][] = [
    ["Title", terms.title],
    ["Description", "A quilted numnah in navy, full size."],
    ["Prize title", "Navy numnah"],
    ["Prize description", "A quilted cotton numnah, full size, in navy."],
    ["Prize value", "£60"],
    ["Entry price (£)", terms.entryPrice],
    ["Total tickets", String(terms.totalTickets)],
    ["Go-live time", toLondonWallTime(terms.goLive)],
    ["Closing time", toLondonWallTime(terms.closes)],
    ["Question", "Which part of the saddle does a numnah sit under?"],
    ...NUMNAH_OPTIONS.map((option, i): [string, string] => [`Option ${i + 1}`, option]),
    ["Correct answer", NUMNAH_ANSWER],
  ];
  for (const [label, value] of values) await field(page, label).fill(value);
}
