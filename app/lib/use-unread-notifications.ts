import { useEffect, useState } from "react";
import { openEventStream } from "./use-live-competitions";

const NOTIFICATION_EVENTS_PATH = "/api/notifications/events";

/**
 * The signed-in person's unread notification count, live: starts from the count the page loaded with, then follows
 * the server's stream, which sends the count at once and again on every change (reconnecting with the spec's
 * back-off).
 */
export function useUnreadNotifications(initial: number, signedIn: boolean): number {
  const [unread, setUnread] = useState(initial);
  useEffect(() => setUnread(initial), [initial]);
  useEffect(() => {
    if (!signedIn || typeof EventSource === "undefined") return;
    return openEventStream(NOTIFICATION_EVENTS_PATH, "unread", (event) => {
      try {
        const value = (JSON.parse(event.data) as { unread?: unknown }).unread;
        if (typeof value === "number" && Number.isInteger(value) && value >= 0) setUnread(value);
      } catch {
        // Not a count: ignored.
      }
    });
  }, [signedIn]);
  return unread;
}
