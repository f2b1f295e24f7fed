import { EventEmitter } from "node:events";
import type { DatabaseHandle } from "./db.server";
import type { Logger } from "./logger.server";

export type CompetitionChange = { id: number; ticketsSold: number; totalTickets: number; status: string };

export const COMPETITION_CHANNEL = "competition_changed";

/**
 * One LISTEN per process, fanned out in memory to every open SSE stream. NOTIFY comes from a trigger,
 * so sales made by any process (or by hand in SQL) reach every browser.
 */
export class Realtime {
  private emitter = new EventEmitter();
  private unlisten?: () => Promise<void>;

  constructor(private readonly handle: DatabaseHandle, private readonly logger: Logger) {
    this.emitter.setMaxListeners(0);
  }

  async start() {
    this.unlisten = await this.handle.listen(COMPETITION_CHANNEL, (payload) => {
      try {
        this.emitter.emit("competition", JSON.parse(payload) as CompetitionChange);
      } catch (error) {
        this.logger.warn({ err: error, payload }, "bad competition notification");
      }
    });
  }

  subscribe(listener: (change: CompetitionChange) => void) {
    this.emitter.on("competition", listener);
    return () => this.emitter.off("competition", listener);
  }

  async stop() {
    await this.unlisten?.();
  }
}
