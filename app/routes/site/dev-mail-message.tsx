import { data, Link } from "react-router";
import { textLinkClass } from "~/components/rich-text";
import { linkify, MAIL_VIEWER_PATH } from "~/domain/mail-message";
import { privatePageMeta } from "~/lib/seo";
import { servicesContext } from "~/server/platform/context";
import { mailViewerEnabled, readMail } from "~/server/platform/mail-viewer.server";
import type { Route } from "./+types/dev-mail-message";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  if (!mailViewerEnabled(env)) throw data(null, { status: 404 });
  const message = await readMail(env, params.file);
  if (!message) throw data(null, { status: 404 });
  // The HTML part is not rendered: its links, and the rest of it, are in the text part every message has.
  const { html: _html, ...shown } = message;
  return shown;
}

export const meta: Route.MetaFunction = ({ data: message }) =>
  privatePageMeta(message?.subject || "Message", "A message in the development mail viewer.");

export default function DevMailMessagePage({ loaderData: message }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <p>
        <Link to={MAIL_VIEWER_PATH} className={textLinkClass}>
          All messages
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
        {message.subject || "(no subject)"}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">From</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">{message.from}</dd>
        <dt className="text-muted-foreground">To</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">{message.to}</dd>
        <dt className="text-muted-foreground">Date</dt>
        <dd>{message.date}</dd>
      </dl>
      <div
        className={
          "mt-6 whitespace-pre-wrap rounded-md border border-border bg-card p-4 text-card-foreground " +
          "[overflow-wrap:anywhere]"
        }
      >
        {message.text === null
          ? "This message has no plain-text part."
          : linkify(message.text).map((piece, index) =>
              piece.kind === "link" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, never reordered
                <a key={index} href={piece.href} className={textLinkClass}>
                  {piece.href}
                </a>
              ) : (
                piece.text
              ),
            )}
      </div>
    </div>
  );
}
