import type { Request, Response } from "express";
import { isPublishedStatus } from "~/db/constants";
import { COMPETITIONS_PAGE_SIZE, MAX_LIST_PAGE } from "~/schemas/competition-query";
import { liveCompetitionCounts } from "~/server/catalogue/competitions.server";
import type { CompetitionChange } from "~/server/platform/realtime.server";
import type { Services } from "~/server/platform/services.server";
import { type StreamLimiter, streamLimiter } from "./limits";
import { servicesFor } from "./request-log";

const HEARTBEAT_MS = 25_000;
/** A page watches at most the cards the list can show; more ids than that is not a page of ours. */
const MAX_IDS = MAX_LIST_PAGE * COMPETITIONS_PAGE_SIZE;

/**
 * Server-Sent Events stream of competition changes. `?ids=1,2,3` narrows it to the competitions on screen.
 * The first events are the current counts of those competitions, so a page served from a CDN cache (or
 * one that was disconnected for a while) catches up at once; then every change NOTIFYed by the database.
 * The browser's EventSource reconnects by itself; `retry` sets its first delay.
 */
export function competitionEvents(
  services: Services,
  limits = { perClient: services.env.LIVE_STREAMS_PER_CLIENT, total: services.env.LIVE_STREAMS_TOTAL },
  streams: StreamLimiter = streamLimiter(limits),
) {
  return async (req: Request, res: Response) => {
    if (!streams.admit(req, res)) return;
    const ids = [
      ...new Set(
        String(req.query.ids ?? "")
          .split(",")
          .map((s) => Number.parseInt(s, 10))
          .filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647),
      ),
    ].slice(0, MAX_IDS);
    const wanted = new Set(ids);
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 1000\n\n");
    const send = (change: CompetitionChange) => {
      if (res.writableEnded || res.destroyed) return;
      // Only the public numbers: the notification payload is rebuilt, never forwarded as it came.
      const { id, ticketsSold, totalTickets, status } = change;
      res.write(`event: competition\ndata: ${JSON.stringify({ id, ticketsSold, totalTickets, status })}\n\n`);
    };
    // Changes that arrive while the current counts are read wait, so they are never overwritten by older counts.
    let pending: CompetitionChange[] | null = [];
    const unsubscribe = services.realtime.subscribe((change) => {
      if (!isPublishedStatus(change.status)) return;
      if (wanted.size > 0 && !wanted.has(change.id)) return;
      if (pending) pending.push(change);
      else send(change);
    });
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
    req.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    try {
      for (const current of await liveCompetitionCounts(services.db, ids)) send(current);
    } catch (error) {
      servicesFor(services, res).logger.warn({ err: error }, "could not read current competition counts for a stream");
    }
    const waiting = pending;
    pending = null;
    for (const change of waiting) send(change);
  };
}
