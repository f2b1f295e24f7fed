// The site's own competition artwork (the demo's SVG pictures in app/assets/competitions): served by the build with
// content-hashed names under /assets/, cached for a year, like every other built file. Older data names a picture
// by its first address, /images/competitions/<name>.svg: that address redirects to the current one.
import path from "node:path";

const FOLDER = "app/assets/competitions";
const LEGACY_PREFIX = "/images/competitions/";

/** File name → the address the build gives it (its name with a hash of its content, in production). */
const URLS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>("../../assets/competitions/*.svg", {
      query: "?url",
      import: "default",
      eager: true,
    }),
  ).map(([file, url]) => [path.basename(file), url]),
);
const FILES_BY_URL = new Map(Object.entries(URLS).map(([file, url]) => [url, file]));

/** The served address of an artwork file ("rug-bundle.svg"); throws for a file that is not there. */
export function artworkUrl(fileName: string): string {
  const url = URLS[fileName];
  if (!url) throw new Error(`No competition artwork named ${fileName}`);
  return url;
}

/** The current address for an old /images/competitions/<name>.svg one, or undefined when there is no such picture. */
export function currentArtworkUrl(legacyPath: string): string | undefined {
  return legacyPath.startsWith(LEGACY_PREFIX) ? URLS[legacyPath.slice(LEGACY_PREFIX.length)] : undefined;
}

/** The file behind an artwork address, current or old (for drawing a share card), or undefined for any other. */
export function artworkFile(url: string): string | undefined {
  const name = FILES_BY_URL.get(url) ?? (currentArtworkUrl(url) ? url.slice(LEGACY_PREFIX.length) : undefined);
  return name ? path.resolve(FOLDER, name) : undefined;
}
