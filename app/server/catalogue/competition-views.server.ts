import { isbot } from "isbot";
import { CLIENT_IP_HEADER } from "../platform/auth.server";
import { recordFunnel } from "../platform/funnel.server";
import type { Services } from "../platform/services.server";

const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;.]+)/;

/** The funnel's first step: a person (not a crawler) opened the competition's page. */
export async function recordCompetitionView(services: Services, request: Request, competitionId: number) {
  const agent = request.headers.get("user-agent") ?? "";
  if (!agent || isbot(agent)) return;
  const sessionToken = SESSION_TOKEN.exec(request.headers.get("Cookie") ?? "")?.[1] ?? null;
  await recordFunnel(services, ["viewed"], [competitionId], {
    sessionToken,
    clientAddress: request.headers.get(CLIENT_IP_HEADER),
  });
}

/** How many visitor-and-competition pairs a process remembers before it starts afresh. */
const REMEMBERED_VIEWS = 50_000;

/**
 * Counts views of competition pages served from the page cache (whose render ran for no one): once per visitor and
 * competition per process, in the background, so a crowd on one page costs one insert per visitor, not per request.
 */
export function cachedPageViews(services: Services) {
  const seen = new Set<string>();
  return (visitor: { userAgent?: string; clientAddress?: string }, competitionId: number) => {
    const key = `${competitionId}\n${visitor.clientAddress ?? ""}\n${visitor.userAgent ?? ""}`;
    if (seen.has(key)) return;
    if (seen.size >= REMEMBERED_VIEWS) seen.clear();
    seen.add(key);
    const headers = new Headers();
    if (visitor.userAgent) headers.set("user-agent", visitor.userAgent);
    if (visitor.clientAddress) headers.set(CLIENT_IP_HEADER, visitor.clientAddress);
    void recordCompetitionView(services, new Request("http://page-cache/", { headers }), competitionId);
  };
}
