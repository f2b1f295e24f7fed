// A postal entry card as the journeys record it on the Postal entries page (/admin/competitions/:id/postal).
import type { Page } from "playwright-core";
import { toLondonWallTime } from "~/domain/london-time";
import { fillDateOfBirth } from "./forms";

type Put = (label: string, value: string) => Promise<void>;

/**
 * Fills a complete card from Harriet Vane (an adult, every detail given), received at `receivedAt`, each text field
 * through `put` (filled by default; a keyboard journey types). The answer and the terms box are the caller's.
 */
export async function fillPostalCard(
  page: Page,
  card: { receivedAt: Date; envelopeRef: string; email: string },
  put?: Put,
) {
  const fill: Put = put ?? ((label, value) => page.getByLabel(label, { exact: true }).fill(value));
  await page.getByLabel("Date and time received", { exact: true }).fill(toLondonWallTime(card.receivedAt));
  await fill("Envelope reference", card.envelopeRef);
  await fill("Full name", "Harriet Vane");
  await fillDateOfBirth(page, "1990-05-01");
  await fill("Address", "1 Mill Lane, Ledbury");
  await fill("County", "Herefordshire");
  await fill("Contact number", "01531 000000");
  await fill("E-mail address", card.email);
}
