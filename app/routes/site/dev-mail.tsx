import { data, Link } from "react-router";
import { textLinkClass } from "~/components/rich-text";
import { MAIL_VIEWER_PATH } from "~/domain/mail-message";
import { privatePageMeta } from "~/lib/seo";
import { servicesContext } from "~/server/platform/context";
import { listMail, mailViewerEnabled } from "~/server/platform/mail-viewer.server";
import type { Route } from "./+types/dev-mail";

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  if (!mailViewerEnabled(env)) throw data(null, { status: 404 });
  return { messages: await listMail(env), smtp: Boolean(env.SMTP_URL), folder: `${env.DATA_DIR}/mail` };
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta("Mail viewer", "The e-mail this development copy of Paddock has written.");

export default function DevMailPage({ loaderData: { messages, smtp, folder } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Mail viewer</h1>
      <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">
        {smtp
          ? "Mail is sent by SMTP (SMTP_URL), so none is kept here."
          : `Every message this copy of Paddock has sent, newest first, read from ${folder}. For development only.`}
      </p>
      {messages.length === 0 ? (
        <p className="mt-8">No messages yet.</p>
      ) : (
        <ul className="mt-8 divide-y divide-border rounded-md border border-border" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.file} className="p-4">
              <Link to={`${MAIL_VIEWER_PATH}/${message.file}`} className={`${textLinkClass} font-semibold`}>
                {message.subject || "(no subject)"}
              </Link>
              <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">
                To {message.to} · {message.date}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
