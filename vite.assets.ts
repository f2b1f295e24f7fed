// How Vite treats imported files, shared by the app's build (vite.config.ts) and the tests (vitest*.config.ts).

/**
 * Our own pictures (the favicon, the demo artwork) stay files with content-hashed names, cached for a year, never
 * data URLs: a picture's address is stored with a competition, and the favicon is one request cached across pages.
 */
export const assetsInlineLimit = (file: string) => (file.includes("/app/assets/") ? false : undefined);
