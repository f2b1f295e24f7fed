import sharp from "sharp";

/** A plain photo-sized JPEG (1800×1125, warm brown) to upload as a competition picture. */
export async function photoJpeg() {
  const pixels = sharp({ create: { width: 1800, height: 1125, channels: 3, background: { r: 120, g: 70, b: 30 } } });
  return pixels.jpeg().toBuffer();
}

/** A camera-sized JPEG (1600×1000 of noise, so it compresses as little as a photo): about 850 KB. */
export async function grainyJpeg() {
  const noise = { type: "gaussian" as const, mean: 128, sigma: 40 };
  const background = { r: 0, g: 0, b: 0 };
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background, noise } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
