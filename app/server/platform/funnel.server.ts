import { createHmac } from "node:crypto";
import type { FunnelStage } from "~/db/constants";
import { funnelEvents } from "~/db/schema";
import type { Services } from "./services.server";

/**
 * The checkout funnel (viewed, answered, checkout started, paid), counted once per visitor, competition and step.
 * A visitor is known only by a salted SHA-256 of an id we already hold (the account, the session or the client
 * address), so the table holds no personal data. Counting is best effort: it never breaks the page it counts.
 */

type FunnelVisitor = { userId?: string | null; sessionToken?: string | null; clientAddress?: string | null };

/** Which id stands for the visitor: the account when known (the paid step has no session), then the session. */
function visitorId(visitor: FunnelVisitor): string | null {
  if (visitor.userId) return `user:${visitor.userId}`;
  if (visitor.sessionToken) return `session:${visitor.sessionToken}`;
  if (visitor.clientAddress) return `address:${visitor.clientAddress}`;
  return null;
}

/** The visitor's salted key (also written by fulfilment's one receipt statement). */
export function funnelVisitorKey(secret: string, visitor: FunnelVisitor): string | null {
  const id = visitorId(visitor);
  if (!id) return null;
  return createHmac("sha256", `paddock-funnel:${secret}`).update(id).digest("base64url");
}

export async function recordFunnel(
  services: Pick<Services, "db" | "env" | "logger">,
  stages: readonly FunnelStage[],
  competitionIds: readonly number[],
  visitor: FunnelVisitor,
): Promise<void> {
  const visitorKey = funnelVisitorKey(services.env.AUTH_SECRET, visitor);
  if (!visitorKey || stages.length === 0 || competitionIds.length === 0) return;
  try {
    await services.db
      .insert(funnelEvents)
      .values(competitionIds.flatMap((competitionId) => stages.map((stage) => ({ competitionId, stage, visitorKey }))))
      .onConflictDoNothing();
  } catch (error) {
    services.logger.warn({ err: error, stages, competitionIds }, "could not record a checkout funnel step");
  }
}
