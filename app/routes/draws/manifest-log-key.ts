import { logKeyText } from "~/domain/draw/manifest-log";
import { manifestLogSigner } from "~/server/draws/manifest-log.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/manifest-log-key";

/**
 * The public key the manifest log is signed with (docs/manifest-log-v1.md), at an address that does not change: a
 * verifier checks the log's signature against this key, and anyone may keep a copy to check later logs against.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  return new Response(logKeyText(manifestLogSigner(env).publicKey), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
