import { ALT_MAX_LENGTH, PICTURE_MESSAGES } from "~/content/pictures";
import { PICTURE_MAX_BYTES } from "~/domain/pictures";
import { z } from "~/schemas/zod";

/** A chosen file (an empty file input sends a nameless, empty one) within the limit; its type is sniffed later. */
const pictureFile = z
  .custom<File>((value) => typeof File !== "undefined" && value instanceof File && value.size > 0, {
    error: PICTURE_MESSAGES.fileRequired,
  })
  .refine((file) => file.size <= PICTURE_MAX_BYTES, { error: PICTURE_MESSAGES.tooBig });

const altText = z
  .string({ error: PICTURE_MESSAGES.altRequired })
  .transform((value) => value.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, PICTURE_MESSAGES.altRequired).max(ALT_MAX_LENGTH, PICTURE_MESSAGES.altTooLong));

const pictureId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number);

/**
 * The pictures' forms: upload (file and alt text), move a picture up, down or first (the main picture), correct its
 * alt text, delete one.
 */
export const PictureActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), file: pictureFile, alt: altText }),
  z.object({ intent: z.literal("move"), pictureId, direction: z.enum(["up", "down", "first"]) }),
  z.object({ intent: z.literal("alt"), pictureId, alt: altText }),
  z.object({ intent: z.literal("delete"), pictureId }),
]);

/** The upload form alone, for the browser's check before it sends the file. */
export const PictureUploadSchema = PictureActionSchema.options[0];

/** The alt text form of one picture, for the browser's check. */
export const PictureAltSchema = PictureActionSchema.options[2];
