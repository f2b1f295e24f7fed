import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import {
  FORMAT_FILES,
  mediaKey,
  PICTURE_MAX_PIXELS,
  type PictureType,
  type PictureVariant,
  type PublicPicture,
  type StoredFormat,
  sniffPictureType,
  VARIANT_FORMATS,
  variantWidths,
} from "~/domain/pictures";

/** One file to store: its content-hashed key, type and bytes. */
type ProcessedFile = { key: string; contentType: string; bytes: Buffer };

type ProcessedPicture = Pick<PublicPicture, "width" | "height"> & {
  type: PictureType;
  original: ProcessedFile;
  variants: (ProcessedFile & Omit<PictureVariant, "key">)[];
};

export type PictureRefusal = "wrong-type" | "too-many-pixels" | "unreadable";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function stored(format: StoredFormat, bytes: Buffer): ProcessedFile {
  return { key: mediaKey(sha256(bytes), format), contentType: FORMAT_FILES[format].mime, bytes };
}

/** Encoders per output format: the re-encoded original keeps its own format; variants are AVIF and WebP. */
function encode(image: Sharp, format: StoredFormat): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: 86, mozjpeg: true });
    case "png":
      return image.png({ compressionLevel: 8 });
    case "webp":
      return image.webp({ quality: 80 });
    case "avif":
      // Effort 2 of 9: a fraction of the default's encoding time for a few per cent more bytes.
      return image.avif({ quality: 55, effort: 2 });
  }
}

/**
 * Checks an upload and makes what is stored of it. The type comes from the bytes' signature and must be what sharp
 * finds when it reads them; the name and the browser's type are never asked. Every output is re-encoded from the
 * decoded pixels, turned upright first, so no EXIF, GPS or other metadata survives.
 */
export async function processPicture(bytes: Uint8Array): Promise<ProcessedPicture | { refused: PictureRefusal }> {
  const type = sniffPictureType(bytes);
  if (!type) return { refused: "wrong-type" };
  const input = () => sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: "error" });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch {
    return { refused: "unreadable" };
  }
  if (metadata.format !== type) return { refused: "wrong-type" };
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > PICTURE_MAX_PIXELS) return { refused: "too-many-pixels" };
  try {
    const upright = input().autoOrient();
    const original = await encode(upright.clone(), type).toBuffer({ resolveWithObject: true });
    const { width, height } = original.info;
    const jobs = variantWidths(width).flatMap((w) =>
      VARIANT_FORMATS.map(async (format) => {
        const out = await encode(upright.clone().resize({ width: w, withoutEnlargement: true }), format).toBuffer();
        return { ...stored(format, out), format, width: w };
      }),
    );
    return { type, width, height, original: stored(type, original.data), variants: await Promise.all(jobs) };
  } catch {
    return { refused: "unreadable" };
  }
}
