import sharp from "sharp";

/** A plain photo-sized JPEG (1800×1125, warm brown) to upload as a competition picture. */
export async function photoJpeg() {
  const pixels = sharp({ create: { width: 1800, height: 1125, channels: 3, background: { r: 120, g: 70, b: 30 } } });
  return pixels.jpeg().toBuffer();
}
