// Competition pictures: which uploads are accepted, which sizes are made of them and how they are named. Pure.

/** The largest picture accepted, in bytes. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the rest of the multipart body (alt text, field names, boundaries) on top of the picture itself. */
export const PICTURE_BODY_MAX_BYTES = PICTURE_MAX_BYTES + 64 * 1024;
/** Decoding bigger images could exhaust memory (a small file can declare a huge canvas). */
export const PICTURE_MAX_PIXELS = 50_000_000;

export const PICTURE_TYPES = ["jpeg", "png", "webp"] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

/** File extension and MIME type of each stored format. */
export const FORMAT_FILES = {
  jpeg: { extension: "jpg", mime: "image/jpeg" },
  png: { extension: "png", mime: "image/png" },
  webp: { extension: "webp", mime: "image/webp" },
  avif: { extension: "avif", mime: "image/avif" },
} as const;
export type StoredFormat = keyof typeof FORMAT_FILES;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * What the bytes are, from their signature alone (never the file's name or the browser's type): JPEG starts
 * FF D8 FF, PNG with its 8-byte signature, WebP is a RIFF container whose form type is "WEBP". Anything else: null.
 */
export function sniffPictureType(bytes: Uint8Array): PictureType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/** Widths of the responsive variants, each made in AVIF and WebP. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/**
 * The widths to make of a picture `width` pixels wide: each standard width it is wider than, and its own width up to
 * the largest standard one. Never wider than the picture: upscaling adds bytes and no detail.
 */
export function variantWidths(width: number): number[] {
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] as number;
  const own = Math.min(Math.floor(width), largest);
  if (own < 1) return [];
  return [...VARIANT_WIDTHS.filter((w) => w < own), own];
}

/** A stored file's name: the SHA-256 of its bytes in hex, and its format's extension. */
const MEDIA_KEY = /^[0-9a-f]{64}\.(?:avif|webp|jpg|png)$/;
export const isMediaKey = (key: string) => MEDIA_KEY.test(key);

export const mediaKey = (sha256Hex: string, format: StoredFormat) => `${sha256Hex}.${FORMAT_FILES[format].extension}`;

/** Where a stored picture is served: immutable, since its name is its content. */
export const mediaUrl = (key: string) => `/media/${key}`;

export type PictureVariant = { format: VariantFormat; width: number; key: string };

/** A picture as public pages show it. */
export type PublicPicture = {
  alt: string;
  width: number;
  height: number;
  /** The upload re-encoded without its metadata, in its own format: the fallback for browsers without srcset. */
  originalKey: string;
  variants: PictureVariant[];
};

/** `srcset` for one format: "/media/…avif 480w, /media/…avif 960w". */
export function srcSet(variants: readonly PictureVariant[], format: VariantFormat): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaUrl(v.key)} ${v.width}w`)
    .join(", ");
}

/** The largest variant of a format, or undefined. */
export function largestVariant(variants: readonly PictureVariant[], format: VariantFormat) {
  return variants.filter((v) => v.format === format).sort((a, b) => b.width - a.width)[0];
}
