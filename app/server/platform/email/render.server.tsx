import { render } from "@react-email/render";
import { compiledRenderer } from "./compiled.server";
import { type EmailContent, emailText } from "./content";
import { PaddockEmail } from "./layout";

/** The layout rendered by React (react-email), for one message or, once per shape, for the compiled templates. */
export const renderWithReact = (content: EmailContent) => render(<PaddockEmail content={content} />);

/** The HTML part: React's output, rendered once per shape of message and reused (compiled.server.ts, ADR 043). */
const renderHtml = compiledRenderer(renderWithReact);

/** Both parts of a message from one content: HTML as react-email renders it, plain text from the same blocks. */
export async function renderEmail(content: EmailContent): Promise<{ html: string; text: string }> {
  const html = await renderHtml(content);
  return { html, text: emailText(content) };
}
