// Each component from its own package: the @react-email/components barrel also loads Tailwind, Markdown and the
// code block's Prism at start-up (about half a second), none of which the e-mails use.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { type EmailBlock, type EmailContent, footerLines } from "./content";

// Paddock's look in mail: the site's light palette (app.css), inline styles because mail clients drop <style>.
const COLORS = { background: "#faf8f5", card: "#ffffff", text: "#1c1917", muted: "#57534e", primary: "#7c2d12" };
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

// A 64-character hash or a long address has no break opportunity; without these a phone's mail app widens the
// message past the screen.
const wrap = { overflowWrap: "anywhere" as const, wordBreak: "break-word" as const };

const styles = {
  body: { backgroundColor: COLORS.background, color: COLORS.text, fontFamily: FONT, margin: 0, padding: "24px 0" },
  container: { backgroundColor: COLORS.card, borderRadius: "8px", maxWidth: "560px", padding: "32px" },
  brand: { color: COLORS.primary, fontSize: "22px", fontWeight: 700, margin: "0 0 24px" },
  text: { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", whiteSpace: "pre-line" as const, ...wrap },
  detailsTitle: { fontSize: "16px", fontWeight: 600, lineHeight: "24px", margin: "0" },
  detailsLine: { fontSize: "15px", lineHeight: "22px", margin: "0 0 0 16px", ...wrap },
  quote: {
    borderLeft: `4px solid ${COLORS.primary}`,
    color: COLORS.muted,
    fontSize: "15px",
    lineHeight: "22px",
    margin: "0 0 16px",
    paddingLeft: "12px",
  },
  button: {
    backgroundColor: COLORS.primary,
    borderRadius: "6px",
    color: "#ffffff",
    fontSize: "16px",
    fontWeight: 600,
    padding: "12px 20px",
    textDecoration: "none",
  },
  hr: { borderColor: "#e7e5e4", margin: "24px 0 16px" },
  footer: { color: COLORS.muted, fontSize: "12px", lineHeight: "18px", margin: "0 0 8px", ...wrap },
};

function Block({ block }: { block: EmailBlock }) {
  switch (block.type) {
    case "action":
      return (
        <Section style={{ margin: "8px 0 24px" }}>
          <Button href={block.url} style={styles.button}>
            {block.label}
          </Button>
          <Text style={{ ...styles.footer, margin: "12px 0 0", wordBreak: "break-all" }}>{block.url}</Text>
        </Section>
      );
    case "details":
      return (
        <Section style={{ margin: "0 0 16px" }}>
          {block.title ? <Text style={styles.detailsTitle}>{block.title}</Text> : null}
          {block.lines.map((line) => (
            <Text key={line} style={styles.detailsLine}>
              {line}
            </Text>
          ))}
        </Section>
      );
    case "quote":
      return <Text style={styles.quote}>“{block.text}”</Text>;
    case "links":
      return (
        <Section style={{ margin: "0 0 16px" }}>
          {block.title ? <Text style={styles.detailsTitle}>{block.title}</Text> : null}
          {block.links.map((link) => (
            <Text key={link.url} style={styles.detailsLine}>
              <Link href={link.url} style={{ color: COLORS.primary }}>
                {link.label}
              </Link>
            </Text>
          ))}
        </Section>
      );
    default:
      return <Text style={styles.text}>{block.text}</Text>;
  }
}

/** Every Paddock e-mail's HTML part: the brand, the blocks, then the legal footer. */
export function PaddockEmail({ content }: { content: EmailContent }) {
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>Paddock</Text>
          {content.blocks.map((block, i) => (
            // Blocks are fixed for a message; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Block key={i} block={block} />
          ))}
          <Hr style={styles.hr} />
          {footerLines(content.footer).map((line) =>
            content.footer.kind === "marketing" && line.endsWith(content.footer.unsubscribeUrl) ? (
              <Text key={line} style={styles.footer}>
                <Link href={content.footer.unsubscribeUrl} style={{ color: COLORS.primary }}>
                  Unsubscribe with one click
                </Link>
              </Text>
            ) : (
              <Text key={line} style={styles.footer}>
                {line}
              </Text>
            ),
          )}
        </Container>
      </Body>
    </Html>
  );
}
