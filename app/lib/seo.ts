/** One place that shapes page meta, so every page has its own title and description. */
export const SITE_NAME = "Paddock";

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
