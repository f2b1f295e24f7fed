import { type FormRateLimits, limitFormSubmission } from "../platform/rate-limit.server";
import type { Services } from "../platform/services.server";

const HOUR_MS = 3_600_000;

/** Per sender address, and per client address (shared networks get more room). */
export const PUBLIC_FORM_RATE_LIMITS = {
  perEmail: { limit: 5, windowMs: HOUR_MS },
  perIp: { limit: 20, windowMs: HOUR_MS },
} as const satisfies FormRateLimits;

export type PublicFormServices = Pick<Services, "db" | "env" | "mail" | "logger">;
/** When the form was sent, and from which client address. */
export type PublicFormContext = { now: Date; clientIp?: string };

export type PublicFormRefusal = { status: "rate-limited"; retryAfterSeconds: number } | { status: "failed" };

/**
 * A public form's use-case around `store` (which writes and queues its mail in one transaction): the rate limits
 * (the same for every public form) first, then the store, then the mail worker is woken. A database error is
 * logged and answered `failed`.
 */
export async function submitPublicForm<T>(
  services: Pick<Services, "db" | "mail" | "logger">,
  form: { name: string; email: string; failure: string },
  options: PublicFormContext,
  store: () => Promise<T>,
): Promise<T | PublicFormRefusal> {
  try {
    const limit = await limitFormSubmission(services.db, form.name, PUBLIC_FORM_RATE_LIMITS, {
      email: form.email,
      clientIp: options.clientIp,
      now: options.now,
    });
    if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
    const outcome = await store();
    services.mail.kick();
    return outcome;
  } catch (error) {
    services.logger.error({ err: error }, form.failure);
    return { status: "failed" };
  }
}
