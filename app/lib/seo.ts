/** One place that shapes page meta, so every page has its own title and description. */
export const SITE_NAME = "Paddock";

/** The meta of a page whose title and description are content (app/content/pages.ts, the legal documents). */
export function metaFor(page: { title: string; description: string }, extra: Array<Record<string, string>> = []) {
  return pageMeta(page.title, page.description, extra);
}

export function pageMeta(title: string, description: string, extra: Array<Record<string, string>> = []) {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    ...extra,
  ];
}

/** The meta of a page that is someone's own (checkout, payment results, account settings): not for search engines. */
export function privatePageMeta(title: string, description: string) {
  return pageMeta(title, description, [{ name: "robots", content: "noindex" }]);
}
