import type { Request, Response } from "express";
import type { Services } from "~/server/services.server";

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events stream of competition changes. `?ids=1,2,3` narrows it to the competitions on screen.
 * The browser's EventSource reconnects by itself; `retry` sets its first delay.
 */
export function competitionEvents(services: Services) {
  return (req: Request, res: Response) => {
    const ids = new Set(
      String(req.query.ids ?? "")
        .split(",")
        .map((s) => Number.parseInt(s, 10))
        .filter((n) => Number.isInteger(n) && n > 0),
    );
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 1000\n\n");
    const unsubscribe = services.realtime.subscribe((change) => {
      if (ids.size > 0 && !ids.has(change.id)) return;
      res.write(`event: competition\ndata: ${JSON.stringify(change)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
    req.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  };
}
