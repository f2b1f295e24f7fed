import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isMediaKey,
  largestVariant,
  mediaKey,
  type PictureVariant,
  sniffPictureType,
  srcSet,
  VARIANT_WIDTHS,
  variantWidths,
} from "./pictures";

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe("sniffPictureType", () => {
  it.each([
    ["JPEG (JFIF)", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii("JFIF")), "jpeg"],
    ["JPEG (Exif)", bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34, ...ascii("Exif")), "jpeg"],
    ["PNG", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), "png"],
    ["WebP", bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 ")), "webp"],
  ] as const)("knows %s by its signature", (_name, input, expected) => {
    expect(sniffPictureType(input)).toBe(expected);
  });

  it.each([
    ["empty", bytes()],
    ["text", Uint8Array.from(Buffer.from("hello, this is not a picture"))],
    ["a cut-off JPEG signature", bytes(0xff, 0xd8)],
    ["a PNG signature with one byte wrong", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b)],
    ["a RIFF file that is audio, not WebP", bytes(...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WAVEfmt "))],
    ["GIF", bytes(...ascii("GIF89a"), 1, 0, 1, 0)],
    ["SVG", Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
    ["AVIF (not accepted as an upload)", bytes(0, 0, 0, 0x1c, ...ascii("ftypavif"))],
  ])("refuses %s", (_name, input) => {
    expect(sniffPictureType(input)).toBeNull();
  });

  it("never throws, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (input) => {
        expect([null, "jpeg", "png", "webp"]).toContain(sniffPictureType(input));
      }),
    );
  });
});

describe("variantWidths", () => {
  it.each([
    [4000, [480, 960, 1600]],
    [1600, [480, 960, 1600]],
    [1601, [480, 960, 1600]],
    [1200, [480, 960, 1200]],
    [960, [480, 960]],
    [961, [480, 960, 961]],
    [480, [480]],
    [300, [300]],
    [1, [1]],
    [0, []],
  ])("a picture %i px wide gets %j", (width, expected) => {
    expect(variantWidths(width)).toEqual(expected);
  });

  it("never upscales, ascends, and always includes the picture's own width up to the largest", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (width) => {
        const widths = variantWidths(width);
        expect(widths.every((w) => w <= width)).toBe(true);
        expect([...widths].sort((a, b) => a - b)).toEqual(widths);
        expect(new Set(widths).size).toBe(widths.length);
        expect(widths.at(-1)).toBe(Math.min(width, VARIANT_WIDTHS.at(-1) as number));
      }),
    );
  });
});

describe("media keys", () => {
  const hash = "a".repeat(64);

  it("names a file by its hash and its format's extension", () => {
    expect(mediaKey(hash, "jpeg")).toBe(`${hash}.jpg`);
    expect(mediaKey(hash, "avif")).toBe(`${hash}.avif`);
    expect(isMediaKey(mediaKey(hash, "webp"))).toBe(true);
    expect(isMediaKey(mediaKey(hash, "png"))).toBe(true);
  });

  it.each([
    ["a path", `../${hash}.png`],
    ["a folder", `uploads/${hash}.png`],
    ["an encoded slash", `${hash}%2F.png`],
    ["upper-case hex", `${"A".repeat(64)}.png`],
    ["a short hash", `${"a".repeat(63)}.png`],
    ["a long hash", `${"a".repeat(65)}.png`],
    ["another extension", `${hash}.svg`],
    ["two extensions", `${hash}.png.html`],
    ["a trailing newline", `${hash}.png\n`],
    ["a share card", `share-cards/${hash}.png`],
    ["nothing", ""],
  ])("refuses %s", (_name, key) => {
    expect(isMediaKey(key)).toBe(false);
  });
});

describe("srcSet", () => {
  const variants: PictureVariant[] = [
    { format: "webp", width: 960, key: "b.webp" },
    { format: "avif", width: 960, key: "b.avif" },
    { format: "webp", width: 480, key: "a.webp" },
    { format: "avif", width: 480, key: "a.avif" },
  ];

  it("lists one format's variants, narrowest first, with their widths", () => {
    expect(srcSet(variants, "avif")).toBe("/media/a.avif 480w, /media/b.avif 960w");
    expect(srcSet(variants, "webp")).toBe("/media/a.webp 480w, /media/b.webp 960w");
  });

  it("finds the largest variant of a format", () => {
    expect(largestVariant(variants, "webp")?.key).toBe("b.webp");
    expect(largestVariant([], "webp")).toBeUndefined();
  });
});
