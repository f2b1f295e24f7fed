import { fromNodeHeaders } from "better-auth/node";
import type { Request, Response } from "express";
import { unreadCount } from "~/server/accounts/notifications.server";
import { findSession } from "~/server/platform/auth.server";
import type { Services } from "~/server/platform/services.server";
import { type StreamLimiter, streamLimiter } from "./limits";
import { servicesFor } from "./request-log";

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events stream of the signed-in person's unread notification count: the current count first, then the
 * count again whenever their notifications change in any process (the database NOTIFYs the owner's id). Only the
 * number travels; the list is read from /account/notifications. Signed out: 401, and the browser stops asking.
 */
export function notificationEvents(
  services: Services,
  limits = { perClient: services.env.LIVE_STREAMS_PER_CLIENT, total: services.env.LIVE_STREAMS_TOTAL },
  streams: StreamLimiter = streamLimiter(limits),
) {
  return async (req: Request, res: Response) => {
    const session = await findSession(services.auth, fromNodeHeaders(req.headers));
    if (!session) {
      res.status(401).type("text/plain; charset=utf-8").send("Sign in to see your notifications.");
      return;
    }
    if (!streams.admit(req, res)) return;
    const userId = session.user.id;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 1000\n\n");
    // Counts are read one at a time and the latest read is the one sent, so a slow read never overwrites a newer one.
    let reading = false;
    let again = false;
    const sendCount = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const unread = await unreadCount(services.db, userId, services.now());
          if (res.writableEnded || res.destroyed) return;
          res.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
        } while (again);
      } catch (error) {
        servicesFor(services, res).logger.warn({ err: error }, "could not read a notification count for a stream");
      } finally {
        reading = false;
      }
    };
    const unsubscribe = services.realtime.subscribeNotifications(userId, () => void sendCount());
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
    req.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    await sendCount();
  };
}
