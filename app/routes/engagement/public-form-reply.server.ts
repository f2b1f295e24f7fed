import type { AnySubmission, FormNotice } from "~/schemas/form";
import type { PublicFormContext, PublicFormRefusal } from "~/server/engagement/public-form.server";
import { formReply } from "~/server/platform/form-action.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import type { Services } from "~/server/platform/services.server";

/** When a public form was sent, and from where (the socket, or a trusted proxy's word), for its rate limits. */
export function publicFormContext(services: Services, request: Request): PublicFormContext {
  return { now: services.now(), clientIp: clientIp(request, services.env.TRUST_PROXY) };
}

/** A public form its use-case refused: 429 with Retry-After when rate-limited, else 500; the page shows the notice. */
export function publicFormRefusal(
  submission: AnySubmission,
  outcome: PublicFormRefusal,
  notices: { rateLimited: FormNotice; failed: FormNotice },
) {
  if (outcome.status === "failed") return formReply(submission, { status: 500, notice: notices.failed });
  const headers = { "Retry-After": String(outcome.retryAfterSeconds) };
  return formReply(submission, { status: 429, notice: notices.rateLimited, headers });
}
