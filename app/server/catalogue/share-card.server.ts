import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { isCancelledStatus } from "~/domain/competition-status";
import { formatUkWeekdayDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { largestVariant, type PublicPicture } from "~/domain/pictures";
import {
  SHARE_CARD_DESIGN,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  type ShareCardText,
  shareCardSvg,
} from "~/domain/share-card";
import { SITE_NAME } from "~/lib/seo";
import type { PublicCompetition } from "~/schemas/competition-query";
import { artworkFile } from "../platform/artwork.server";
import type { Services } from "../platform/services.server";
import { readAll, type Storage } from "../platform/storage.server";
import { getPublicCompetition } from "./competitions.server";

type CardSource = Pick<
  PublicCompetition,
  "id" | "title" | "prizeValue" | "entryPricePence" | "endDate" | "imageUrl" | "status"
> & {
  pictures: readonly PublicPicture[];
};

function cardText(c: CardSource): ShareCardText {
  return {
    siteName: SITE_NAME,
    title: c.title,
    prizeValue: c.prizeValue,
    ticketPrice: formatPence(c.entryPricePence),
    closes: isCancelledStatus(c.status) ? null : formatUkWeekdayDateTime(c.endDate),
  };
}

/** The storage key of the picture a card is drawn on: its first picture's largest WebP, else the original. */
function cardPictureKey(c: CardSource): string | undefined {
  const picture = c.pictures[0];
  return picture ? (largestVariant(picture.variants, "webp")?.key ?? picture.originalKey) : undefined;
}

/**
 * The card's version: a hash of everything it shows (and the design's number). Any change to the title, prize value,
 * price, closing date or first picture makes a new version, so the card is drawn again and its URL changes.
 */
function shareCardVersion(c: CardSource): string {
  const shown = { design: SHARE_CARD_DESIGN, text: cardText(c), picture: cardPictureKey(c) ?? c.imageUrl };
  return createHash("sha256").update(JSON.stringify(shown)).digest("hex");
}

/** How many of the version's hex digits the card's URL carries: plenty to tell versions apart. */
const URL_VERSION_LENGTH = 16;

/** The card's path for og:image, versioned so that social sites fetch it again after a change. */
export function shareCardPath(c: CardSource): string {
  return `/competition/${c.id}/share-card.png?v=${shareCardVersion(c).slice(0, URL_VERSION_LENGTH)}`;
}

export const isCurrentShareCardVersion = (requested: string | null, version: string) =>
  requested !== null && requested.length === URL_VERSION_LENGTH && version.startsWith(requested);

async function backgroundBytes(storage: Storage, c: CardSource): Promise<Buffer | null> {
  const key = cardPictureKey(c);
  if (key) {
    const stored = await storage.get(key);
    return stored ? readAll(stored) : null;
  }
  const file = artworkFile(c.imageUrl);
  return file ? readFile(file).catch(() => null) : null;
}

/** Draws the card: the picture cropped to fill 1200×630 (or a plain dark ground without one), the text over it. */
async function renderShareCard(background: Buffer | null, text: ShareCardText): Promise<Buffer> {
  const size = { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT };
  const base = background
    ? sharp(background, { density: 150, limitInputPixels: 50_000_000 }).resize({ ...size, fit: "cover" })
    : sharp({ create: { ...size, channels: 3, background: "#1e293b" } });
  const ground = await base.flatten({ background: "#1e293b" }).png().toBuffer();
  return sharp(ground)
    .composite([{ input: Buffer.from(shareCardSvg(text)) }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export type ShareCard = { version: string; png: Buffer };

/**
 * The share card of a public competition (null for drafts, scheduled and unknown ones). Each version is drawn once
 * and kept in storage under `share-cards/<version>.png`; later requests read it back.
 */
export async function getShareCard(services: Services, id: number): Promise<ShareCard | null> {
  const competition = await getPublicCompetition(services.db, id);
  if (!competition) return null;
  const version = shareCardVersion(competition);
  const key = `share-cards/${version}.png`;
  const kept = await services.storage.get(key);
  if (kept) return { version, png: await readAll(kept) };
  const background = await backgroundBytes(services.storage, competition).catch((error) => {
    services.logger.warn({ err: error, competitionId: id }, "share card picture could not be read");
    return null;
  });
  const png = await renderShareCard(background, cardText(competition));
  await services.storage.put(key, png, "image/png");
  return { version, png };
}
