import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import { PICTURE_MESSAGES } from "~/content/pictures";
import { auditLog, competitionImages, competitions } from "~/db/schema";
import type { PictureVariant } from "~/domain/pictures";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { type PictureRefusal, processPicture } from "./picture-processing.server";

export type PictureOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

const REFUSALS: Record<PictureRefusal, PictureOutcome> = {
  "wrong-type": { ok: false, message: PICTURE_MESSAGES.wrongType, status: 415 },
  "too-many-pixels": { ok: false, message: PICTURE_MESSAGES.tooManyPixels, status: 413 },
  unreadable: { ok: false, message: PICTURE_MESSAGES.unreadable, status: 400 },
};

const pictureColumns = {
  id: competitionImages.id,
  position: competitionImages.position,
  alt: competitionImages.alt,
  width: competitionImages.width,
  height: competitionImages.height,
  originalKey: competitionImages.originalKey,
  variants: competitionImages.variants,
};

/** The competition the pictures page is about (any status: drafts get pictures before they go live), or null. */
export async function pictureCompetition(services: Services, competitionId: number) {
  const [row] = await services.db
    .select({ id: competitions.id, title: competitions.title, status: competitions.status })
    .from(competitions)
    .where(eq(competitions.id, competitionId))
    .limit(1);
  return row ?? null;
}

/** A competition's pictures in the order pages show them. */
export async function listPictures(db: Executor, competitionId: number) {
  const rows = await db
    .select(pictureColumns)
    .from(competitionImages)
    .where(eq(competitionImages.competitionId, competitionId))
    .orderBy(asc(competitionImages.position), asc(competitionImages.id));
  return rows.map((r) => ({ ...r, variants: r.variants as PictureVariant[] }));
}

type Actor = { userId: string; competitionId: number };

const audit = (
  db: Executor,
  actor: Actor,
  action: string,
  values: { data?: unknown; before?: unknown; after?: unknown },
) =>
  db
    .insert(auditLog)
    .values({ actorUserId: actor.userId, action, subject: `competition:${actor.competitionId}`, ...values });

/**
 * Stores an upload's re-encoded original and variants, then records it last in the competition's order. Files go
 * first: a row never points at a file that is not there (a failed insert leaves unreferenced, harmless files).
 */
export async function uploadPicture(
  services: Services,
  actor: Actor,
  upload: { bytes: Uint8Array; alt: string },
): Promise<PictureOutcome> {
  if (!(await pictureCompetition(services, actor.competitionId))) {
    return { ok: false, message: PICTURE_MESSAGES.competitionNotFound, status: 404 };
  }
  const processed = await processPicture(upload.bytes);
  if ("refused" in processed) return REFUSALS[processed.refused];
  try {
    const files = [processed.original, ...processed.variants];
    await Promise.all(files.map((f) => services.storage.put(f.key, f.bytes, f.contentType)));
    const variants: PictureVariant[] = processed.variants.map(({ format, width, key }) => ({ format, width, key }));
    return await services.db.transaction(async (tx): Promise<PictureOutcome> => {
      const [same] = await tx
        .select({ id: competitionImages.id })
        .from(competitionImages)
        .where(
          and(
            eq(competitionImages.competitionId, actor.competitionId),
            eq(competitionImages.originalKey, processed.original.key),
          ),
        );
      if (same) return { ok: false, message: PICTURE_MESSAGES.duplicate, status: 409 };
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${competitionImages.position}), -1)` })
        .from(competitionImages)
        .where(eq(competitionImages.competitionId, actor.competitionId));
      const [row] = await tx
        .insert(competitionImages)
        .values({
          competitionId: actor.competitionId,
          position: Number(last?.position ?? -1) + 1,
          alt: upload.alt,
          width: processed.width,
          height: processed.height,
          originalKey: processed.original.key,
          variants,
        })
        .returning({ id: competitionImages.id, position: competitionImages.position });
      await audit(tx, actor, "competition.picture.added", {
        data: { pictureId: row?.id, type: processed.type, bytes: upload.bytes.length },
        after: { pictureId: row?.id, alt: upload.alt, position: row?.position, originalKey: processed.original.key },
      });
      return { ok: true, message: PICTURE_MESSAGES.uploaded };
    });
  } catch (error) {
    services.logger.error({ err: error }, "picture upload failed");
    return { ok: false, message: PICTURE_MESSAGES.uploadFailed, status: 500 };
  }
}

const NOT_FOUND: PictureOutcome = { ok: false, message: PICTURE_MESSAGES.notFound, status: 404 };

/**
 * Swaps a picture with its neighbour above or below, or puts it first (the main picture: cards, share card, the
 * page's first), and numbers the competition's pictures 0, 1, 2... again.
 */
export async function movePicture(
  services: Services,
  actor: Actor,
  pictureId: number,
  direction: "up" | "down" | "first",
): Promise<PictureOutcome> {
  return services.db.transaction(async (tx) => {
    await tx
      .select({ id: competitions.id })
      .from(competitions)
      .where(eq(competitions.id, actor.competitionId))
      .for("update");
    const pictures = await listPictures(tx, actor.competitionId);
    const from = pictures.findIndex((p) => p.id === pictureId);
    if (from < 0) return NOT_FOUND;
    const order = pictures.map((p) => p.id);
    if (direction === "first") order.unshift(...order.splice(from, 1));
    else {
      const to = direction === "up" ? from - 1 : from + 1;
      if (to >= 0 && to < order.length) [order[from], order[to]] = [order[to] as number, order[from] as number];
    }
    for (const [position, id] of order.entries()) {
      await tx.update(competitionImages).set({ position }).where(eq(competitionImages.id, id));
    }
    await audit(tx, actor, "competition.picture.moved", {
      data: { pictureId, direction },
      before: { order: pictures.map((p) => p.id) },
      after: { order },
    });
    return { ok: true, message: direction === "first" ? PICTURE_MESSAGES.madeMain : PICTURE_MESSAGES.moved };
  });
}

/** Corrects a picture's alt text (already checked by the form's schema: required, at most 250 characters). */
export async function updatePictureAlt(
  services: Services,
  actor: Actor,
  pictureId: number,
  alt: string,
): Promise<PictureOutcome> {
  return services.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ alt: competitionImages.alt })
      .from(competitionImages)
      .where(and(eq(competitionImages.id, pictureId), eq(competitionImages.competitionId, actor.competitionId)))
      .for("update");
    if (!before) return NOT_FOUND;
    await tx.update(competitionImages).set({ alt }).where(eq(competitionImages.id, pictureId));
    await audit(tx, actor, "competition.picture.alt", {
      data: { pictureId },
      before: { alt: before.alt },
      after: { alt },
    });
    return { ok: true, message: PICTURE_MESSAGES.altSaved };
  });
}

/** Deletes a picture, then those of its files no other picture uses (the same upload twice shares its files). */
export async function deletePicture(services: Services, actor: Actor, pictureId: number): Promise<PictureOutcome> {
  const removed = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(competitionImages)
      .where(and(eq(competitionImages.id, pictureId), eq(competitionImages.competitionId, actor.competitionId)))
      .returning();
    if (!row) return null;
    await audit(tx, actor, "competition.picture.deleted", {
      data: { pictureId },
      before: { pictureId, alt: row.alt, position: row.position, originalKey: row.originalKey },
    });
    return row;
  });
  if (!removed) return NOT_FOUND;
  const keys = [removed.originalKey, ...(removed.variants as PictureVariant[]).map((v) => v.key)];
  for (const key of keys) {
    const [stillUsed] = await services.db
      .select({ id: competitionImages.id })
      .from(competitionImages)
      .where(
        and(
          ne(competitionImages.id, pictureId),
          or(
            eq(competitionImages.originalKey, key),
            sql`${competitionImages.variants} @> ${JSON.stringify([{ key }])}::jsonb`,
          ),
        ),
      )
      .limit(1);
    if (stillUsed) continue;
    await services.storage.delete(key).catch((error) => {
      services.logger.warn({ err: error, key }, "a deleted picture's file could not be removed");
    });
  }
  return { ok: true, message: PICTURE_MESSAGES.deleted };
}
