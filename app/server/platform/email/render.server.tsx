import { render } from "@react-email/render";
import { type EmailContent, emailText } from "./content";
import { PaddockEmail } from "./layout";

/** Both parts of a message from one content: HTML through react-email, plain text from the same blocks. */
export async function renderEmail(content: EmailContent): Promise<{ html: string; text: string }> {
  const html = await render(<PaddockEmail content={content} />);
  return { html, text: emailText(content) };
}
