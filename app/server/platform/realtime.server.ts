import { EventEmitter } from "node:events";
import type { DatabaseHandle } from "./db.server";
import type { Logger } from "./logger.server";
import { NOTIFICATION_CHANNEL } from "./notifications.server";

export type CompetitionChange = { id: number; ticketsSold: number; totalTickets: number; status: string };

const COMPETITION_CHANNEL = "competition_changed";

/**
 * One LISTEN per process, fanned out in memory to every open SSE stream. NOTIFY comes from a trigger,
 * so sales made by any process (or by hand in SQL) reach every browser.
 */
export class Realtime {
  private emitter = new EventEmitter();
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly logger: Logger,
  ) {
    this.emitter.setMaxListeners(0);
  }

  private unlistenNotifications?: () => Promise<void>;

  async start() {
    this.unlisten = await this.handle.listen(COMPETITION_CHANNEL, (payload) => {
      try {
        this.emitter.emit("competition", JSON.parse(payload) as CompetitionChange);
      } catch (error) {
        this.logger.warn({ err: error, payload }, "bad competition notification");
      }
    });
    // The payload is the owner's user id: each stream re-reads its own person's count, so nothing else travels.
    this.unlistenNotifications = await this.handle.listen(NOTIFICATION_CHANNEL, (userId) => {
      this.emitter.emit("notifications", userId);
    });
  }

  subscribe(listener: (change: CompetitionChange) => void) {
    this.emitter.on("competition", listener);
    return () => this.emitter.off("competition", listener);
  }

  /** Calls `listener` whenever this person's notifications change, in any process. */
  subscribeNotifications(userId: string, listener: () => void) {
    const onChange = (changed: string) => {
      if (changed === userId) listener();
    };
    this.emitter.on("notifications", onChange);
    return () => this.emitter.off("notifications", onChange);
  }

  async stop() {
    await this.unlisten?.();
    await this.unlistenNotifications?.();
  }
}
